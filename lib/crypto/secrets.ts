import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { secretKey } from "@/lib/env";
import { SECRET_PLACEHOLDER } from "./placeholder";

// Stored secrets (CSB and SMTP passwords, API keys) are sealed with AES-256-GCM under a key derived
// from SECRET_KEY; the format is v1:<iv>:<tag>:<ciphertext>, each part base64url.
function key(): Buffer {
  return createHash("sha256").update(`docservice-secrets:${secretKey()}`).digest();
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(":");
}

export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(":");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** A secret field: absent or the placeholder keeps the stored value, "" clears it, anything else replaces it. */
export function secretChange(value: string | undefined): { keep: true } | { keep: false; sealed: string | null } {
  if (value === undefined || value === SECRET_PLACEHOLDER) return { keep: true };
  return { keep: false, sealed: value ? sealSecret(value) : null };
}

/**
 * A secret field against the stored one: kept when absent, the placeholder, or the value already stored (an empty one
 * when none is stored); else the new sealed value (null: cleared) and what the audit row says of it. A stored secret
 * that no longer opens (another SECRET_KEY) counts as different.
 */
export function secretUpdate(
  value: string | undefined,
  storedSealed: string | null,
): { keep: true } | { keep: false; sealed: string | null; audit: "changed" | "cleared" } {
  if (value === undefined || value === SECRET_PLACEHOLDER) return { keep: true };
  if (!value) return storedSealed ? { keep: false, sealed: null, audit: "cleared" } : { keep: true };
  if (storedSealed && opensTo(storedSealed, value)) return { keep: true };
  return { keep: false, sealed: sealSecret(value), audit: "changed" };
}

function opensTo(sealed: string, plain: string): boolean {
  try {
    return openSecret(sealed) === plain;
  } catch {
    return false;
  }
}
