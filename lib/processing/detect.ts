/**
 * DESIGN.md "Processing a job": the type of an order file comes from its bytes. The file name is only
 * a hint, used where the bytes alone are ambiguous: an empty file, 8-bit text that is not UTF-8, and
 * telling CSV from plain text.
 */

export const DOCUMENT_TYPES = ["pdf", "png", "jpeg", "tiff", "bmp", "gif", "webp", "text", "unknown"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type ImageType = "png" | "jpeg" | "tiff" | "bmp" | "gif" | "webp";
export type TextSubtype = "csv" | "xml" | "json" | "plain";

const TEXT_EXTENSIONS = new Set(["txt", "text", "csv", "tsv", "xml", "json", "log", "md"]);
const BINARY_EXTENSIONS = new Set(["pdf", "png", "jpg", "jpeg", "jpe", "tif", "tiff", "bmp", "gif", "webp"]);
/** the header sizes a BMP's DIB header may have (core, info, v2 … v5) */
const BMP_DIB_SIZES = new Set([12, 16, 40, 52, 56, 64, 108, 124]);

export function isImageType(type: DocumentType): type is ImageType {
  return type === "png" || type === "jpeg" || type === "tiff" || type === "bmp" || type === "gif" || type === "webp";
}

/** the lower-case extension of a file name, without the dot ("" when there is none) */
export function fileExtension(fileName: string | undefined): string {
  if (!fileName) return "";
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function indexOfAscii(bytes: Uint8Array, needle: string, limit: number): number {
  const end = Math.min(bytes.length, limit) - needle.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle.charCodeAt(j)) continue outer;
    return i;
  }
  return -1;
}

function isBmp(bytes: Uint8Array): boolean {
  // "BM" alone is too weak (a text may start with "BMW …"): the DIB header size must be a known one
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return false;
  const dibSize = bytes[14]! | (bytes[15]! << 8) | (bytes[16]! << 16) | (bytes[17]! << 24);
  return BMP_DIB_SIZES.has(dibSize);
}

/** the type of the bytes' signature, or undefined when they have none we know */
function signatureType(bytes: Uint8Array): Exclude<DocumentType, "text" | "unknown"> | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  // TIFF, little and big endian, classic (42) and BigTIFF (43)
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return "tiff";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (isBmp(bytes)) return "bmp";
  return undefined;
}

type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** the encoding a byte-order mark announces, and its length */
export function byteOrderMark(bytes: Uint8Array): { encoding: TextEncoding; length: number } | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: "utf-8", length: 3 };
  // FF FE 00 00 is UTF-32 LE, which is not supported: decoding it as UTF-16 yields NULs and is refused
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: "utf-16le", length: 2 };
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: "utf-16be", length: 2 };
  return undefined;
}

function decodeStrict(bytes: Uint8Array, encoding: TextEncoding): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Text must not contain NUL, and other control characters (all but tab, line feed, vertical tab,
 * form feed, carriage return and escape) may make up at most 1 % of it: a binary file can be valid
 * UTF-8 by chance, a text file rarely has stray control characters.
 */
export function looksLikeText(text: string): boolean {
  if (text.includes("\u0000")) return false;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0b && c !== 0x0c && c !== 0x0d && c !== 0x1b) || c === 0x7f) controls++;
  }
  return controls === 0 || controls * 100 <= text.length;
}

/**
 * The bytes as text when they are text: UTF-8 (with or without BOM) or UTF-16 with a BOM. Without a
 * BOM and not valid UTF-8, the bytes are decoded as windows-1252 (the usual 8-bit encoding of Western
 * European files) only when `allowLegacy` is set, i.e. when a file name says it is text.
 */
export function decodeTextBytes(bytes: Uint8Array, allowLegacy = false): string | undefined {
  const bom = byteOrderMark(bytes);
  let text = bom ? decodeStrict(bytes.subarray(bom.length), bom.encoding) : decodeStrict(bytes, "utf-8");
  if (text === undefined && !bom && allowLegacy && !bytes.includes(0)) {
    const declared = xmlDeclaredEncoding(bytes);
    text = declared && declared !== "windows-1252" ? new TextDecoder(declared).decode(bytes) : decodeWindows1252(bytes);
  }
  return text !== undefined && looksLikeText(text) ? text : undefined;
}

/** 0x80–0x9F of windows-1252 (undefined positions stay C1 controls) */
const WINDOWS_1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";

/** Node's TextDecoder("windows-1252") decodes ISO-8859-1 (0x80 → U+0080, not €): decoded by hand */
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    text += String.fromCharCode(...chunk).replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
  return text;
}

/** the encoding an XML declaration names, when TextDecoder knows it */
function xmlDeclaredEncoding(bytes: Uint8Array): string | undefined {
  const head = ascii(bytes, 0, Math.min(bytes.length, 200));
  const label = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/**
 * The document type of the bytes: a known signature (PDF, PNG, JPEG, TIFF, BMP, GIF, WebP) first,
 * then text (UTF-8 or UTF-16 with BOM, no NUL); anything else is "unknown".
 */
export function detectType(bytes: Uint8Array, fileName?: string): DocumentType {
  const ext = fileExtension(fileName);
  // an empty file: text, unless its name promises a binary format it cannot be
  if (bytes.length === 0) return BINARY_EXTENSIONS.has(ext) ? "unknown" : "text";
  const signature = signatureType(bytes);
  if (signature) return signature;
  const text = decodeTextBytes(bytes, TEXT_EXTENSIONS.has(ext));
  // readers accept a PDF header within the first 1024 bytes (after junk); trust that only for non-text
  // bytes or a file named .pdf, so that a text merely mentioning "%PDF-" stays text
  if ((text === undefined || ext === "pdf") && indexOfAscii(bytes, "%PDF-", 1024) >= 0) return "pdf";
  return text !== undefined ? "text" : "unknown";
}

/** the non-blank lines' count of `delimiter` outside double quotes */
function delimiterCounts(lines: string[], delimiter: string): number[] {
  return lines.map((line) => {
    let count = 0;
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === delimiter && !quoted) count++;
    }
    return count;
  });
}

/** at least two lines, all with the same non-zero number of one delimiter (comma, semicolon, tab, pipe) */
function looksLikeCsv(text: string, loose: boolean): boolean {
  const lines = text
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== "")
    .slice(0, 50);
  if (lines.length === 0) return false;
  return [",", ";", "\t", "|"].some((delimiter) => {
    const counts = delimiterCounts(lines, delimiter);
    if (loose) return counts.some((c) => c > 0);
    return lines.length >= 2 && counts[0]! > 0 && counts.every((c) => c === counts[0]);
  });
}

function looksLikeXml(text: string): boolean {
  if (/^<\?xml[\s?]/i.test(text)) return true;
  // a root element (after comments or a doctype) that the text closes again
  const start = /^(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<([A-Za-z_][\w:.-]*)[\s>/]/.exec(text);
  return start !== null && text.trimEnd().endsWith(">");
}

function looksLikeJson(text: string): boolean {
  if (!/^[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What kind of text the document is: JSON (parses as an object or array), XML (declaration or a root
 * element), CSV (lines with a consistent delimiter count) or plain. The name decides between CSV and
 * plain, which the content alone cannot always tell: `.csv`/`.tsv` is CSV when a delimiter occurs at
 * all, `.txt` is plain.
 */
export function textSubtype(input: Uint8Array | string, fileName?: string): TextSubtype {
  const ext = fileExtension(fileName);
  const decoded = typeof input === "string" ? input : (decodeTextBytes(input, true) ?? "");
  const text = decoded.replace(/^\uFEFF/, "").trim();
  if (looksLikeJson(text)) return "json";
  if (text.startsWith("<") && looksLikeXml(text)) return "xml";
  if (ext === "txt" || ext === "text") return "plain";
  return looksLikeCsv(text, ext === "csv" || ext === "tsv") ? "csv" : "plain";
}
