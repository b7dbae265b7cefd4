import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/api/route";
import { isDatabaseUnavailable } from "./database";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("a database that cannot be reached", () => {
  it("is told by the driver's codes, PostgreSQL's states and through Drizzle's cause", () => {
    for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "57P01", "57P03", "08006", "53300"])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    const wrapped = Object.assign(new Error("Failed query: select 1"), { cause: coded("ECONNREFUSED") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("is not any other failure", () => {
    for (const code of ["23505", "42P01", "22P02", "ENOENT"]) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("answers 503 ServiceUnavailable with Retry-After, any other failure 500 InternalError", async () => {
    const away = errorResponse(Object.assign(new Error("Failed query"), { cause: coded("57P01") }), "r-1");
    expect(away.status).toBe(503);
    expect(away.headers.get("retry-after")).toBe("5");
    expect((await away.json()).errors[0].code).toBe("ServiceUnavailable");
    const broken = errorResponse(new Error("boom"), "r-2");
    expect(broken.status).toBe(500);
    expect((await broken.json()).errors[0].code).toBe("InternalError");
  });
});
