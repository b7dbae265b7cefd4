import { createHash } from "node:crypto";
import { secretKey } from "@/lib/env";

// Kept apart from next-auth.ts so the route guard (proxy.ts) imports no database code.
export const SESSION_COOKIE = "docservice.session";

/** The key next-auth signs and encrypts the session cookie with, derived from SECRET_KEY. */
export function sessionSecret(): string {
  return createHash("sha256").update(`docservice-session:${secretKey()}`).digest("base64url");
}

/** What the browser session's JWT carries besides the standard claims (DESIGN.md "Tokens"). */
export type SessionClaims = {
  sid: string;
  uid: string;
  name: string;
  system: string;
  roles: string[];
  pwc: boolean;
};
