import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { AppError } from "@/lib/errors/app-error";

// spec foundation §9 / DESIGN.md "Password obfuscation": AES-256-CBC, key = SHA-256(StationId + systemName),
// IV = 16 zero bytes, PKCS#7, base64; or plain base64 when the browser has no Web Crypto.
const AES_PREFIX = "crypt:aes-cbc:";
const BASE64_PREFIX = "crypt:base64:";
const ZERO_IV = Buffer.alloc(16);

function obfuscationKey(stationId: string, systemName: string): Buffer {
  return createHash("sha256")
    .update(stationId + systemName, "utf8")
    .digest();
}

export function obfuscatePassword(plain: string, stationId: string, systemName: string): string {
  const cipher = createCipheriv("aes-256-cbc", obfuscationKey(stationId, systemName), ZERO_IV);
  return AES_PREFIX + Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]).toString("base64");
}

/** Decodes an obfuscated password; a plain value passes through unchanged. */
export function revealPassword(value: string, stationId: string, systemName: string): string {
  if (value.startsWith(BASE64_PREFIX)) {
    return Buffer.from(value.slice(BASE64_PREFIX.length), "base64").toString("utf8");
  }
  if (!value.startsWith(AES_PREFIX)) return value;
  try {
    const decipher = createDecipheriv("aes-256-cbc", obfuscationKey(stationId, systemName), ZERO_IV);
    const data = Buffer.from(value.slice(AES_PREFIX.length), "base64");
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    throw new AppError("InvalidPasswordObfuscation");
  }
}
