import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { ERROR_CODES } from "./codes";
import { fromZodError, parseInput, toEnvelope } from "./envelope";

describe("error envelope (DESIGN.md One error shape)", () => {
  it("formats code, message with parameters, and messageParameter", () => {
    expect(toEnvelope([{ code: "TooShort", params: { min: 6 } }, { code: "NoDigits" }])).toEqual({
      errors: [
        { code: "TooShort", message: "The password needs at least 6 characters.", messageParameter: { min: 6 } },
        { code: "NoDigits", message: "The password needs at least one digit.", messageParameter: null },
      ],
    });
  });

  it("maps zod issues to codes with their field: a schema's own code, else the kind of the issue", () => {
    const schema = z.object({ userName: z.string().min(1, "MissingUserName"), age: z.number() });
    const parsed = schema.safeParse({ userName: "", age: "x" });
    if (parsed.success) throw new Error("should fail");
    const error = fromZodError(parsed.error);
    expect(error.status).toBe(400);
    expect(error.entries[0]).toEqual({ code: "MissingUserName", params: { field: "userName" } });
    expect(error.entries[1]).toEqual({ code: "InvalidField", params: { field: "age", reason: "expected number" } });
  });

  it("parseInput answers every issue at once, each with its true reason and limit", () => {
    const schema = z.object({
      name: z
        .string()
        .min(1, "MissingUserName")
        .max(100)
        .regex(/^\p{L}*$/u, "InvalidUserName"),
      fullName: z.string().max(200),
      roles: z.array(z.string()).max(2),
    });
    const error = (() => {
      try {
        parseInput(schema, { name: "a".repeat(300), fullName: "b".repeat(201), roles: ["x", "y", "z"] });
      } catch (e) {
        return e as AppError;
      }
      throw new Error("should fail");
    })();
    expect(error.entries).toEqual([
      { code: "TooLong", params: { field: "name", max: 100 } },
      { code: "TooLong", params: { field: "fullName", max: 200 } },
      { code: "TooManyItems", params: { field: "roles", max: 2 } },
    ]);
    expect(toEnvelope(error.entries).errors[1]?.message).toBe("The field fullName takes at most 200 characters.");
    expect(parseInput(schema, { name: "Ann", fullName: "", roles: [] })).toEqual({ name: "Ann", fullName: "", roles: [] });
  });

  it("a missing field is Required, not a type error", () => {
    const schema = z.object({ name: z.string(), count: z.number(), kind: z.enum(["a", "b"]) });
    expect(() => parseInput(schema, {})).toThrow(AppError);
    try {
      parseInput(schema, {});
    } catch (e) {
      expect((e as AppError).entries.map((x) => x.code)).toEqual(["Required", "Required", "Required"]);
    }
  });

  it("statuses follow the catalogue", () => {
    expect(new AppError("InvalidCredentials").status).toBe(401);
    expect(new AppError("RefreshTokenExpired").status).toBe(410);
    expect(new AppError("AccessDenied").status).toBe(403);
    expect(new AppError("NotFound").status).toBe(404);
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
    }
  });
});
