"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useServerErrors } from "@/components/forms/use-server-errors";
import { useStatus } from "@/components/shell/status-bar";
import type { ActionResult } from "@/lib/errors/action";

/**
 * A settings form's save: the server action with the form's values, the server's errors under their fields or above
 * the form, the saved text in the status bar and the page read again. `startTransition` is the form's other work
 * (a connection test) sharing the pending state.
 */
export function useSaveForm<T extends FieldValues>(
  form: UseFormReturn<T>,
  save: (values: T) => Promise<ActionResult<unknown>>,
  savedText: string,
) {
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form);
  const onSubmit = form.handleSubmit((v) => {
    clearFormErrors();
    startTransition(async () => {
      const result = await save(v);
      if (!result.ok) return showErrors(result.errors);
      notify("success", savedText);
      router.refresh();
    });
  });
  return { pending, startTransition, onSubmit, formErrors, showErrors };
}
