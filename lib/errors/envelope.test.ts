import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./app-error";
import { ERROR_CODES } from "./codes";
import { fromZodError, toEnvelope } from "./envelope";

describe("error envelope (DESIGN.md One error shape)", () => {
  it("formats code, message with parameters, and messageParameter", () => {
    expect(toEnvelope([{ code: "TooShort", params: { min: 6 } }, { code: "NoDigits" }])).toEqual({
      errors: [
        { code: "TooShort", message: "The password needs at least 6 characters.", messageParameter: { min: 6 } },
        { code: "NoDigits", message: "The password needs at least one digit.", messageParameter: null },
      ],
    });
  });

  it("maps zod issues with a key message to that code, others to InvalidField", () => {
    const schema = z.object({ userName: z.string().min(1, "MissingUserName"), age: z.number() });
    const parsed = schema.safeParse({ userName: "", age: "x" });
    if (parsed.success) throw new Error("should fail");
    const error = fromZodError(parsed.error);
    expect(error.status).toBe(400);
    expect(error.entries[0]).toEqual({ code: "MissingUserName", params: { field: "userName" } });
    expect(error.entries[1]?.code).toBe("InvalidField");
    expect(error.entries[1]?.params?.field).toBe("age");
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
