import { strToU8, Zip, ZipDeflate, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { sampleEsproject, sampleProjectDocument } from "@/tests/fixtures/project";
import { errorOf } from "@/tests/helpers/app-error";
import { crc32, isContainedPath, readEsproject, writeEsproject } from "./esproject-zip";
import { ESPROJECT_LIMITS, type EsprojectLimits, projectFileNameToName, regexProblem, ZProjectDocument } from "./schemas";

const MB = 1024 * 1024;

/** the reason of the projects_error_invalidFile that reading `bytes` throws */
function reasonOf(bytes: Uint8Array, limits?: EsprojectLimits): string {
  const error = errorOf(() => readEsproject(bytes, limits));
  expect(error.code).toBe("projects_error_invalidFile");
  expect(error.status).toBe(400);
  return String(error.entries[0]?.params?.reason);
}

function projectJson(value: unknown = sampleProjectDocument()): Uint8Array {
  return strToU8(typeof value === "string" ? value : JSON.stringify(value));
}

/** a zip of these entries (strings as UTF-8), project.json included unless given or `null` */
function zipOf(entries: Record<string, string | Uint8Array> = {}, level: 0 | 6 = 6): Uint8Array {
  const files: Record<string, Uint8Array> = { "project.json": projectJson() };
  for (const [name, data] of Object.entries(entries)) files[name] = typeof data === "string" ? strToU8(data) : data;
  return zipSync(files, { level });
}

/** a zip whose project.json is `value` */
function zipWithDocument(value: unknown): Uint8Array {
  return zipSync({ "project.json": projectJson(value) });
}

/** a zip streamed from one reused chunk of zeros, so that the test never holds `size` bytes */
function zipOfZeros(name: string, size: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  const json = new ZipDeflate("project.json");
  zip.add(json);
  json.push(projectJson(), true);
  const big = new ZipDeflate(name, { level: 1 });
  zip.add(big);
  const zeros = new Uint8Array(Math.min(MB, size));
  for (let written = 0; written < size; written += zeros.length) {
    const length = Math.min(zeros.length, size - written);
    big.push(length === zeros.length ? zeros : zeros.subarray(0, length), written + length >= size);
  }
  zip.end();
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** deterministic, moderately compressible text (hex digits: deflate gets about 2:1) */
function hexText(size: number, seed: number): Uint8Array {
  const out = new Uint8Array(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[index] = "0123456789abcdef".charCodeAt((state >>> 0) & 15);
  }
  return out;
}

/** the offset of the central directory record of `name` */
function centralRecord(zip: Uint8Array, name: string): number {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = strToU8(name);
  for (let at = zip.length - 46; at >= 0; at--) {
    if (view.getUint32(at, true) !== 0x02014b50 || view.getUint16(at + 28, true) !== wanted.length) continue;
    if (wanted.every((byte, index) => zip[at + 46 + index] === byte)) return at;
  }
  throw new Error(`no central record for ${name}`);
}

/** a copy of `zip` with a 16/32-bit field of the central record of `name` overwritten */
function patchCentral(zip: Uint8Array, name: string, field: number, value: number, bits: 16 | 32 = 32): Uint8Array {
  const copy = zip.slice();
  const view = new DataView(copy.buffer);
  const at = centralRecord(copy, name) + field;
  if (bits === 16) view.setUint16(at, value, true);
  else view.setUint32(at, value, true);
  return copy;
}

describe("readEsproject: valid files", () => {
  it("reads a project without customizing", () => {
    const result = readEsproject(sampleEsproject());
    expect(result.document).toEqual(sampleProjectDocument());
    expect(result.customizing).toEqual([]);
    expect(result.entries).toBe(1);
    expect(result.unpackedBytes).toBeGreaterThan(100);
  });

  it("reads a project with customizing files and folder entries, listing the files relative to the folder", () => {
    const zip = zipOf({
      "customizing/": new Uint8Array(0),
      "customizing/profiles/": new Uint8Array(0),
      "customizing/profiles/invoice.xml": "<profile/>",
      "customizing/keys.txt": "a=b\n",
    });
    const result = readEsproject(zip);
    expect(result.customizing).toEqual([
      { path: "keys.txt", size: 4 },
      { path: "profiles/invoice.xml", size: 10 },
    ]);
    expect(result.entries).toBe(5);
    expect(result.unpackedBytes).toBe(projectJson().length + 14);
  });

  it("reads stored (uncompressed) entries", () => {
    expect(readEsproject(zipOf({ "customizing/a.csv": "x;y\n" }, 0)).customizing).toEqual([{ path: "a.csv", size: 4 }]);
  });

  it("reads entries written with data descriptors (streamed zips)", () => {
    expect(readEsproject(zipOfZeros("customizing/blank.bin", 1000)).customizing).toEqual([{ path: "blank.bin", size: 1000 }]);
  });

  it("normalises a numeric version to text and defaults type and properties", () => {
    const { type: _type, properties: _properties, ...rest } = sampleProjectDocument();
    const document = readEsproject(zipWithDocument({ ...rest, version: 3 })).document;
    expect(document.version).toBe("3");
    expect(document.type).toBe("Extraction");
    expect(document.properties).toEqual([]);
  });

  it("accepts UTF-8 with a byte order mark", () => {
    const json = projectJson();
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...json]);
    expect(readEsproject(zipSync({ "project.json": withBom })).document.name).toBe("Invoices and letters");
  });
});

describe("readEsproject: not a project file", () => {
  it("refuses bytes that are not a zip", () => {
    expect(reasonOf(new Uint8Array(0))).toBe("not a zip");
    expect(reasonOf(strToU8("just some text, not an archive"))).toBe("not a zip");
    expect(reasonOf(new Uint8Array(100))).toBe("not a zip");
  });

  it("refuses a truncated zip", () => {
    const zip = sampleEsproject();
    expect(reasonOf(zip.subarray(0, zip.length - 10))).toBe("not a zip");
    expect(reasonOf(zip.subarray(30))).toBe("not a zip");
  });

  it("refuses a zip without project.json", () => {
    expect(reasonOf(zipSync({ "customizing/a.xml": strToU8("<a/>") }))).toBe("project.json missing");
    expect(reasonOf(zipSync({}))).toBe("project.json missing");
  });

  it("refuses project.json that is not UTF-8 JSON", () => {
    expect(reasonOf(zipWithDocument("{ name: "))).toBe("project.json: not valid JSON");
    expect(reasonOf(zipSync({ "project.json": new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }))).toBe("project.json: not valid UTF-8");
  });

  it("refuses project.json that breaks the schema, naming the first issue", () => {
    const { name: _name, ...withoutName } = sampleProjectDocument();
    expect(reasonOf(zipWithDocument(withoutName))).toMatch(/^project\.json: name: /);

    const badRegex = sampleProjectDocument();
    badRegex.documentClasses[0]!.patterns = ["invoice (no"];
    expect(reasonOf(zipWithDocument(badRegex))).toMatch(
      /^project\.json: documentClasses\.0\.patterns\.0: is not a valid regular expression \(flags iu\): .+/,
    );

    const badType = JSON.parse(JSON.stringify(sampleProjectDocument())) as { documentClasses: { fields: { type: string }[] }[] };
    badType.documentClasses[1]!.fields[0]!.type = "integer";
    expect(reasonOf(zipWithDocument(badType))).toMatch(/^project\.json: documentClasses\.1\.fields\.0\.type: /);

    expect(reasonOf(zipWithDocument([]))).toMatch(/^project\.json: /);
  });
});

describe("readEsproject: entries", () => {
  it.each([
    "../evil",
    "/abs",
    "customizing/../../x",
    "C:\\x",
    "customizing\\..\\x",
    "customizing/./x",
    "customizing//x",
    "customizing/a\0b",
  ])("refuses the path %j", (name) => {
    expect(reasonOf(zipOf({ [name]: "x" }))).toBe("path escapes");
  });

  it("refuses anything but project.json and the customizing folder", () => {
    expect(reasonOf(zipOf({ "readme.txt": "hello" }))).toBe("unexpected entry readme.txt");
    expect(reasonOf(zipOf({ "__MACOSX/": new Uint8Array(0) }))).toBe("unexpected entry __MACOSX/");
    expect(reasonOf(zipOf({ "sub/project.json": "{}" }))).toBe("unexpected entry sub/project.json");
    expect(reasonOf(zipOf({ customizing: "a file, not the folder" }))).toBe("unexpected entry customizing");
    expect(reasonOf(zipOf({ "Customizing/a.xml": "<a/>" }))).toBe("unexpected entry Customizing/a.xml");
  });

  it("refuses entries that would land on the same file", () => {
    expect(reasonOf(zipOf({ "customizing/A.xml": "1", "customizing/a.xml": "2" }))).toBe("duplicate entry customizing/a.xml");
    expect(reasonOf(zipOf({ "customizing/a": "1", "customizing/a/b": "2" }))).toBe("duplicate entry customizing/a");
    expect(reasonOf(zipOf({ "customizing/a": "1", "customizing/a-b": "2", "customizing/A/b": "3" }))).toBe(
      "duplicate entry customizing/a",
    );
    expect(reasonOf(zipOf({ "customizing/a": "1", "customizing/a/": new Uint8Array(0) }))).toBe("duplicate entry customizing/a");
  });

  it("refuses more entries than allowed", () => {
    const zip = zipOf({ "customizing/1": "1", "customizing/2": "2", "customizing/3": "3" });
    expect(reasonOf(zip, { maxEntries: 3 })).toBe("more than 3 entries");
    expect(readEsproject(zip, { maxEntries: 4 }).entries).toBe(4);
  });

  it("refuses encrypted entries and unknown compression methods", () => {
    const zip = zipOf({ "customizing/a.xml": "<a/>" });
    expect(reasonOf(patchCentral(zip, "customizing/a.xml", 8, 1, 16))).toBe("encrypted entry customizing/a.xml");
    expect(reasonOf(patchCentral(zip, "customizing/a.xml", 10, 12, 16))).toBe("unsupported compression in customizing/a.xml");
  });

  it("refuses an entry whose data does not match its checksum", () => {
    const zip = zipOf({ "customizing/a.txt": "abcdef" }, 0);
    const at = zip.findIndex((_, index) => zip[index] === 0x61 && zip[index + 5] === 0x66);
    const damaged = zip.slice();
    damaged[at] = 0x7a;
    expect(reasonOf(damaged)).toBe("entry customizing/a.txt is damaged");
  });
});

describe("readEsproject: zip bombs", () => {
  // one entry of 60 MB of zeros, about 60 KB packed
  const bomb = zipOfZeros("customizing/zeros.bin", 60 * MB);

  it("refuses one entry of 60 MB of zeros by its compression ratio and by the size limit, before inflating", () => {
    expect(bomb.length).toBeLessThan(MB);
    expect(reasonOf(bomb)).toBe("compression ratio");
    expect(reasonOf(bomb, { maxUnpackedBytes: Number.POSITIVE_INFINITY })).toBe("compression ratio");
    const error = errorOf(() => readEsproject(bomb, { maxRatio: Number.POSITIVE_INFINITY }));
    expect(error.code).toBe("projects_error_tooLarge");
    expect(error.status).toBe(413);
    expect(error.entries[0]?.params).toEqual({ limit: 50 });
  });

  it("refuses a small entry that is compressed too well (ratio rule)", () => {
    const zip = zipOfZeros("customizing/blank.bin", 2 * MB);
    expect(reasonOf(zip)).toBe("compression ratio");
    expect(readEsproject(zip, { maxRatio: 2000 }).customizing).toEqual([{ path: "blank.bin", size: 2 * MB }]);
  });

  it("refuses many moderately compressed entries that together unpack past the limit (size rule)", () => {
    const entries: Record<string, Uint8Array> = {};
    for (let index = 0; index < 20; index++) entries[`customizing/part-${index}.txt`] = hexText(64 * 1024, index + 1);
    const zip = zipOf(entries);
    const error = errorOf(() => readEsproject(zip, { maxUnpackedBytes: MB }));
    expect(error.code).toBe("projects_error_tooLarge");
    expect(error.entries[0]?.params).toEqual({ limit: 1 });
    expect(readEsproject(zip).customizing).toHaveLength(20);
  });

  it("holds each entry to its declared size while inflating, so a lying header gets nowhere", () => {
    // 2 MB of zeros that claim to be 10 000 bytes: ratio and size look harmless in the directory
    const liar = patchCentral(zipOfZeros("customizing/liar.bin", 2 * MB), "customizing/liar.bin", 24, 10_000);
    expect(reasonOf(liar)).toBe("entry customizing/liar.bin is damaged");
    const error = errorOf(() => readEsproject(liar, { maxUnpackedBytes: 100_000 }));
    expect(error.code).toBe("projects_error_tooLarge");
  });
});

describe("writeEsproject", () => {
  it("round-trips a project with customizing files", () => {
    const document = sampleProjectDocument({ type: "LinkedExtraction", version: "2.1" });
    const customizing = { "profile.xml": strToU8("<profile/>"), "keys/de.txt": strToU8("Rechnung=Invoice\n") };
    const result = readEsproject(writeEsproject(document, customizing));
    expect(result.document).toEqual(document);
    expect(result.customizing).toEqual([
      { path: "keys/de.txt", size: 17 },
      { path: "profile.xml", size: 10 },
    ]);
  });

  it("writes the same bytes for the same project", () => {
    expect(sampleEsproject()).toEqual(sampleEsproject());
  });

  it("stores a file that deflate would pack beyond the ratio limit, so it can be read back", () => {
    const blank = new Uint8Array(2 * MB);
    expect(readEsproject(sampleEsproject({}, { "blank.bin": blank })).customizing).toEqual([{ path: "blank.bin", size: 2 * MB }]);
  });

  it("refuses customizing paths that escape the folder", () => {
    for (const path of ["../x", "a/../../x", "", "dir/", "a\\b"]) {
      expect(errorOf(() => writeEsproject(sampleProjectDocument(), { [path]: new Uint8Array(1) })).code).toBe(
        "projects_error_invalidFile",
      );
    }
  });
});

describe("ZProjectDocument", () => {
  it("accepts the sample and keeps the documented shape", () => {
    expect(ZProjectDocument.parse(sampleProjectDocument())).toEqual(sampleProjectDocument());
  });

  it("compiles every pattern of the sample with the flags iu", () => {
    for (const documentClass of sampleProjectDocument().documentClasses) {
      for (const pattern of [...documentClass.patterns, ...documentClass.fields.flatMap((field) => field.pattern ?? [])]) {
        expect(regexProblem(pattern)).toBeNull();
      }
    }
    expect(regexProblem("[a-")).not.toBeNull();
    expect(regexProblem("[a\\-z]")).toBeNull();
    // valid without the u flag, not with it
    expect(regexProblem("\\q")).toBe("Invalid escape");
    expect(regexProblem("\\-")).not.toBeNull();
  });

  it("refuses what the schema limits", () => {
    const sample = sampleProjectDocument();
    const invoice = sample.documentClasses[0]!;
    const refused = [
      { ...sample, name: " " },
      { ...sample, name: "n".repeat(201) },
      { ...sample, version: "" },
      { ...sample, version: null },
      { ...sample, type: "Invalid" },
      { ...sample, documentClasses: Array.from({ length: 501 }, (_, index) => ({ ...invoice, name: `C${index}` })) },
      { ...sample, documentClasses: [{ ...invoice, keywords: Array.from({ length: 201 }, (_, index) => `k${index}`) }] },
      { ...sample, documentClasses: [{ ...invoice, patterns: ["a".repeat(1001)] }] },
      { ...sample, documentClasses: [{ ...invoice, patterns: [""] }] },
      { ...sample, documentClasses: [{ ...invoice, keywords: undefined }] },
      { ...sample, documentClasses: [invoice, { ...invoice }] },
      { ...sample, documentClasses: [{ ...invoice, fields: [invoice.fields[0], invoice.fields[0]] }] },
      { ...sample, properties: [{ name: "", value: "x", description: "" }] },
    ];
    for (const value of refused) expect(ZProjectDocument.safeParse(value).success).toBe(false);
  });

  it("names duplicates where they are", () => {
    const sample = sampleProjectDocument();
    const result = ZProjectDocument.safeParse({
      ...sample,
      documentClasses: [sample.documentClasses[0], sample.documentClasses[0]],
    });
    expect(result.error?.issues[0]?.path).toEqual(["documentClasses", 1, "name"]);
    expect(result.error?.issues[0]?.message).toBe("duplicate class Invoice");
  });

  it("keeps property values as text and fills missing ones", () => {
    const parsed = ZProjectDocument.parse({
      ...sampleProjectDocument(),
      properties: [{ name: "pages", value: 3 }, { name: "ocr" }],
    });
    expect(parsed.properties).toEqual([
      { name: "pages", value: "3", description: "" },
      { name: "ocr", value: "", description: "" },
    ]);
  });
});

describe("helpers", () => {
  it("projectFileNameToName strips folders and the last extension", () => {
    expect(projectFileNameToName("Invoices.esproject")).toBe("Invoices");
    expect(projectFileNameToName("C:\\fakepath\\My project.v2.esproject")).toBe("My project.v2");
    expect(projectFileNameToName("/home/me/ letters .esproject")).toBe("letters");
    expect(projectFileNameToName("noextension")).toBe("noextension");
    expect(projectFileNameToName(".esproject")).toBe("");
    expect(projectFileNameToName("")).toBe("");
  });

  it("isContainedPath accepts clean relative paths only", () => {
    expect(isContainedPath("customizing/a/b.xml")).toBe(true);
    expect(isContainedPath("customizing/")).toBe(true);
    for (const bad of ["", "/a", "a/../b", "..", "a\\b", "c:/x", "a//b", "./a", "a\0"]) expect(isContainedPath(bad)).toBe(false);
  });

  it("crc32 matches the known check value", () => {
    expect(crc32(strToU8("123456789"))).toBe(0xcbf43926);
    expect(crc32(strToU8("56789"), crc32(strToU8("1234")))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it("defaults to the limits of DESIGN.md", () => {
    expect(ESPROJECT_LIMITS).toEqual({ maxUnpackedBytes: 50 * MB, maxRatio: 100, maxEntries: 10_000 });
  });
});

describe("project.json: how dates and amounts are written (issue 24 §2)", () => {
  /** the sample with the Invoice class's fields given these options (by field index) and the project these */
  function withOptions(fields: Record<number, Record<string, unknown>>, project: Record<string, unknown> = {}) {
    const doc = JSON.parse(JSON.stringify(sampleProjectDocument())) as ReturnType<typeof sampleProjectDocument>;
    const invoice = doc.documentClasses[0]!;
    invoice.fields = invoice.fields.map((field, index) => ({ ...field, ...fields[index] }));
    return { ...doc, ...project };
  }

  it("accepts and keeps locale, dateFormats and decimalSeparator", () => {
    // fields 0 string, 1 amount, 2 date
    const doc = withOptions(
      { 1: { locale: "de-CH", decimalSeparator: "," }, 2: { locale: "fr", dateFormats: ["dd/MM/yyyy", "d MMMM yyyy"] } },
      { locale: "nl-NL" },
    );
    const { document } = readEsproject(zipWithDocument(doc));
    expect(document.locale).toBe("nl-NL");
    expect(document.documentClasses[0]!.fields.slice(1)).toEqual([
      expect.objectContaining({ locale: "de-CH", decimalSeparator: "," }),
      expect.objectContaining({ locale: "fr", dateFormats: ["dd/MM/yyyy", "d MMMM yyyy"] }),
    ]);
  });

  it.each([
    [{}, { locale: "xx-YY" }, /^project\.json: locale: unknown locale "xx-YY": a BCP-47 tag such as de-DE, fr or nl-NL$/],
    [{}, { locale: "de_DE" }, /^project\.json: locale: unknown locale/],
    [{ 2: { locale: "klingon" } }, {}, /^project\.json: documentClasses\.0\.fields\.2\.locale: unknown locale "klingon"/],
    [{ 2: { locale: 7 } }, {}, /^project\.json: documentClasses\.0\.fields\.2\.locale: /],
    [
      { 1: { decimalSeparator: ";" } },
      {},
      /^project\.json: documentClasses\.0\.fields\.1\.decimalSeparator: must be "\." or ","$/,
    ],
    [
      { 2: { dateFormats: ["dd/MM"] } },
      {},
      /^project\.json: documentClasses\.0\.fields\.2\.dateFormats\.0: is not a date format .*a year \(y\)/,
    ],
    [{ 2: { dateFormats: ["dd/MM/yyyy", "DD.MM.YYYY"] } }, {}, /^project\.json: documentClasses\.0\.fields\.2\.dateFormats\.1: /],
    [{ 2: { dateFormats: [] } }, {}, /^project\.json: documentClasses\.0\.fields\.2\.dateFormats: must not be empty$/],
    [{ 2: { dateFormats: "dd/MM/yyyy" } }, {}, /^project\.json: documentClasses\.0\.fields\.2\.dateFormats: /],
    [
      { 0: { locale: "de" } },
      {},
      /^project\.json: documentClasses\.0\.fields\.0\.locale: applies to date, amount and number fields only$/,
    ],
    [
      { 1: { dateFormats: ["dd/MM/yyyy"] } },
      {},
      /^project\.json: documentClasses\.0\.fields\.1\.dateFormats: applies to date fields only$/,
    ],
    [
      { 2: { decimalSeparator: "," } },
      {},
      /^project\.json: documentClasses\.0\.fields\.2\.decimalSeparator: applies to amount and number fields only$/,
    ],
  ])("refuses %j %j naming where", (fields, project, reason) => {
    expect(reasonOf(zipWithDocument(withOptions(fields, project)))).toMatch(reason);
  });
});

describe("project.json: the text fields read (issue 24 §1)", () => {
  function withText(fields: Record<number, unknown>, project?: unknown) {
    const doc = JSON.parse(JSON.stringify(sampleProjectDocument())) as { documentClasses: { fields: object[] }[] };
    const invoice = doc.documentClasses[0]!;
    invoice.fields = invoice.fields.map((field, index) => (index in fields ? { ...field, text: fields[index] } : field));
    return project === undefined ? doc : { ...doc, text: project };
  }

  it("accepts and keeps text on the project and on a field of any type", () => {
    const { document } = readEsproject(zipWithDocument(withText({ 0: "reading", 2: "layout" }, "layout")));
    expect(document.text).toBe("layout");
    expect(document.documentClasses[0]!.fields.map((f) => f.text)).toEqual(["reading", undefined, "layout"]);
    expect(readEsproject(zipWithDocument(withText({}))).document.text).toBeUndefined();
  });

  it.each([
    [{}, "columns", /^project\.json: text: must be "layout" or "reading"$/],
    [{}, "Layout", /^project\.json: text: must be "layout" or "reading"$/],
    [{ 1: "pdftotext" }, undefined, /^project\.json: documentClasses\.0\.fields\.1\.text: must be "layout" or "reading"$/],
    [{ 2: true }, undefined, /^project\.json: documentClasses\.0\.fields\.2\.text: must be "layout" or "reading"$/],
  ])("refuses %j %j naming where", (fields, project, reason) => {
    expect(reasonOf(zipWithDocument(withText(fields, project)))).toMatch(reason);
  });
});
