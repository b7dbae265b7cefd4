import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
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
    expect(allowedMethods("/api/v3/featureflags/")).toEqual(["GET"]);
    expect(allowedMethods("/api/nope")).toBeUndefined();
  });
});

describe("405 in the envelope", () => {
  it("answers a known path called with another method", async () => {
    const res = await proxy(new NextRequest("http://localhost/api/info", { method: "DELETE" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(await res.json()).toEqual({
      errors: [
        { code: "MethodNotAllowed", message: "Method DELETE is not allowed here.", messageParameter: { method: "DELETE" } },
      ],
    });
  });

  it("lets allowed methods and unknown paths through", async () => {
    const ok = await proxy(new NextRequest("http://localhost/api/info"));
    expect(ok.headers.get("x-middleware-next")).toBe("1");
    const unknown = await proxy(new NextRequest("http://localhost/api/nope", { method: "DELETE" }));
    expect(unknown.headers.get("x-middleware-next")).toBe("1");
  });
});
