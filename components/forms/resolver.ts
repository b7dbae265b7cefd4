import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import type { ErrorParams } from "@/lib/errors/app-error";
import { entryToMessage, FORM_ISSUES, issueToEntry } from "@/lib/errors/issues";

/**
 * Every form's resolver (useActionForm): the schema the services use, every issue as its error code with its
 * parameters. zodResolver would hand on the text of an issue a refinement passes on from an inner parse (a scheduler
 * function's configuration: "Too big: expected number to be <=24") and drop the parameters of a custom issue
 * (scheduler_error_cleanAfterTooLow {min}); here each becomes the entry the server would answer, so the message
 * under the field is the same translated sentence.
 */
export function formResolver<Values extends FieldValues, Output = Values>(schema: z.ZodType): Resolver<Values, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { error: FORM_ISSUES.error, reportInput: true });
    if (result.success) return { values: result.data as Output, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const entry = issueToEntry(issue);
      const custom = issue.code === "custom" ? (issue.params as ErrorParams | undefined) : undefined;
      const message = entryToMessage({ code: entry.code, params: { ...entry.params, ...custom } });
      const path = issue.path.map(String).join(".");
      const error = errors[path];
      if (!error) errors[path] = { type: issue.code, message, types: { [issue.code]: message } };
      else {
        const before = error.types?.[issue.code];
        const list = [...(Array.isArray(before) ? before : typeof before === "string" ? [before] : []), message];
        error.types = { ...error.types, [issue.code]: list };
      }
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
