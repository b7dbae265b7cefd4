"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import { useStatus } from "@/components/shell/status-bar";
import type { ActionResult } from "@/lib/errors/action";
import { formResolver } from "./resolver";
import { type ServerErrorOptions, useServerErrors } from "./use-server-errors";

type Options<Values extends FieldValues, Output> = Omit<UseFormProps<Values, unknown, Output>, "resolver"> &
  ServerErrorOptions<Values> & {
    /** the schema the services use (lib/<area>/schemas.ts): the form shows the messages the server would answer */
    schema: z.ZodType;
  };

/** What a successful save does: the saved text in the status bar, then the page read again (or `goTo` opened). */
type Saved = { saved: string; goTo?: string };

/**
 * The one form hook: react-hook-form with the services' schema (formResolver: every problem of every field at once, in
 * the server's words), the server action's error envelope back onto the fields (useServerErrors: the field it names or
 * the form maps its code to, else above the form), and the save's pending state.
 * - `submit(send, after)` is the form's onSubmit: the checked values to `send` (a server action; one that redirects
 *   answers nothing), its errors onto the form, and after a success `after`: the saved text and a refresh (or a move to
 *   `goTo`), or the form's own reaction.
 * - `run(send, after)` the same for a button beside the form whose input is not the form's (clear a key).
 * - `startTransition` the form's other work (a connection test), sharing the pending state.
 * A form that posts itself (an upload with progress) takes `form`, `showErrors` and `clearFormErrors` alone.
 */
export function useActionForm<Values extends FieldValues, Output = Values>(options: Options<Values, Output>) {
  const { schema, codes, fields, ...props } = options;
  const router = useRouter();
  const { notify } = useStatus();
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, Output>({
    criteriaMode: "all",
    ...props,
    resolver: formResolver<Values, Output>(schema),
  });
  const { formErrors, showErrors, clearFormErrors } = useServerErrors(form, { codes, fields });

  const run = <T>(send: () => Promise<ActionResult<T> | undefined>, after: Saved | ((data: T) => void)) => {
    clearFormErrors();
    startTransition(async () => {
      const result = await send();
      if (result && !result.ok) return showErrors(result.errors);
      if (typeof after === "function") return after(result?.data as T);
      notify("success", after.saved);
      if (after.goTo) router.push(after.goTo);
      router.refresh();
    });
  };

  const submit = <T>(
    send: (values: Output) => Promise<ActionResult<T> | undefined>,
    after: Saved | ((data: T, values: Output) => void),
  ) =>
    form.handleSubmit((values) =>
      run(() => send(values), typeof after === "function" ? (data: T) => after(data, values) : after),
    );

  return { form, pending, startTransition, submit, run, formErrors, showErrors, clearFormErrors };
}
