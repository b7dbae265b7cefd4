import type { z } from "zod";
import { AppError, type ErrorEntry, type ErrorParams } from "./app-error";
import { ERROR_CODES, type ErrorCode, isErrorCode } from "./codes";

export type ErrorEnvelope = {
  errors: { code: ErrorCode; message: string; messageParameter: ErrorParams | null }[];
};

function format(template: string, params?: ErrorParams): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => (params && key in params ? String(params[key]) : `{${key}}`));
}

/** DESIGN.md "One error shape": `{ errors: [{ code, message, messageParameter }] }`. */
export function toEnvelope(entries: ErrorEntry[]): ErrorEnvelope {
  return {
    errors: entries.map(({ code, params }) => ({
      code,
      message: format(ERROR_CODES[code].message, params),
      messageParameter: params ?? null,
    })),
  };
}

/**
 * Zod issues become envelope entries. A schema names its error key as the issue message
 * (`z.string().min(1, "MissingUserName")`); any other issue becomes InvalidField.
 */
export function fromZodError(error: z.ZodError): AppError {
  const entries = error.issues.map((issue): ErrorEntry => {
    const field = issue.path.join(".") || "body";
    if (isErrorCode(issue.message)) return { code: issue.message, params: { field } };
    return { code: "InvalidField", params: { field, reason: issue.message } };
  });
  return AppError.many(entries.length ? entries : [{ code: "BadRequest" }]);
}
