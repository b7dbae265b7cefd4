/**
 * The browser half of DESIGN.md "Password obfuscation" (Web Crypto); lib/auth/obfuscation.ts reveals it.
 * Without Web Crypto (a page not served from a secure context) it falls back to crypt:base64:.
 */
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export async function obfuscateInBrowser(plain: string, stationId: string, systemName: string): Promise<string> {
  const encoder = new TextEncoder();
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return `crypt:base64:${toBase64(encoder.encode(plain))}`;
  const keyBytes = await subtle.digest("SHA-256", encoder.encode(stationId + systemName));
  const key = await subtle.importKey("raw", keyBytes, { name: "AES-CBC" }, false, ["encrypt"]);
  const data = await subtle.encrypt({ name: "AES-CBC", iv: new Uint8Array(16) }, key, encoder.encode(plain));
  return `crypt:aes-cbc:${toBase64(new Uint8Array(data))}`;
}
