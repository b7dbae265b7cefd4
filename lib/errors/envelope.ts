import type { z } from "zod";
import { AppError, type ErrorEntry, type ErrorParams } from "./app-error";
import { ERROR_CODES, type ErrorCode } from "./codes";
import { issueToEntry } from "./issues";

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

/** Every zod issue becomes an envelope entry with its field and a code (see issueToEntry). */
export function fromZodError(error: z.ZodError): AppError {
  const entries = error.issues.map(issueToEntry);
  return AppError.many(entries.length ? entries : [{ code: "BadRequest" }]);
}

/**
 * The one parse-or-throw of services, server actions and route handlers: what the schema makes of
 * `value`, or an AppError (400) with every issue at once.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}
