import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";

/**
 * The licence file (DESIGN.md "Licence file"): base64 of a JSON document
 * `{ id, customer, name, expiration, station, mac, issued, features, signature }`, where `signature` is the
 * base64 Ed25519 signature of the document without its `signature` member in canonical JSON (keys sorted at
 * every level, no white space; RFC 8785 for these types). Pure functions only: no database, no clock.
 */

export const FEATURE_STATUSES = ["Unlimited", "Limited", "LimitedYear", "LimitedMonth"] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];

export type LicenceFeatureSpec = {
  id: string;
  status: FeatureStatus;
  /** integer >= 0; null only for Unlimited */
  limit: number | null;
  /** YYYY-MM-DD: the feature's own last valid day, or null */
  expiration: string | null;
};

export type LicenceDocument = {
  id: string;
  customer: string;
  name: string;
  /** YYYY-MM-DD: the last day the licence is valid */
  expiration: string;
  /** the StationId of the installation, or "*" for any */
  station: string;
  mac: string;
  /** YYYY-MM-DD or an ISO date-time */
  issued: string;
  features: LicenceFeatureSpec[];
};

export type LicenceFile = LicenceDocument & { signature: string };

export const LICENCE_STRING_MAX = 200;
export const LICENCE_FEATURES_MAX = 100;
/** a licence file larger than this (base64 characters) is refused before decoding */
export const LICENCE_FILE_MAX_CHARS = 1_000_000;
export const ANY_STATION = "*";
export const FEATURE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** true for a real calendar date written YYYY-MM-DD (2024-02-30 is not one) */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** the UTC calendar day of `now`, YYYY-MM-DD */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** true when the last valid day `date` (YYYY-MM-DD) lies before the UTC day of `now` */
export function isPastDay(date: string, now: Date): boolean {
  return date < utcDay(now);
}

const zDate = z
  .string()
  .refine(isCalendarDate, "must be a date YYYY-MM-DD")
  // years before 1000 would not sort as strings; nobody issues those
  .refine((value) => value >= "1000-01-01", "must be a date YYYY-MM-DD");
const zText = (min: number) => z.string().min(min).max(LICENCE_STRING_MAX);

export const ZLicenceFeature = z
  .object({
    id: z.string().regex(FEATURE_ID_PATTERN, "must start with a letter and use only letters, digits, _ . - (at most 64)"),
    status: z.enum(FEATURE_STATUSES),
    limit: z.int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    expiration: zDate.nullable(),
  })
  .refine((feature) => feature.status === "Unlimited" || feature.limit !== null, {
    message: "a limited feature needs a limit",
    path: ["limit"],
  });

export const ZLicenceDocument = z
  .object({
    id: zText(1).refine((value) => value.trim() === value, "must not start or end with white space"),
    customer: zText(1),
    name: zText(1),
    expiration: zDate,
    station: zText(1),
    mac: zText(0),
    issued: z.union([zDate, z.iso.datetime({ offset: true })], { error: "must be a date YYYY-MM-DD or an ISO date-time" }),
    features: z.array(ZLicenceFeature).max(LICENCE_FEATURES_MAX),
  })
  .refine((doc) => new Set(doc.features.map((feature) => feature.id)).size === doc.features.length, {
    message: "a feature id appears more than once",
    path: ["features"],
  });

// the declared types and the schema must agree
const _documentShape: z.ZodType<LicenceDocument> = ZLicenceDocument;
const _documentInput: z.ZodType<LicenceDocument, LicenceDocument> = ZLicenceDocument;
void _documentShape;
void _documentInput;

/** the first zod issue as "path: message", for LicenceInvalid {reason} */
function zodReason(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "schema";
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

// ---------------------------------------------------------------------------------------------------------
// canonical JSON

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Canonical JSON (RFC 8785 for strings, finite numbers, booleans, null, arrays and plain objects): object keys
 * sorted by UTF-16 code units at every level, arrays in order, no white space; strings and numbers exactly as
 * JSON.stringify writes them. Object members whose value is `undefined` are left out (as JSON.stringify does);
 * anything else that JSON cannot carry (undefined elsewhere, NaN, Infinity, bigint, functions, symbols,
 * non-plain objects such as Date, cycles) throws a TypeError.
 */
export function canonicalJson(value: unknown): string {
  const ancestors = new Set<object>();
  const write = (item: unknown): string => {
    if (item === null) return "null";
    switch (typeof item) {
      case "boolean":
        return item ? "true" : "false";
      case "string":
        return JSON.stringify(item);
      case "number":
        if (!Number.isFinite(item)) throw new TypeError(`canonicalJson: ${item} is not a finite number`);
        return JSON.stringify(item);
      case "object": {
        if (ancestors.has(item)) throw new TypeError("canonicalJson: the value contains a cycle");
        ancestors.add(item);
        try {
          if (Array.isArray(item)) return `[${item.map(write).join(",")}]`;
          if (!isPlainObject(item)) throw new TypeError("canonicalJson: only plain objects can be serialised");
          const keys = Object.keys(item)
            .filter((key) => item[key] !== undefined)
            // the default sort compares UTF-16 code units, as RFC 8785 asks
            .sort();
          return `{${keys.map((key) => `${JSON.stringify(key)}:${write(item[key])}`).join(",")}}`;
        } finally {
          ancestors.delete(item);
        }
      }
      default:
        throw new TypeError(`canonicalJson: a ${typeof item} cannot be serialised`);
    }
  };
  return write(value);
}

// ---------------------------------------------------------------------------------------------------------
// keys

/** the 12-byte DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const BASE64_PATTERN = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2,3})?$/;

/** strict base64 (standard alphabet, padding optional); null when `text` is not base64 */
function decodeBase64(text: string): Buffer | null {
  if (!BASE64_PATTERN.test(text)) return null;
  return Buffer.from(text, "base64");
}

/** a public key from its base64 raw 32 bytes; null when it is not one */
export function publicKeyFromRaw(base64: string): KeyObject | null {
  const raw = decodeBase64(base64.trim());
  if (raw?.length !== 32) return null;
  try {
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
  } catch {
    return null;
  }
}

function rawPublicKey(key: KeyObject): string {
  const der = key.export({ format: "der", type: "spki" });
  return der.subarray(ED25519_SPKI_PREFIX.length).toString("base64");
}

/** an Ed25519 private key from base64 PKCS#8 DER or PEM; throws an Error naming the problem */
export function privateKeyFrom(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith("-----BEGIN")) {
      key = createPrivateKey({ key: trimmed, format: "pem" });
    } else {
      const der = decodeBase64(trimmed.replace(/\s+/g, ""));
      if (!der || der.length === 0) throw new Error("not base64");
      key = createPrivateKey({ key: der, format: "der", type: "pkcs8" });
    }
  } catch (cause) {
    throw new Error("The private key is neither base64 PKCS#8 DER nor PEM.", { cause });
  }
  if (key.asymmetricKeyType !== "ed25519") {
    throw new Error(`The private key is a ${key.asymmetricKeyType ?? "unknown"} key, not an Ed25519 key.`);
  }
  return key;
}

/** the base64 raw 32-byte public key that belongs to a private key (base64 PKCS#8 DER or PEM) */
export function publicKeyOf(privateKey: string): string {
  return rawPublicKey(createPublicKey(privateKeyFrom(privateKey)));
}

/** a new Ed25519 key pair: publicKey = base64 raw 32 bytes (for LICENCE_PUBLIC_KEYS), privateKey = base64 PKCS#8 DER */
export function generateKeyPair(): { publicKey: string; privateKey: string } {
  const pair = generateKeyPairSync("ed25519");
  return {
    publicKey: rawPublicKey(pair.publicKey),
    privateKey: pair.privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
  };
}

/** the trusted issuer keys: LICENCE_PUBLIC_KEYS, comma-separated base64 raw 32-byte Ed25519 public keys */
export function trustedLicenceKeys(env: Record<string, string | undefined> = process.env): string[] {
  return (env.LICENCE_PUBLIC_KEYS ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

// ---------------------------------------------------------------------------------------------------------
// sign and verify

/**
 * Validates `doc` (ZLicenceDocument; throws AppError LicenceInvalid {reason}) and signs what the schema
 * returns, so a signed file always passes verification with the matching public key.
 */
export function signLicence(doc: LicenceDocument, privateKey: string): LicenceFile {
  const parsed = ZLicenceDocument.safeParse(doc);
  if (!parsed.success) throw new AppError("LicenceInvalid", { problem: "content", reason: zodReason(parsed.error) });
  const document = parsed.data;
  const signature = sign(null, Buffer.from(canonicalJson(document), "utf8"), privateKeyFrom(privateKey)).toString("base64");
  return { ...document, signature };
}

/** the licence file's text: base64 of its JSON */
export function encodeLicenceFile(file: LicenceFile): string {
  return Buffer.from(JSON.stringify(file), "utf8").toString("base64");
}

export type VerifyOptions = {
  /** base64 raw 32-byte Ed25519 keys; an entry that is not one is ignored */
  publicKeys: string[];
  /** this installation's StationId */
  stationId: string;
  now: Date;
};

/**
 * Reads and checks a licence file, in this order:
 * licence_error_noContent (empty) -> LicenceInvalid {problem, reason} (not base64, not JSON, schema) ->
 * LicenceSignatureInvalid (no trusted key verifies it) -> LicenceStationMismatch {station, stationId} ->
 * LicenceExpired (its last valid day lies before today, UTC). White space around (and line breaks inside)
 * the base64 is tolerated. The signature covers the document exactly as it was issued (all members but
 * `signature`, canonical JSON), so a member this version does not know still counts; the result holds the
 * known members only.
 */
export function verifyLicenceFile(base64: string, opts: VerifyOptions): LicenceFile {
  const text = base64.replace(/\s+/g, "");
  if (text === "") throw new AppError("licence_error_noContent");
  if (text.length > LICENCE_FILE_MAX_CHARS)
    throw new AppError("LicenceInvalid", { problem: "tooLarge", reason: "the file is too large" });

  const bytes = decodeBase64(text);
  if (!bytes) throw new AppError("LicenceInvalid", { problem: "notBase64", reason: "not base64" });
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  } catch {
    throw new AppError("LicenceInvalid", { problem: "notJson", reason: "not JSON" });
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new AppError("LicenceInvalid", { problem: "notJson", reason: "not a JSON object" });
  }
  const { signature, ...unsigned } = raw as Record<string, unknown>;
  if (typeof signature !== "string" || signature.trim() === "") {
    throw new AppError("LicenceInvalid", { problem: "noSignature", reason: "signature: missing" });
  }
  const parsed = ZLicenceDocument.safeParse(unsigned);
  if (!parsed.success) throw new AppError("LicenceInvalid", { problem: "content", reason: zodReason(parsed.error) });

  const signatureBytes = decodeBase64(signature.trim());
  const message = Buffer.from(canonicalJson(unsigned), "utf8");
  const trusted =
    signatureBytes !== null &&
    signatureBytes.length === 64 &&
    opts.publicKeys.some((entry) => {
      const key = publicKeyFromRaw(entry);
      return key !== null && verify(null, message, key, signatureBytes);
    });
  if (!trusted) throw new AppError("LicenceSignatureInvalid");

  const document = parsed.data;
  if (document.station !== ANY_STATION && document.station !== opts.stationId) {
    throw new AppError("LicenceStationMismatch", { station: document.station, stationId: opts.stationId });
  }
  if (isPastDay(document.expiration, opts.now)) throw new AppError("LicenceExpired");
  return { ...document, signature: signature.trim() };
}
