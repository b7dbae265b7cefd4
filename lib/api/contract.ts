import type { z } from "zod";
import type { Permission } from "@/lib/auth/permissions";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One REST call: its path (as in spec §7, under /api), schemas and access rule. Route handlers are
 * built from contracts (lib/api/route.ts) and /api/openapi.json is generated from the same list,
 * so every handler is documented by construction (tests/integration/public-api.test.ts checks the route files against it).
 */
export type Contract = {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** "bearer": a token is required; "none": public; "optional": a token is used when sent */
  auth: "bearer" | "none" | "optional";
  /** checked before the handler runs; the service layer checks again with the tenant */
  permission?: Permission;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** query parameter names compared case-insensitively (the schema names them in lower case) */
  queryCaseInsensitive?: boolean;
  body?: z.ZodType;
  /** a multipart/form-data body, read by the handler itself (documented here) */
  form?: z.ZodObject;
  /** the 200 answer; absent means 204 No Content */
  response?: z.ZodType;
  /**
   * the portal's own uploads (with progress) may authenticate with the browser session instead of a
   * bearer token; only same-origin requests (SameSite=Lax cookie, Origin checked)
   */
  session?: boolean;
  /** a bearer call a user with requiresPasswordChange may still make */
  allowWhilePasswordChangeRequired?: boolean;
  maxBodyBytes?: number;
};

const registry: Contract[] = [];

export function defineContract<const C extends Contract>(contract: C): C {
  registry.push(contract);
  return contract;
}

export function registeredContracts(): readonly Contract[] {
  return registry;
}
