import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publicAction } from "./safe-action";

describe("server actions", () => {
  const echo = publicAction(z.object({ name: z.string().max(10) }), async ({ name }) => name);

  it("answer the service's result for clean input", async () => {
    expect(await echo({ name: "Acme" })).toEqual({ ok: true, data: "Acme" });
  });

  it("refuse a NUL or a lone surrogate before anything reaches the database, naming the field", async () => {
    for (const name of ["Ac\u0000me", "Ac\ud800me"]) {
      expect(await echo({ name })).toEqual({ ok: false, errors: [{ code: "InvalidCharacters", params: { field: "name" } }] });
    }
  });

  it("report schema problems as codes with their field and limit", async () => {
    expect(await echo({ name: "x".repeat(11) })).toEqual({
      ok: false,
      errors: [{ code: "TooLong", params: { field: "name", max: 10 } }],
    });
  });
});
