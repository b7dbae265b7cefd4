import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import type { ErrorParams } from "@/lib/errors/app-error";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors/codes";
import { toEnvelope } from "@/lib/errors/envelope";
import { ZErrorEnvelope } from "@/lib/errors/schemas";
import type { Contract } from "./contract";
import { errorStatusesOf, zodErrorCodes } from "./error-statuses";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Not authenticated",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload too large",
  415: "Unsupported media type",
  500: "Internal error",
  502: "Bad gateway: a service this call depends on failed",
  503: "Service unavailable",
};

/** Plausible values for the placeholders of the catalogue's messages, so each example reads like a real answer. */
const SAMPLE_PARAMS: Record<string, string | number> = {
  field: "name",
  reason: "Too big: expected string to have <=200 characters",
  limit: 1_048_576,
  expected: "application/json",
  method: "DELETE",
  requestId: "3f0c2a9e-8d1b-4c57-9f3e-2b6d7a1c5e40",
  until: "2026-05-04T10:15:00.000Z",
  id: "4711",
  name: "Acme",
  role: "JobCreator",
  min: 6,
  max: 100,
  language: "fr-FR",
  what: "2 system(s)",
  status: 401,
  station: "9b2d6c1e-4f3a-4e8b-a6d5-0c7f1e2b3a4d",
  stationId: "5e8a1f0b-2c3d-4e5f-8a9b-0c1d2e3f4a5b",
  feature: "Pages",
  current: 3,
  sent: 2,
  state: "Processing",
};

function exampleEnvelope(code: ErrorCode) {
  const names = [...ERROR_CODES[code].message.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "");
  const params: ErrorParams | undefined = names.length
    ? Object.fromEntries(names.map((n) => [n, SAMPLE_PARAMS[n] ?? n]))
    : undefined;
  return toEnvelope([{ code, params }]);
}

const TEXT_HEADER = { schema: { type: "string" as const } };

function headersOf(status: number) {
  if (status === 401) {
    return {
      "WWW-Authenticate": { ...TEXT_HEADER, description: 'Bearer error="invalid_token" on a missing, unknown or expired token' },
      "Token-Expired": { ...TEXT_HEADER, description: "true when the token has expired (refresh it)" },
    };
  }
  if (status === 405) return { Allow: { ...TEXT_HEADER, description: "the methods of this path", required: true } };
  return undefined;
}

/**
 * The error answers of a call, one per status its codes have (lib/api/error-statuses.ts): the envelope, the codes
 * in the description and in `x-error-codes`, an example, and the headers that status carries.
 */
export function errorResponses(c: Contract): Record<string, ZodOpenApiResponseObject> {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  // the example shows a code of this call's own, where it has one
  const inputs = [c.params, c.query, c.body, c.form].flatMap((schema) => (schema ? zodErrorCodes(schema) : []));
  const preferred = new Set<ErrorCode>([...(c.errors ?? []), ...inputs]);
  const statuses = errorStatusesOf(c);
  for (const status of Object.keys(c.otherResponses ?? {})) {
    // a body of its own is documented beside the envelope of the same status
    if (!statuses.has(Number(status))) throw new Error(`${c.method} ${c.path}: otherResponses ${status} has no error code`);
  }
  for (const [status, codes] of statuses) {
    const shown = [...preferred].find((code) => codes.includes(code)) ?? codes[0];
    if (!shown) continue;
    const other = c.otherResponses?.[status];
    const headers = headersOf(status);
    responses[String(status)] = {
      description: `${other ? `${other.description}; or ` : ""}${STATUS_TEXT[status] ?? "Error"}: ${codes.join(", ")}`,
      ...(headers ? { headers } : {}),
      content: {
        "application/json": {
          schema: other ? z.union([other.schema, ZErrorEnvelope]) : ZErrorEnvelope,
          example: exampleEnvelope(shown),
        },
      },
      "x-error-codes": codes,
    } as ZodOpenApiResponseObject;
  }
  return responses;
}
