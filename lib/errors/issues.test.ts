import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toEnvelope } from "./envelope";
import { code, codeIssue, entryToMessage, FORM_ISSUES, issueToEntry, messageToEntry, whenStrings } from "./issues";

/** What a form shows for `value`: each issue's message as react-hook-form gets it from zodResolver. */
function formEntries(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value, FORM_ISSUES);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ path: i.path.join("."), ...messageToEntry(i.message) }));
}

/** What the server answers for `value`. */
function serverEntries(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map(issueToEntry);
}

describe("zod issues as codes (form and server alike)", () => {
  const schema = z
    .object({
      name: z
        .string()
        .min(1, "MissingUserName")
        .max(10)
        .regex(/^\p{L}*$/u, "InvalidUserName"),
      days: z.number().min(1, code("licence_error_upload_invalidDays", { max: 99 })),
      url: z.url(),
      count: z.number().min(1).max(5),
      tags: z.array(z.string()).min(1),
      password: z.string(),
      repeat: z.string(),
    })
    .superRefine(
      (v, ctx) => {
        if (v.password !== v.repeat) ctx.addIssue(codeIssue("PasswordsNotEqual", ["repeat"]));
      },
      whenStrings("password", "repeat"),
    );
  const bad = { name: "ab1cdefghijkl", days: 0, url: "nope", count: 9, tags: [], password: "a", repeat: "b" };

  it("the form sees every field's problem at once, with its code and limit", () => {
    expect(formEntries(schema, bad)).toEqual([
      { path: "name", code: "TooLong", params: { max: 10 } },
      { path: "name", code: "InvalidUserName" },
      { path: "days", code: "licence_error_upload_invalidDays", params: { max: 99 } },
      { path: "url", code: "InvalidFormat", params: { format: "url" } },
      { path: "count", code: "TooLarge", params: { max: 5 } },
      { path: "tags", code: "TooFewItems", params: { min: 1 } },
      { path: "repeat", code: "PasswordsNotEqual" },
    ]);
  });

  it("the server answers the same codes, each with its field", () => {
    expect(serverEntries(schema, bad)).toEqual([
      { code: "TooLong", params: { field: "name", max: 10 } },
      { code: "InvalidUserName", params: { field: "name" } },
      { code: "licence_error_upload_invalidDays", params: { field: "days", max: 99 } },
      { code: "InvalidFormat", params: { field: "url", format: "url" } },
      { code: "TooLarge", params: { field: "count", max: 5 } },
      { code: "TooFewItems", params: { field: "tags", min: 1 } },
      { code: "PasswordsNotEqual", params: { field: "repeat" } },
    ]);
  });

  it("empty strings are Required, missing keys too", () => {
    const required = z.object({ a: z.string().min(1), b: z.string(), c: z.number() });
    expect(formEntries(required, { a: "", c: Number.NaN }).map((e) => e.code)).toEqual(["Required", "Required", "Required"]);
  });

  it("a code whose message says a {reason} the schema does not give gets one from the issue: the values allowed, the type", () => {
    const schema = z.object({
      fileLoggingLevel: z.enum(["Off", "Info", "Debug"], { error: "InvalidField" }),
      state: z.literal("Waiting", { error: "InvalidJobUpdate" }),
      priority: z.number({ error: "InvalidField" }),
      serviceUrl: z.url({ error: "InvalidField" }),
      name: z.string().refine(() => false, code("InvalidField", { reason: "named twice" })),
    });
    const entries = serverEntries(schema, { fileLoggingLevel: "Loud", state: "Done", priority: "1", serviceUrl: "x", name: "a" });
    expect(entries).toEqual([
      { code: "InvalidField", params: { field: "fileLoggingLevel", reason: "expected one of Off, Info, Debug" } },
      { code: "InvalidJobUpdate", params: { field: "state", reason: "expected Waiting" } },
      { code: "InvalidField", params: { field: "priority", reason: "expected number" } },
      { code: "InvalidField", params: { field: "serviceUrl", reason: "not a valid url" } },
      { code: "InvalidField", params: { field: "name", reason: "named twice" } },
    ]);
    for (const { message } of toEnvelope(entries).errors) expect(message).not.toMatch(/\{\w+\}/);
    expect(toEnvelope(entries).errors[0]?.message).toBe(
      "The field fileLoggingLevel is invalid: expected one of Off, Info, Debug.",
    );
  });

  it("messages round-trip; a foreign text becomes InvalidField", () => {
    const entry = { code: "TooLong" as const, params: { field: "fullName", max: 200 } };
    expect(messageToEntry(entryToMessage(entry))).toEqual(entry);
    expect(messageToEntry("MissingPassword")).toEqual({ code: "MissingPassword" });
    expect(messageToEntry("Too big: expected string")).toEqual({
      code: "InvalidField",
      params: { reason: "Too big: expected string" },
    });
    expect(messageToEntry('{"code":"NoSuchCode"}').code).toBe("InvalidField");
  });
});
