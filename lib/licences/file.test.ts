import { createPrivateKey, generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { makeLicenceFile, TEST_LICENCE_KEYS } from "@/tests/fixtures/licence";
import { errorOf } from "@/tests/helpers/app-error";
import {
  canonicalJson,
  encodeLicenceFile,
  generateKeyPair,
  isCalendarDate,
  type LicenceDocument,
  publicKeyFromRaw,
  publicKeyOf,
  signLicence,
  trustedLicenceKeys,
  verifyLicenceFile,
  ZLicenceDocument,
} from "./file";

const NOW = new Date("2025-06-15T12:00:00Z");
const STATION = "4f1c2a8e-0000-4000-8000-000000000001";
const OPTS = { publicKeys: [TEST_LICENCE_KEYS.publicKey], stationId: STATION, now: NOW };

function doc(overrides: Partial<LicenceDocument> = {}): LicenceDocument {
  return {
    id: "lic-1",
    customer: "ACME",
    name: "Main licence",
    expiration: "2026-06-14",
    station: "*",
    mac: "",
    issued: "2025-06-01",
    features: [
      { id: "Pages", status: "Limited", limit: 1000, expiration: null },
      { id: "Jobs", status: "Unlimited", limit: null, expiration: "2026-01-01" },
    ],
    ...overrides,
  };
}

function b64(value: unknown): string {
  return Buffer.from(typeof value === "string" ? value : JSON.stringify(value), "utf8").toString("base64");
}

/** a file whose JSON is written by hand but signed properly, to reach the checks behind the signature */
function signedRaw(raw: Record<string, unknown>, privateKey = TEST_LICENCE_KEYS.privateKey): string {
  const key = createPrivateKey({ key: Buffer.from(privateKey, "base64"), format: "der", type: "pkcs8" });
  const signature = sign(null, Buffer.from(canonicalJson(raw)), key).toString("base64");
  return b64({ ...raw, signature });
}

describe("canonicalJson", () => {
  it("sorts object keys at every level, keeps arrays in order, writes no white space", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: "x" } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
    expect(canonicalJson([])).toBe("[]");
    expect(canonicalJson({})).toBe("{}");
    expect(canonicalJson("a")).toBe('"a"');
    expect(canonicalJson(null)).toBe("null");
    expect(canonicalJson(false)).toBe("false");
  });

  it("sorts keys by UTF-16 code units (RFC 8785 §3.2.3 example)", () => {
    const value = { "\u20ac": 1, "\r": 2, "\ufb33": 3, "1": 4, "\ud83d\ude00": 5, "\u0080": 6, "\u00f6": 7 };
    // read the order from the text: JSON.parse would put the integer-like key "1" first again
    const text = canonicalJson(value);
    const positions = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"].map((key) =>
      text.indexOf(JSON.stringify(key)),
    );
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text.startsWith('{"\\r":2,"1":4,')).toBe(true);
  });

  it("writes strings and numbers as JSON.stringify does", () => {
    expect(canonicalJson({ s: 'quote " back \\ tab \t nl \n \u0001 é €' })).toBe(
      JSON.stringify({ s: 'quote " back \\ tab \t nl \n \u0001 é €' }),
    );
    expect(canonicalJson([0, -0, 1.5, 1e21, 1e-7, -3, 2 ** 53])).toBe("[0,0,1.5,1e+21,1e-7,-3,9007199254740992]");
  });

  it("leaves out undefined members and refuses what JSON cannot carry", () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(BigInt(1))).toThrow(TypeError);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
    expect(() => canonicalJson(new Date(0))).toThrow(TypeError);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
    // the same object twice, but not inside itself, is fine
    const shared = { a: 1 };
    expect(canonicalJson([shared, shared])).toBe('[{"a":1},{"a":1}]');
  });
});

describe("ZLicenceDocument", () => {
  it("accepts a valid document and ISO date-times for issued", () => {
    expect(ZLicenceDocument.safeParse(doc()).success).toBe(true);
    expect(ZLicenceDocument.safeParse(doc({ issued: "2025-06-01T10:00:00Z" })).success).toBe(true);
    expect(ZLicenceDocument.safeParse(doc({ issued: "2025-06-01T10:00:00.123+02:00" })).success).toBe(true);
  });

  it("refuses bad dates, limits, ids and sizes", () => {
    const fails = (value: unknown) => !ZLicenceDocument.safeParse(value).success;
    expect(fails(doc({ expiration: "2025-02-30" }))).toBe(true);
    expect(fails(doc({ expiration: "2025-6-1" }))).toBe(true);
    expect(fails(doc({ issued: "yesterday" }))).toBe(true);
    expect(fails(doc({ id: "" }))).toBe(true);
    expect(fails(doc({ id: " x" }))).toBe(true);
    expect(fails(doc({ name: "n".repeat(201) }))).toBe(true);
    expect(fails(doc({ customer: "c".repeat(200) }))).toBe(false);
    expect(fails(doc({ features: [{ id: "Pages", status: "Limited", limit: null, expiration: null }] }))).toBe(true);
    expect(fails(doc({ features: [{ id: "Pages", status: "LimitedMonth", limit: null, expiration: null }] }))).toBe(true);
    expect(fails(doc({ features: [{ id: "Pages", status: "Limited", limit: -1, expiration: null }] }))).toBe(true);
    expect(fails(doc({ features: [{ id: "Pages", status: "Limited", limit: 1.5, expiration: null }] }))).toBe(true);
    expect(fails(doc({ features: [{ id: "Pages", status: "Limited", limit: 0, expiration: null }] }))).toBe(false);
    expect(fails(doc({ features: [{ id: "Pages", status: "Unlimited", limit: null, expiration: null }] }))).toBe(false);
    expect(fails(doc({ features: [{ id: "1Pages", status: "Unlimited", limit: null, expiration: null }] }))).toBe(true);
    expect(fails(doc({ features: [{ id: "P".repeat(65), status: "Unlimited", limit: null, expiration: null }] }))).toBe(true);
    expect(fails(doc({ features: [{ id: "Learn.Docs_2-x", status: "Unlimited", limit: null, expiration: null }] }))).toBe(false);
    const feature = { id: "Pages", status: "Unlimited" as const, limit: null, expiration: null };
    expect(fails(doc({ features: [feature, feature] }))).toBe(true);
    const many = Array.from({ length: 101 }, (_, i) => ({ ...feature, id: `F${i}` }));
    expect(fails(doc({ features: many }))).toBe(true);
    expect(fails(doc({ features: many.slice(0, 100) }))).toBe(false);
    expect(fails({ ...doc(), features: undefined })).toBe(true);
  });
});

describe("keys", () => {
  it("generateKeyPair gives a raw 32-byte public key and a PKCS#8 DER private key that belong together", () => {
    const pair = generateKeyPair();
    expect(Buffer.from(pair.publicKey, "base64")).toHaveLength(32);
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    expect(publicKeyFromRaw(pair.publicKey)).not.toBeNull();
    expect(publicKeyOf(TEST_LICENCE_KEYS.privateKey)).toBe(TEST_LICENCE_KEYS.publicKey);
  });

  it("publicKeyFromRaw refuses anything but 32 bytes of base64", () => {
    expect(publicKeyFromRaw("")).toBeNull();
    expect(publicKeyFromRaw("not base64!")).toBeNull();
    expect(publicKeyFromRaw(Buffer.alloc(31).toString("base64"))).toBeNull();
    expect(publicKeyFromRaw(Buffer.alloc(33).toString("base64"))).toBeNull();
  });

  it("signLicence takes PEM too and refuses keys that are not Ed25519", () => {
    const pem = createPrivateKey({ key: Buffer.from(TEST_LICENCE_KEYS.privateKey, "base64"), format: "der", type: "pkcs8" })
      .export({ format: "pem", type: "pkcs8" })
      .toString();
    const file = encodeLicenceFile(signLicence(doc(), pem));
    expect(verifyLicenceFile(file, OPTS).id).toBe("lic-1");
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ format: "der", type: "pkcs8" })
      .toString("base64");
    expect(() => signLicence(doc(), ec)).toThrow(/not an Ed25519 key/);
    expect(() => signLicence(doc(), "garbage")).toThrow(/neither base64 PKCS#8 DER nor PEM/);
  });

  it("trustedLicenceKeys reads LICENCE_PUBLIC_KEYS, trimmed, without empty entries", () => {
    expect(trustedLicenceKeys({})).toEqual([]);
    expect(trustedLicenceKeys({ LICENCE_PUBLIC_KEYS: "" })).toEqual([]);
    expect(trustedLicenceKeys({ LICENCE_PUBLIC_KEYS: " a= , ,b=,\n" })).toEqual(["a=", "b="]);
  });
});

describe("signLicence / verifyLicenceFile", () => {
  it("round-trips a signed document", () => {
    const signed = signLicence(doc(), TEST_LICENCE_KEYS.privateKey);
    expect(Buffer.from(signed.signature, "base64")).toHaveLength(64);
    expect(verifyLicenceFile(encodeLicenceFile(signed), OPTS)).toEqual(signed);
  });

  it("refuses to sign an invalid document", () => {
    const error = errorOf(() => signLicence(doc({ expiration: "soon" }), TEST_LICENCE_KEYS.privateKey));
    expect(error.code).toBe("LicenceInvalid");
    expect(error.entries[0]?.params?.reason).toMatch(/^expiration: /);
  });

  it("tolerates white space around and line breaks inside the base64", () => {
    const file = makeLicenceFile({});
    expect(verifyLicenceFile(`\n  ${file}\r\n`, OPTS).customer).toBe("Test customer");
    const wrapped = file.replace(/(.{76})/g, "$1\n");
    expect(verifyLicenceFile(wrapped, OPTS).customer).toBe("Test customer");
  });

  it("the member order of the file does not matter", () => {
    const signed = signLicence(doc(), TEST_LICENCE_KEYS.privateKey);
    const reversed = Object.fromEntries(Object.entries(signed).reverse());
    expect(verifyLicenceFile(b64(reversed), OPTS).id).toBe("lic-1");
  });

  it("licence_error_noContent for empty input", () => {
    expect(errorOf(() => verifyLicenceFile("", OPTS)).code).toBe("licence_error_noContent");
    expect(errorOf(() => verifyLicenceFile(" \n\t", OPTS)).code).toBe("licence_error_noContent");
    expect(errorOf(() => verifyLicenceFile("", OPTS)).status).toBe(400);
  });

  it("LicenceInvalid for what is not base64, not JSON, not an object or fails the schema", () => {
    const reason = (text: string) => {
      const error = errorOf(() => verifyLicenceFile(text, OPTS));
      expect(error.code).toBe("LicenceInvalid");
      expect(error.status).toBe(400);
      return error.entries[0]?.params?.reason;
    };
    expect(reason("this is not base64!")).toBe("not base64");
    expect(reason("abcde")).toBe("not base64");
    expect(reason(b64("hello"))).toBe("not JSON");
    expect(reason(b64("[1,2]"))).toBe("not a JSON object");
    expect(reason(b64("null"))).toBe("not a JSON object");
    expect(reason(b64(doc()))).toBe("signature: missing");
    expect(reason(b64({ ...doc(), signature: 5 }))).toBe("signature: missing");
    expect(reason(signedRaw({ ...doc(), expiration: "2025-13-01" }))).toMatch(/^expiration: /);
    expect(
      reason(signedRaw({ ...doc(), features: [{ id: "Pages", status: "Limited", limit: null, expiration: null }] })),
    ).toMatch(/^features\.0\.limit: /);
    expect(reason("A".repeat(1_000_004))).toBe("the file is too large");
  });

  it("LicenceSignatureInvalid when the document was changed or no trusted key signed it", () => {
    const signed = signLicence(doc(), TEST_LICENCE_KEYS.privateKey);
    const code = (text: string, publicKeys = OPTS.publicKeys) =>
      errorOf(() => verifyLicenceFile(text, { ...OPTS, publicKeys })).code;
    expect(code(b64({ ...signed, customer: "Someone else" }))).toBe("LicenceSignatureInvalid");
    expect(code(b64({ ...signed, features: [{ ...signed.features[0], limit: 1_000_000 }, signed.features[1]] }))).toBe(
      "LicenceSignatureInvalid",
    );
    expect(code(b64({ ...signed, extra: "added later" }))).toBe("LicenceSignatureInvalid");
    expect(code(b64({ ...signed, signature: "not base64!" }))).toBe("LicenceSignatureInvalid");
    expect(code(b64({ ...signed, signature: Buffer.alloc(64).toString("base64") }))).toBe("LicenceSignatureInvalid");
    const other = generateKeyPair();
    expect(code(makeLicenceFile({}, other.privateKey))).toBe("LicenceSignatureInvalid");
    expect(code(encodeLicenceFile(signed), [])).toBe("LicenceSignatureInvalid");
    expect(code(encodeLicenceFile(signed), [other.publicKey])).toBe("LicenceSignatureInvalid");
    // accepted once its key is trusted, in any position
    expect(
      verifyLicenceFile(makeLicenceFile({}, other.privateKey), {
        ...OPTS,
        publicKeys: [TEST_LICENCE_KEYS.publicKey, other.publicKey],
      }).name,
    ).toBe("Test licence");
  });

  it("ignores key list entries that are not 32-byte keys", () => {
    const file = makeLicenceFile({});
    const junk = [
      "",
      "   ",
      "not base64!",
      "abc",
      Buffer.alloc(31, 1).toString("base64"),
      Buffer.alloc(64, 1).toString("base64"),
    ];
    expect(verifyLicenceFile(file, { ...OPTS, publicKeys: [...junk, ` ${TEST_LICENCE_KEYS.publicKey} `] }).station).toBe("*");
    expect(errorOf(() => verifyLicenceFile(file, { ...OPTS, publicKeys: junk })).code).toBe("LicenceSignatureInvalid");
  });

  it("a member this version does not know is covered by the signature and left out of the result", () => {
    const file = signedRaw({ ...doc(), region: "eu" });
    const verified = verifyLicenceFile(file, OPTS);
    expect(verified).not.toHaveProperty("region");
    expect(verified.id).toBe("lic-1");
  });

  it("LicenceStationMismatch unless the station is this one or *", () => {
    expect(verifyLicenceFile(makeLicenceFile({ station: STATION }), OPTS).station).toBe(STATION);
    expect(verifyLicenceFile(makeLicenceFile({ station: "*" }), OPTS).station).toBe("*");
    const error = errorOf(() => verifyLicenceFile(makeLicenceFile({ station: "other-station" }), OPTS));
    expect(error.code).toBe("LicenceStationMismatch");
    expect(error.entries[0]?.params).toEqual({ station: "other-station", stationId: STATION });
  });

  it("LicenceExpired only after the expiration day (UTC)", () => {
    const at = (now: string, expiration: string) => () =>
      verifyLicenceFile(makeLicenceFile({ expiration }), { ...OPTS, now: new Date(now) });
    expect(at("2025-06-15T23:59:59Z", "2025-06-15")).not.toThrow();
    expect(errorOf(at("2025-06-16T00:00:00Z", "2025-06-15")).code).toBe("LicenceExpired");
    // 01:00 in Berlin on the 16th is still the 15th in UTC
    expect(at("2025-06-15T23:00:00+00:00", "2025-06-15")).not.toThrow();
    expect(at("2025-06-16T01:00:00+02:00", "2025-06-15")).not.toThrow();
  });

  it("checks the signature before the station and the expiration", () => {
    const other = generateKeyPair();
    const file = makeLicenceFile({ station: "elsewhere", expiration: "2000-01-01" }, other.privateKey);
    expect(errorOf(() => verifyLicenceFile(file, OPTS)).code).toBe("LicenceSignatureInvalid");
    expect(errorOf(() => verifyLicenceFile(makeLicenceFile({ station: "elsewhere", expiration: "2000-01-01" }), OPTS)).code).toBe(
      "LicenceStationMismatch",
    );
  });
});

describe("test fixture", () => {
  it("makeLicenceFile signs the documented defaults", () => {
    const file = verifyLicenceFile(makeLicenceFile(), { ...OPTS, now: new Date() });
    expect(file).toMatchObject({
      customer: "Test customer",
      name: "Test licence",
      station: "*",
      mac: "",
      features: [{ id: "Pages", status: "Limited", limit: 1000, expiration: null }],
    });
    expect(isCalendarDate(file.expiration)).toBe(true);
    expect(file.expiration > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(verifyLicenceFile(makeLicenceFile(), { ...OPTS, now: new Date() }).id).not.toBe(file.id);
  });
});
