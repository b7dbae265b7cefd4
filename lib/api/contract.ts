import type { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";
import type { ErrorCode } from "@/lib/errors/codes";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One REST call: its path (as in spec §7, under /api), schemas and access rule. Route handlers are
 * built from contracts (lib/api/route.ts) and /api/openapi.json is generated from the same list,
 * so every handler is documented by construction (tests/integration/public-api.test.ts checks the route files against it).
 * The statuses an operation answers are derived from the contract (lib/api/error-statuses.ts): its shape
 * gives the generic ones, `errors` the ones its handler and services add.
 */
export type Contract = {
  method: HttpMethod;
  path: string;
  summary: string;
  /** more than the summary says, the operation's description in the OpenAPI document */
  description?: string;
  tag: string;
  /** "bearer": a token is required; "none": public; "optional": a token is used when sent */
  auth: "bearer" | "none" | "optional";
  /**
   * the `?auth=` query key this call also accepts instead of a bearer token: a project's submission key
   * (POST jobs) or a job's own key (the job and its files); documented as an apiKey security scheme
   */
  authKey?: "submissionKey" | "jobKey";
  /**
   * a token of the installation's own instead of a user's (GET /api/metrics: METRICS_TOKEN), checked by the handler;
   * documented as its security scheme
   */
  ownToken?: "metricsToken";
  /**
   * checked before the handler runs (a list: any one of them), before the input is read; the service layer checks
   * again with the tenant
   */
  permission?: Permission | readonly Permission[];
  /**
   * a call of the v1 API (/learn/api/v1/…): while the service configuration's isApiV1Enabled is off it answers 404
   * FeatureDisabled {feature: ApiV1}, after the permission is checked
   */
  apiV1?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** query parameter names compared case-insensitively (the schema names them in lower case) */
  queryCaseInsensitive?: boolean;
  body?: z.ZodType;
  /** a multipart/form-data body, read by the handler itself (documented here) */
  form?: z.ZodObject;
  /** the 200 answer; absent means 204 No Content (or a file, see `download`) */
  response?: z.ZodType;
  /** the 200 answer is text of this media type (the Prometheus text format), with an example */
  text?: { mediaType: string; description: string; example: string };
  /** the 200 answer is a file: its media type (`*\/*`: the file's own) and what Content-Disposition names */
  download?: { mediaType: string; fileName: string };
  /**
   * the error codes the handler and the services it calls can answer, beyond those that follow from the
   * contract's shape (token, permission, validation, body size and type); each documents its status
   */
  errors?: readonly ErrorCode[];
  /** answers with a body of their own besides the error envelope (readiness: 503 with the checks) */
  otherResponses?: Partial<Record<number, { description: string; schema: z.ZodType }>>;
  /**
   * an example of the request body and of the 200 answer, where the schemas' own `.meta({ examples })`
   * do not make one (lib/api/openapi.ts)
   */
  example?: { request?: unknown; response?: unknown };
  /**
   * a path the spec writes that tools would find ambiguous beside another template: it is served, but the
   * document lists it as an alias (`x-aliases`) of the operation at this path (docs/decisions.md)
   */
  aliasOf?: string;
  /**
   * the portal's own uploads (with progress) may authenticate with the browser session instead of a
   * bearer token; only same-origin requests (SameSite=Lax cookie, Origin checked)
   */
  session?: boolean;
  /** a bearer call a user with requiresPasswordChange may still make */
  allowWhilePasswordChangeRequired?: boolean;
  maxBodyBytes?: number;
  /**
   * a creating call that takes an `Idempotency-Key` header (issue 26 §2, lib/api/idempotency.ts): the same key from the
   * same caller within 24 h answers the first answer again
   */
  idempotent?: true;
  /** a read that answers an `ETag` and 304 to `If-None-Match` while its answer is the same (issue 26 §2) */
  etag?: true;
  /** a file download that honours `Range` (lib/api/ranges.ts): 206 with the part, 416 outside the file */
  ranges?: true;
};

const registry: Contract[] = [];

export function defineContract<const C extends Contract>(contract: C): C {
  registry.push(contract);
  return contract;
}

export function registeredContracts(): readonly Contract[] {
  return registry;
}
