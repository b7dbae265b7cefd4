import { ERROR_CODES, type ErrorCode, isErrorCode } from "@/lib/errors/codes";
import { ISSUE_CODES } from "@/lib/errors/issues";
import type { Contract } from "./contract";

/**
 * What any call can answer: another method on its path, a failure, a database not yet ready, a query string with a
 * control character (lib/api/route.ts).
 */
const ANY_CALL: ErrorCode[] = ["MethodNotAllowed", "InternalError", "ServiceUnavailable", "InvalidCharacters"];
/** Input that fails its schema: a field (lib/errors/issues.ts, by the issue's kind). */
const ANY_INPUT: ErrorCode[] = ["BadRequest", ...ISSUE_CODES];
/** lib/api/route.ts pathParams: a segment that cannot be decoded */
const PATH_PARAMS: ErrorCode[] = ["InvalidPath"];
/**
 * The not-found answers of a tenant's things: refused in the caller's own system they are 403 AccessDenied instead
 * (lib/auth/access.ts refusal), so a call that names one can answer both.
 */
const TENANT_NOT_FOUND: ErrorCode[] = ["SystemNotFound", "UserNotFound", "JobNotFound", "ProjectNotFound", "LicenceNotFound"];
/** lib/api/route.ts bearerToken and lib/auth/sessions.ts callerFromToken */
const TOKEN: ErrorCode[] = ["MissingToken", "InvalidToken", "TokenExpired"];
/** lib/api/route.ts readBody */
const JSON_BODY: ErrorCode[] = ["InvalidJson", "PayloadTooLarge", "UnsupportedMediaType"];
/** lib/api/multipart.ts readMultipart and jsonField */
const MULTIPART_BODY: ErrorCode[] = ["InvalidMultipart", "InvalidJson", "PayloadTooLarge", "UnsupportedMediaType"];

type ZodLike = { _zod: { def: Record<string, unknown> } };

function isZod(value: unknown): value is ZodLike {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** The code a schema names as its error (`z.uuid({ error: "InvalidId" })`, `.min(1, "MissingUserName")`), if any. */
function namedCode(error: unknown): ErrorCode | undefined {
  if (typeof error !== "function") return undefined;
  try {
    const result: unknown = error({ code: "custom", input: undefined, path: [], message: "" });
    const text = typeof result === "object" && result !== null && "message" in result ? result.message : result;
    return typeof text === "string" && isErrorCode(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Every error code a zod schema names for its issues, at any depth (parseInput answers with them). */
export function zodErrorCodes(schema: unknown): ErrorCode[] {
  const found = new Set<ErrorCode>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isZod(value) || seen.has(value)) return;
    seen.add(value);
    const { def } = value._zod;
    const own = namedCode(def.error);
    if (own) found.add(own);
    for (const [key, child] of Object.entries(def)) {
      if (key === "checks" && Array.isArray(child)) {
        for (const check of child) {
          const code = isZod(check) ? namedCode(check._zod.def.error) : undefined;
          if (code) found.add(code);
        }
      } else if (key === "shape" && typeof child === "object" && child !== null) {
        Object.values(child).forEach(visit);
      } else {
        visit(child);
      }
    }
  };
  visit(schema);
  return [...found];
}

/**
 * Every error code a call can answer: what follows from its contract's shape (token, session, permission,
 * parameters and body) plus the codes its handler and services throw (`errors`).
 */
export function errorCodesOf(c: Contract): ErrorCode[] {
  const codes = new Set<ErrorCode>(ANY_CALL);
  const add = (list: readonly ErrorCode[]) => {
    for (const code of list) codes.add(code);
  };
  if (c.auth !== "none") {
    add(TOKEN);
    if (!c.allowWhilePasswordChangeRequired) add(["PasswordChangeRequired"]);
  }
  if (c.session) add(["PasswordChangeRequired", "AccessDenied"]);
  if (c.permission) add(["AccessDenied"]);
  if (c.apiV1) add(["FeatureDisabled"]);
  const inputs = [c.params, c.query, c.body, c.form].filter((s) => s !== undefined);
  if (inputs.length) add(ANY_INPUT);
  for (const schema of inputs) add(zodErrorCodes(schema));
  if (c.params) add(PATH_PARAMS);
  if (c.body) add(JSON_BODY);
  if (c.form) add(MULTIPART_BODY);
  // issue 26 §4 (lib/limits): every call but the health probes and Prometheus' counts against the limits
  if (c.tag !== "Health" && !c.ownToken) add(["TooManyRequests"]);
  if (c.idempotent) add(["InvalidIdempotencyKey", "IdempotencyKeyReused", "IdempotencyKeyInProgress"]);
  if (c.ranges) add(["RangeNotSatisfiable"]);
  add(c.errors ?? []);
  if (c.auth !== "none" && TENANT_NOT_FOUND.some((code) => codes.has(code))) add(["AccessDenied"]);
  return [...codes];
}

/** The error codes of a call by HTTP status (lib/errors/codes.ts), each list in the catalogue's order. */
export function errorStatusesOf(c: Contract): Map<number, ErrorCode[]> {
  const codes = new Set(errorCodesOf(c));
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
    if (!codes.has(code)) continue;
    const { status } = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}
