import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "@/lib/api/route-table";
import { type Answer, adminToken, api, expectError, login, server } from "./helpers";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const SOME_ID = "00000000-0000-4000-8000-000000000000";

/** A concrete path of a template: every `{param}` an id that exists nowhere (kind: a real file kind). */
function concrete(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (name === "kind" ? "order" : name === "file" ? "a.txt" : SOME_ID));
}

/** What must be equal with and without the trailing slash: the status and the error codes. */
const outcome = (res: Answer) => ({ status: res.status, codes: res.json?.errors?.map((e: { code: string }) => e.code) });

describe("every REST path answers with and without the trailing slash, for every method, never with a redirect", () => {
  it.each(Object.keys(ROUTE_TABLE))("%s", async (template) => {
    const token = await adminToken();
    const path = concrete(template);
    for (const method of METHODS) {
      const answers: Answer[] = [];
      for (const written of [path, `${path}/`]) {
        // logout ends the session of its token: each call brings its own
        const own = template === "/api/auth/logout" ? await login("Supersystem", "admin", server().adminPassword) : token;
        const res = await api(method, written, { token: own });
        expect(res.status, `${method} ${written}: ${res.text.slice(0, 200)}`).not.toBe(308);
        expect(res.status, `${method} ${written}`).toBeLessThan(500);
        // answered by the route itself, not by the catch-all of unknown paths
        expect(res.json?.errors?.[0]?.code, `${method} ${written}`).not.toBe("NotFound");
        answers.push(res);
      }
      const [plain, slashed] = answers as [Answer, Answer];
      expect(outcome(slashed), `${method} ${path}/`).toEqual(outcome(plain));
      if (!ROUTE_TABLE[template]?.includes(method)) expect(plain.status, `${method} ${path}`).toBe(405);
    }
  });

  it("a multipart body posted to a path with the slash arrives (POST v3/projects/ and jobs/?auth=)", async () => {
    const token = await adminToken();
    const form = new FormData();
    form.append("meta", JSON.stringify({ name: "x" }));
    // the route read the body: it names what is missing in it, not a redirect or an empty body
    expectError(await api("POST", "/api/v3/projects/", { token, raw: form }), 400, "missingSystemId");
    const order = new FormData();
    order.append("file", new File(["text"], "a.txt", { type: "text/plain" }));
    expectError(await api("POST", "/api/jobs/?auth=no-such-key", { raw: order }), 401, "InvalidAuthKey");
  });

  it("pages keep their canonical URL: one with a trailing slash still redirects to the one without", async () => {
    for (const page of ["/login/", "/admin/login/", "/forgotPassword/", "/apidocs/"]) {
      const res = await api("GET", page);
      expect(res.status, page).toBe(308);
      expect(res.headers.get("location"), page).toBe(page.slice(0, -1));
    }
    // the learn API to come is an API too: no redirect below /learn/api
    expect((await api("GET", "/learn/api/v1/anything/")).status).not.toBe(308);
  });
});

describe("a page path that cannot be decoded", () => {
  it.each(["/system/%c0%ae/dashboard", "/admin/%", "/system/Acme/jobmonitor/details/%ff", "/%e0%80"])(
    "%s is the not-found page (404), not a plain-text 500",
    async (path) => {
      const res = await api("GET", path);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
    },
  );
});

describe("a path that cannot be decoded, or holds a control character, is 400 in the envelope", () => {
  it.each([
    ["/api/jobs/%c0%ae", "InvalidPath"],
    ["/api/users/%", "InvalidPath"],
    ["/api/users/%zz", "InvalidPath"],
    ["/api/v3/projects/%ed%a0%80", "InvalidPath"],
    ["/api/nothing/here%ff", "InvalidPath"],
    ["/api/info%e2%82", "InvalidPath"],
    ["/learn/api/v1/%c0", "InvalidPath"],
    ["/api/nothing/a%00b", "InvalidPath"],
    ["/api/systems/name/Sys%00", "InvalidCharacters"],
    ["/api/users/Supersystem/ad%00min/password/reset", "InvalidCharacters"],
    ["/api/users/Super%1Fsystem/admin/password/reset", "InvalidCharacters"],
  ])("%s -> %s", async (path, code) => {
    const token = await adminToken();
    expectError(await api("GET", path, { token }), 400, code);
  });

  it("for every method of a known path, with and without a token", async () => {
    const token = await adminToken();
    for (const method of METHODS) {
      for (const auth of [token, undefined]) {
        const res = await api(method, "/api/jobs/%c0%ae/download", { token: auth });
        expectError(res, 400, "InvalidPath");
      }
    }
  });

  it("a huge segment is answered by the route; a request head over Node's 16 KB is 431 before any code of ours", async () => {
    const token = await adminToken();
    expectError(await api("GET", `/api/systems/name/${"a".repeat(8000)}`, { token }), 400, "TooLong");
    expectError(await api("GET", `/api/users/${"%c0".repeat(2000)}`, { token }), 400, "InvalidPath");
    // Node's HTTP parser (--max-http-header-size, 16 KB) answers this one itself, without a body
    expect((await api("GET", `/api/info?x=${"a".repeat(20_000)}`)).status).toBe(431);
  });

  it("/api itself is an unknown path: 404 in the envelope, with or without the slash", async () => {
    for (const path of ["/api", "/api/"]) expectError(await api("GET", path), 404, "NotFound");
  });

  it("a NUL in a query parameter is 400 InvalidCharacters", async () => {
    expectError(await api("GET", "/api/jobs/1?auth=a%00b"), 400, "InvalidCharacters");
    expectError(
      await api("GET", `/api/v3/systems/${SOME_ID}/jobs?client%00=a`, { token: await adminToken() }),
      400,
      "InvalidCharacters",
    );
  });

  it("a NUL, a control character or a lone surrogate in a JSON string is 400 InvalidCharacters naming the field", async () => {
    const login = await api("POST", "/api/auth/login", {
      body: { systemName: "Super\u0000system", userName: "admin", password: "x" },
    });
    expectError(login, 400, "InvalidCharacters");
    expect(login.json.errors[0].messageParameter).toEqual({ field: "systemName" });
    const nested = await api("POST", "/api/users/register", {
      token: await adminToken(),
      raw: '{"systemName":"Supersystem","name":"a","fullName":"x\\ud800y","roles":["Every\\u0007body"]}',
      headers: { "content-type": "application/json" },
    });
    expectError(nested, 400, "InvalidCharacters");
    expect(nested.json.errors.map((e: { messageParameter: { field: string } }) => e.messageParameter.field).sort()).toEqual([
      "fullName",
      "roles.0",
    ]);
    // tabs and line breaks are text
    const text = await api("POST", "/api/auth/login", {
      body: { systemName: "Supersystem", userName: "ad\tmin\n", password: "x" },
    });
    expect(text.status).toBe(401);
  });

  it("a JSON body that is not UTF-8 is 400 InvalidJson", async () => {
    const bytes = new Uint8Array([
      ...Buffer.from('{"systemName":"'),
      0xc0,
      0xae,
      ...Buffer.from('","userName":"a","password":"b"}'),
    ]);
    expectError(
      await api("POST", "/api/auth/login", { raw: bytes, headers: { "content-type": "application/json" } }),
      400,
      "InvalidJson",
    );
  });
});
