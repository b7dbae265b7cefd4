"use client";

import { useCallback, useState } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import type { ErrorEntry } from "@/lib/errors/app-error";
import type { ErrorCode } from "@/lib/errors/codes";
import { entryToMessage } from "@/lib/errors/issues";

export type ServerErrorOptions<T extends FieldValues> = {
  /** codes of the services that belong to a field although they name none (UserAlreadyExists -> name) */
  codes?: Partial<Record<ErrorCode, FieldPath<T>>>;
  /** a field the server names otherwise than the form (alertConfiguration.dateStage1 -> dateStage1) */
  fields?: Record<string, FieldPath<T>>;
};

/**
 * Server answers back onto the form: an error naming a field of the form (`messageParameter.field`, or a
 * code the form maps) shows under that field, the rest as the form's error. No toast: the form shows it.
 */
export function useServerErrors<T extends FieldValues, O = T>(
  form: UseFormReturn<T, unknown, O>,
  options: ServerErrorOptions<T> = {},
) {
  const [formErrors, setFormErrors] = useState<ErrorEntry[]>([]);
  const { codes, fields } = options;

  const showErrors = useCallback(
    (errors: ErrorEntry[]) => {
      const known = new Set(Object.keys(form.getValues()));
      const byField = new Map<FieldPath<T>, string[]>();
      const rest: ErrorEntry[] = [];
      for (const entry of errors) {
        const named = typeof entry.params?.field === "string" ? entry.params.field : undefined;
        const path =
          (named && fields?.[named]) ||
          (named && known.has(named.split(".")[0] ?? "") ? (named as FieldPath<T>) : undefined) ||
          codes?.[entry.code];
        if (path) byField.set(path, [...(byField.get(path) ?? []), entryToMessage(entry)]);
        else rest.push(entry);
      }
      let first = true;
      for (const [path, messages] of byField) {
        form.setError(path, { type: "server", message: messages[0], types: { server: messages } }, { shouldFocus: first });
        first = false;
      }
      setFormErrors(rest);
    },
    [form, codes, fields],
  );

  const clearFormErrors = useCallback(() => setFormErrors([]), []);
  return { formErrors, showErrors, clearFormErrors };
}

/** The password rules of spec foundation §5, which the services answer without a field, under `field`. */
export function passwordRuleFields<P extends string>(field: P) {
  return {
    PasswordEmpty: field,
    NoDigits: field,
    NoLowerChars: field,
    NoUppercaseChars: field,
    NoNonAlphanumericChars: field,
    TooShort: field,
  } satisfies Partial<Record<ErrorCode, P>>;
}
