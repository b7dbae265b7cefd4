"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Alert, AlertDescription } from "@/components/ui/alert";
import type { ErrorEntry } from "@/lib/errors/app-error";

type Props = {
  errors: ErrorEntry[];
  /** the area's message of spec operations §8 with its `{error}`, as "namespace.key": "scheduler.scheduler_error_load" */
  message: string;
  testId: string;
  className?: string;
};

/** A page whose read failed (./load.ts loadOrErrors): the area's `*_error_load` with the reasons translated. */
// client-messages: errors (and each caller's namespace of its message="ns.key", which npm run check:messages reads)
export function LoadFailed({ errors, message, testId, className }: Props) {
  const t = useTranslations();
  const text = useErrorMessage();
  return (
    <Alert variant="destructive" className={className} data-testid={testId}>
      <AlertDescription>{t(message, { error: errors.map(text).join(" | ") })}</AlertDescription>
    </Alert>
  );
}
