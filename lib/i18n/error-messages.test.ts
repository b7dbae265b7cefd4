import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import type { ErrorEntry } from "@/lib/errors/app-error";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { readableErrorParams } from "./error-params";

// The entries the services and schemas answer, with the parameters they carry (issue 10 §6 "Errors"):
// each must read as a sentence in both languages, without placeholders or the English developer reason.
const DEV = "developer text";
const ENTRIES: ErrorEntry[] = [
  { code: "TooLong", params: { field: "fullName", max: 200 } },
  { code: "TooShortText", params: { field: "x", min: 3 } },
  { code: "TooLarge", params: { field: "x", max: 10_000 } },
  { code: "TooManyItems", params: { field: "roles", max: 20 } },
  { code: "InvalidFormat", params: { field: "csbUrl", format: "url" } },
  { code: "InvalidFormat", params: { field: "id", format: "uuid" } },
  { code: "InvalidField", params: { field: "isActive", reason: DEV } },
  { code: "Required", params: { field: "name" } },
  { code: "UserLockedOut", params: { until: "2026-05-01 10:15:00" } },
  ...["notBase64", "notJson", "noSignature", "tooLarge", "content"].map(
    (problem): ErrorEntry => ({ code: "LicenceInvalid", params: { problem, reason: DEV } }),
  ),
  { code: "LicenceInvalid", params: { problem: "otherLicence", id: "L-2", reason: DEV } },
  ...["notZip", "pathEscapes", "compressionRatio", "overlapping", "noProjectJson", "notUtf8", "notJson"].map(
    (problem): ErrorEntry => ({ code: "projects_error_invalidFile", params: { problem, reason: DEV } }),
  ),
  // where project.json breaks the schema, as the upload names it (issue 24 §3)
  {
    code: "projects_error_invalidFile",
    params: { problem: "content", detail: 'documentClasses.0.fields.3.match: must be one of "first", "last"', reason: DEV },
  },
  { code: "projects_error_invalidFile", params: { problem: "tooManyEntries", max: 2000, reason: DEV } },
  { code: "projects_error_invalidFile", params: { problem: "damagedEntry", entry: "customizing/a.xml", reason: DEV } },
  { code: "LicenceSourceUnreachable", params: { problem: "invalidUrl", reason: DEV } },
  { code: "LicenceSourceUnreachable", params: { problem: "network", reason: DEV } },
  { code: "LicenceInUse", params: { what: "2 system(s)", kind: "systems", count: 2 } },
  { code: "LicenceInUse", params: { what: "V-1", kind: "licence" } },
];

describe("error texts of the portal (messages 'errors')", () => {
  it("says an upload limit in KB or MB, not in bytes (issue 23), in each language", () => {
    const limit = 50 * 1024 * 1024;
    const text = (locale: "en-US" | "de-DE") =>
      createTranslator({ locale, messages: locale === "en-US" ? en : de, namespace: "errors" })(
        "PayloadTooLarge",
        readableErrorParams("PayloadTooLarge", { limit }, locale),
      ).replaceAll("\u00a0", " ");
    expect(text("en-US")).toBe("The upload is larger than the 50 MB allowed.");
    expect(text("de-DE")).toBe("Der Upload ist größer als die erlaubten 50 MB.");
    expect(
      createTranslator({ locale: "de-DE", messages: de, namespace: "errors" })(
        "PayloadTooLarge",
        readableErrorParams("PayloadTooLarge", { limit: 1536 * 1024 }, "de-DE"),
      ).replaceAll("\u00a0", " "),
    ).toBe("Der Upload ist größer als die erlaubten 1,5 MB.");
  });

  for (const [locale, messages] of [
    ["en-US", en],
    ["de-DE", de],
  ] as const) {
    const t = createTranslator({ locale, messages, namespace: "errors", timeZone: "UTC" });
    it(`reads every answered entry as a sentence in ${locale}`, () => {
      for (const { code, params } of ENTRIES) {
        const text = t(code, params);
        expect(text, code).not.toMatch(/[{}]|errors\./);
        expect(text, code).not.toContain(DEV);
        expect(text, code).not.toContain("system(s)");
      }
    });
  }

  it("says the limit in words, in each language", () => {
    const entry = { field: "fullName", max: 200 };
    expect(createTranslator({ locale: "en-US", messages: en, namespace: "errors" })("TooLong", entry)).toBe(
      "Please enter at most 200 characters.",
    );
    expect(createTranslator({ locale: "de-DE", messages: de, namespace: "errors" })("TooLong", entry)).toBe(
      "Bitte höchstens 200 Zeichen eingeben.",
    );
    expect(
      createTranslator({ locale: "de-DE", messages: de, namespace: "errors" })("projects_error_invalidFile", {
        problem: "damagedEntry",
        entry: "customizing/a.xml",
      }),
    ).toBe("Die Projektdatei ist ungültig: der Eintrag customizing/a.xml ist beschädigt.");
    expect(
      createTranslator({ locale: "en-US", messages: en, namespace: "errors" })("projects_error_invalidFile", {
        problem: "content",
        detail: "documentClasses.0.priority: must be a whole number",
      }),
    ).toBe(
      "The project file is not valid: project.json does not match the project format: documentClasses.0.priority: must be a whole number.",
    );
  });
});
