import { createHash, randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { ZodArray, ZodDefault, ZodOptional, type z } from "zod";
import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { SESSION_COOKIE, sessionSecret } from "@/lib/auth/session-cookie";
import { callerFromToken, callerFromWebSession, INVALID_TOKEN_HEADERS } from "@/lib/auth/sessions";
import { hashToken } from "@/lib/crypto/tokens";
import { databaseReady } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { databaseUnavailable, isDatabaseUnavailable } from "@/lib/errors/database";
import { parseInput, toEnvelope } from "@/lib/errors/envelope";
import { assertCleanStrings, isCleanName, printable } from "@/lib/input/clean-strings";
import { clientAddress, countCall } from "@/lib/limits";
import { log } from "@/lib/log";
import { observeRequest } from "@/lib/metrics/registry";
import { assertApiV1Enabled } from "@/lib/settings/features";
import type { Contract } from "./contract";
import { BodyFingerprint, idempotencyKeyOf, runIdempotent } from "./idempotency";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export type RouteContext<C extends Contract> = {
  req: NextRequest;
  db: Database;
  caller: C["auth"] extends "bearer" ? Caller : C["auth"] extends "optional" ? Caller | null : null;
  params: Infer<C["params"]>;
  query: Infer<C["query"]>;
  body: Infer<C["body"]>;
  requestId: string;
};

/**
 * Path parameters come from the contract's template (`/api/users/{id}`) matched against the URL,
 * so folder names stay free for Next's one-name-per-level rule (STACK.md). A segment that cannot be decoded is
 * 400 InvalidPath; one with a control character 400 InvalidCharacters (docs/decisions.md "Bad input").
 */
export function pathParams(template: string, pathname: string): Record<string, string> {
  const want = template.split("/").filter(Boolean);
  const got = pathname.split("/").filter(Boolean);
  const params: Record<string, string> = {};
  want.forEach((segment, i) => {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1];
    const raw = got[i];
    if (!name || raw === undefined) return;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      throw new AppError("InvalidPath");
    }
    if (!isCleanName(value)) throw new AppError("InvalidCharacters", { field: name });
    params[name] = value;
  });
  return params;
}

/** The query names a contract's schema types as arrays (an optional or defaulted array too). */
function arrayNames(query: z.ZodObject | undefined): Set<string> {
  const names = new Set<string>();
  for (const [name, field] of Object.entries(query?.shape ?? {})) {
    let inner: z.ZodType = field as z.ZodType;
    while (inner instanceof ZodOptional || inner instanceof ZodDefault) inner = inner.unwrap() as z.ZodType;
    if (inner instanceof ZodArray) names.add(name);
  }
  return names;
}

/**
 * Query parameters as an object (the last of repeated names wins); control characters are 400. A name in bracket form
 * (`categories[]=User&categories[]=Project`, spec operations §7 "query arrays use bracket form") collects its values
 * into an array under that name, which the contract's schema names as it is (`"categories[]"`); so does a plain name
 * the schema types as an array (`categories=User&categories=Project`, OpenAPI's form style).
 */
function queryParams(req: NextRequest, lowerCaseNames: boolean, arrays: Set<string>): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of req.nextUrl.searchParams) {
    if (!isCleanName(key) || !isCleanName(value)) throw new AppError("InvalidCharacters", { field: printable(key) });
    const name = lowerCaseNames ? key.toLowerCase() : key;
    const values = query[name];
    if (name.endsWith("[]") || arrays.has(name)) query[name] = Array.isArray(values) ? [...values, value] : [value];
    else query[name] = value;
  }
  return query;
}

export function errorResponse(error: unknown, requestId: string): Response {
  if (isDatabaseUnavailable(error)) {
    // the database went away under the request: the client may try again shortly, nothing was half done
    log.warn({ requestId, err: error }, "database unavailable");
    return errorResponse(databaseUnavailable(), requestId);
  }
  if (error instanceof AppError) {
    return Response.json(toEnvelope(error.entries), { status: error.status, headers: error.headers });
  }
  log.error({ requestId, err: error }, "unhandled error");
  return Response.json(toEnvelope([{ code: "InternalError", params: { requestId } }]), { status: 500 });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

async function readBody(req: NextRequest, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError("PayloadTooLarge", { limit });
  if (!req.body) return {};
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AppError("PayloadTooLarge", { limit });
    }
    chunks.push(value);
  }
  // no body at all (a POST without one arrives as an empty stream over HTTP) is an empty object, whatever its type
  if (size === 0) return {};
  const type = req.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) throw new AppError("UnsupportedMediaType", { expected: "application/json" });
  let text: string;
  try {
    // JSON is UTF-8 (RFC 8259); a lenient decoder would turn broken bytes into U+FFFD silently
    text = utf8.decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("InvalidJson");
  }
  if (text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("InvalidJson");
  }
  assertCleanStrings(json);
  return json;
}

/** The browser session of a same-origin request (contracts with `session`), or null. */
async function callerFromSessionCookie(db: Database, req: NextRequest): Promise<Caller | null> {
  const raw = req.cookies.get(SESSION_COOKIE)?.value;
  if (!raw) return null;
  // a change must come from a page of this site; a download (GET) changes nothing
  if (req.method !== "GET") {
    const origin = req.headers.get("origin");
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    if (!origin || !host || new URL(origin).host !== host) throw new AppError("AccessDenied");
  }
  const claims = (await decode({ token: raw, secret: sessionSecret() }).catch(() => null)) as { sid?: string } | null;
  return claims?.sid ? callerFromWebSession(db, claims.sid) : null;
}

export function bearerToken(req: Request): string {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})\s*$/i.exec(header);
  if (!match?.[1]) throw new AppError("MissingToken", undefined, { headers: INVALID_TOKEN_HEADERS });
  return match[1];
}

export const AUTH_KEY_HEADER = "x-auth-key";

/**
 * A read's answer with its ETag (a hash of the body): 304 without a body when `If-None-Match` names it; caches must
 * ask again each time (`private, no-cache`), so a changed job is never answered from a cache.
 */
async function withETag(req: NextRequest, response: Response): Promise<Response> {
  // a file's answer tags itself (its handler knows what makes it the same without reading it)
  if (response.status !== 200 || response.headers.has("etag")) return response;
  const body = await response.text();
  const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`;
  const headers = new Headers(response.headers);
  headers.set("etag", etag);
  headers.set("cache-control", "private, no-cache");
  const wanted = req.headers.get("if-none-match");
  if (wanted && (wanted.trim() === "*" || wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))) {
    headers.delete("content-type");
    headers.delete("content-length");
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: 200, headers });
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  return Response.json(result);
}

/**
 * Request id (x-request-id, echoed or made), error envelope and one structured log line around any
 * API handler, including the catch-all 404; a contract's calls also go into the request-duration histogram of
 * GET /api/metrics by its path template (the catch-all's URLs are unbounded and stay out).
 */
export async function instrumented(
  req: NextRequest,
  handler: (requestId: string, setUser: (userId: string) => void) => Promise<Response>,
  contract?: Pick<Contract, "method" | "path">,
): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
  const started = performance.now();
  let userId: string | undefined;
  let response: Response;
  try {
    response = await handler(requestId, (id) => {
      userId = id;
    });
  } catch (error) {
    response = errorResponse(error, requestId);
  }
  response.headers.set("x-request-id", requestId);
  // an answer may carry a token or a key (issue 26 §2): no cache keeps it, unless the call said otherwise (ETag reads)
  if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
  const ms = Math.round((performance.now() - started) * 1000) / 1000;
  if (contract) observeRequest({ method: contract.method, route: contract.path, status: response.status }, ms / 1000);
  log.info({ requestId, method: req.method, path: req.nextUrl.pathname, status: response.status, ms, userId }, "api");
  return response;
}

/** The contract's permission, or one of its list. */
function mayCall(roles: readonly string[], contract: Contract): boolean {
  const { permission } = contract;
  if (!permission) return true;
  return typeof permission === "string" ? hasPermission(roles, permission) : permission.some((p) => hasPermission(roles, p));
}

/** Builds a route handler from its contract: auth, permission, validation, then the handler. */
export function route<const C extends Contract>(contract: C, handler: (ctx: RouteContext<C>) => Promise<unknown>) {
  return (req: NextRequest): Promise<Response> =>
    instrumented(
      req,
      async (requestId, setUser) => {
        const { db } = await databaseReady().catch((err: unknown) => {
          log.error({ requestId, err }, "database not ready");
          throw databaseUnavailable();
        });
        let caller: Caller | null = null;
        if (contract.session && !req.headers.has("authorization")) {
          caller = await callerFromSessionCookie(db, req);
          if (caller) setUser(caller.userId);
        }
        if (caller) {
          if (caller.requiresPasswordChange) throw new AppError("PasswordChangeRequired");
          if (!mayCall(caller.roles, contract)) throw new AppError("AccessDenied");
        } else if (contract.auth === "bearer" || (contract.auth === "optional" && req.headers.has("authorization"))) {
          caller = await callerFromToken(db, bearerToken(req));
          setUser(caller.userId);
          if (caller.requiresPasswordChange && !contract.allowWhilePasswordChangeRequired) {
            throw new AppError("PasswordChangeRequired");
          }
          if (!mayCall(caller.roles, contract)) throw new AppError("AccessDenied");
        }
        // issue 26 §4: calls per minute of the address (public ones too: a mailed reset link, a sign-in) and of the
        // caller; sign-in also counts its own attempts (lib/auth). Health probes and Prometheus' scrapes are not counted.
        const limitHeaders =
          contract.tag === "Health" || contract.ownToken
            ? {}
            : await countCall(db, [
                { rule: "apiPerAddress", subject: clientAddress(req.headers) },
                { rule: "apiPerUser", subject: caller ? caller.userId : null },
              ]);
        if (contract.apiV1) await assertApiV1Enabled(db);
        const params = contract.params ? parseInput(contract.params, pathParams(contract.path, req.nextUrl.pathname)) : undefined;
        const rawQuery = queryParams(req, contract.queryCaseInsensitive === true, arrayNames(contract.query));
        // issue 26 §2: the submission or job key in a header keeps it out of URLs and access logs (?auth= still works)
        const headerKey = contract.authKey ? req.headers.get(AUTH_KEY_HEADER) : null;
        if (headerKey && rawQuery.auth === undefined) rawQuery.auth = headerKey;
        const query = contract.query ? parseInput(contract.query, rawQuery) : undefined;
        const run = async (request: NextRequest) => {
          const body = contract.body
            ? parseInput(contract.body, await readBody(request, contract.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
            : undefined;
          const ctx = { req: request, db, caller, params, query, body, requestId } as RouteContext<C>;
          return toResponse(await handler(ctx));
        };
        const key = contract.idempotent ? idempotencyKeyOf(req) : null;
        const auth = (query as { auth?: unknown } | undefined)?.auth;
        const owner = caller ? `user:${caller.userId}` : typeof auth === "string" ? `key:${hashToken(auth)}` : null;
        let response: Response;
        if (key && owner) {
          const fingerprint = new BodyFingerprint(req);
          const operation = `${contract.method} ${contract.path}`;
          response = await runIdempotent(db, { owner, key, operation, fingerprint }, () => run(fingerprint.request));
        } else {
          response = await run(req);
        }
        for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
        return contract.etag ? withETag(req, response) : response;
      },
      contract,
    );
}
