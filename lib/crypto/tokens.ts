import { createHash, randomBytes } from "node:crypto";

/** A random 32-byte token, base64url (DESIGN.md "Tokens"). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
