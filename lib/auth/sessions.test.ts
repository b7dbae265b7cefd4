import { describe, expect, it } from "vitest";
import { REFRESH_LIFETIME_MS, tokenLifetimes } from "./sessions";

describe("token lifetimes (DESIGN.md Tokens)", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("access tokens live tokenExpirationMinutes", () => {
    expect(tokenLifetimes(60, now).validUntil.toISOString()).toBe("2026-01-01T01:00:00.000Z");
  });
  it("never less than 10 minutes (spec foundation §9)", () => {
    expect(tokenLifetimes(1, now).validUntil.toISOString()).toBe("2026-01-01T00:10:00.000Z");
    expect(tokenLifetimes(0, now).validUntil.toISOString()).toBe("2026-01-01T00:10:00.000Z");
  });
  it("refresh tokens live 24 h", () => {
    expect(tokenLifetimes(60, now).refreshValidUntil.getTime() - now.getTime()).toBe(REFRESH_LIFETIME_MS);
    expect(REFRESH_LIFETIME_MS).toBe(24 * 3600 * 1000);
  });
});
