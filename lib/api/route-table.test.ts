import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import "./contracts";
import { registeredContracts } from "./contract";
import { allowedMethods, ROUTE_TABLE } from "./route-table";

describe("route table", () => {
  it("equals the registered contracts", () => {
    const fromContracts: Record<string, string[]> = {};
    for (const c of registeredContracts()) fromContracts[c.path] = [...(fromContracts[c.path] ?? []), c.method];
    const table = Object.fromEntries(Object.entries(ROUTE_TABLE).map(([p, m]) => [p, [...m].sort()]));
    expect(Object.fromEntries(Object.entries(fromContracts).map(([p, m]) => [p, m.sort()]))).toEqual(table);
  });

  it("prefers static segments over templates", () => {
    expect(allowedMethods("/api/users/register")).toEqual(["POST"]);
    expect(allowedMethods("/api/users/6a0b7b8e-0000-4000-8000-000000000000")).toEqual(["GET", "DELETE"]);
    expect(allowedMethods("/api/v3/featureflags/")).toEqual(["GET", "PUT"]);
    expect(allowedMethods("/api/about/modules/")).toEqual(["GET"]);
    expect(allowedMethods("/api/nope")).toBeUndefined();
  });
});

describe("405 in the envelope", () => {
  it("answers a known path called with another method, from the route module itself", async () => {
    const info = await import("@/app/api/info/route");
    const res = await info.DELETE(new NextRequest("http://localhost/api/info", { method: "DELETE" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toEqual({
      errors: [
        { code: "MethodNotAllowed", message: "Method DELETE is not allowed here.", messageParameter: { method: "DELETE" } },
      ],
    });
    // the module's own method is the real handler; OPTIONS names the methods
    expect((await info.GET(new NextRequest("http://localhost/api/info"))).status).toBe(200);
    const options = await info.OPTIONS(new NextRequest("http://localhost/api/info", { method: "OPTIONS" }));
    expect([options.status, options.headers.get("allow")]).toEqual([204, "GET, OPTIONS"]);
  });

  it("a path with a parameter names its own methods", async () => {
    const users = await import("@/app/api/users/[userId]/route");
    const url = "http://localhost/api/users/6a0b7b8e-0000-4000-8000-000000000000";
    const res = await users.PUT(new NextRequest(url, { method: "PUT" }));
    expect([res.status, res.headers.get("allow")]).toEqual([405, "GET, DELETE"]);
  });
});
