"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useErrorMessage } from "@/components/forms/use-error-message";
import type { ErrorCode } from "@/lib/errors/codes";
import type { LearnRunDto } from "@/lib/learn/runs/schemas";

/**
 * Why a learn run failed, in the reader's language (messages "errors", by its code with the parameters the run kept);
 * a run from before the parameters were kept, or with a code the messages do not know, tells the English text it kept.
 */
export function useLearnRunErrorText(): (run: LearnRunDto) => string {
  const t = useTranslations("errors");
  const message = useErrorMessage();
  return useCallback(
    (run: LearnRunDto) => {
      const code = run.errorCode ?? "LearnRunFailed";
      return run.errorParameter !== null && t.has(code)
        ? message({ code: code as ErrorCode, params: run.errorParameter })
        : (run.errorMessage ?? code);
    },
    [t, message],
  );
}

/** A failed learn run's reason (docs/decisions.md "Learn runs and export"): its code and its text. */
export function LearnRunError({ run, className }: { run: LearnRunDto; className?: string }) {
  const tp = useTranslations("learnPortal");
  const text = useLearnRunErrorText();
  if (run.state !== "Error") return null;
  return (
    <span className={className} data-testid="run-error-reason">
      <code className="mr-1 rounded bg-muted px-1 py-0.5 font-mono text-xs" title={tp("runErrorCode")}>
        {run.errorCode ?? "LearnRunFailed"}
      </code>
      <span className="wrap-anywhere">{text(run)}</span>
    </span>
  );
}
