import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  DELETE as unknownDelete,
  GET as unknownGet,
  PATCH as unknownPatch,
  POST as unknownPost,
  PUT as unknownPut,
} from "@/app/api/[[...path]]/route";
import { GET as getModules } from "@/app/api/about/modules/route";
import { POST as loginPost } from "@/app/api/auth/login/route";
import { GET as getServiceInfo } from "@/app/api/config/serviceinfo/route";
import { GET as getReady } from "@/app/api/health/ready/route";
import { GET as getHealth } from "@/app/api/health/route";
import { GET as getInfo } from "@/app/api/info/route";
import { GET as getOpenApi } from "@/app/api/openapi.json/route";
import { GET as getUserRoute } from "@/app/api/users/[userId]/route";
import { GET as getFeatureFlags } from "@/app/api/v3/featureflags/route";
import { settings } from "@/db/schema";
import { registeredContracts } from "@/lib/api/contract";
import "@/lib/api/contracts";
import { getDb } from "@/lib/db";
import { getStationId, patchServiceConfig, SETTING_KEYS } from "@/lib/settings/store";
import { makeSystem, makeUser, PASSWORD } from "../helpers/factories";
import { call } from "../helpers/http";

const ROOT = process.cwd();
const APP_DIR = path.join(ROOT, "app");
/** the folders of REST route files, relative to app/: the API and the learn API (spec §7) */
const API_ROOTS = [["api"], ["learn", "api"]];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (req: NextRequest) => Promise<Response>;
type Operation = {
  security?: Record<string, string[]>[];
  "x-aliases"?: string[];
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, unknown>;
};
type OpenApiDoc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
};

// handlers as Next calls them: with the request (call() awaits whatever they answer)
const asHandler = (fn: unknown) => fn as Handler;
const CATCH_ALL: Record<(typeof METHODS)[number], Handler> = {
  GET: asHandler(unknownGet),
  POST: asHandler(unknownPost),
  PUT: asHandler(unknownPut),
  PATCH: asHandler(unknownPatch),
  DELETE: asHandler(unknownDelete),
};

async function signedInToken(): Promise<string> {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id });
  const res = await call(loginPost, "/api/auth/login", {
    method: "POST",
    body: { systemName: system.name, userName: user.name, password: PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.token as string;
}

/**
 * Every app/api/**\/route.ts except the catch-all, next-auth's own routes and the benchmarks' baselines (app/api/bench,
 * answered only with BENCH_ROUTES=1, never documented), as folder segments.
 */
function routeFolders(): string[][] {
  return API_ROOTS.flatMap((root) =>
    (readdirSync(path.join(APP_DIR, ...root), { recursive: true }) as string[])
      .map((f) => f.split(path.sep))
      .filter((parts) => parts.at(-1) === "route.ts")
      .map((parts) => parts.slice(0, -1))
      .filter((parts) => parts[0] !== "[[...path]]" && parts[0] !== "session" && parts[0] !== "bench")
      .map((parts) => [...root, ...parts]),
  );
}

/** A `[x]` folder matches any `{...}` segment; every other folder matches only itself. */
function matchesFolder(folder: string[], openApiPath: string): boolean {
  const rest = openApiPath.split("/").filter(Boolean);
  if (rest.length !== folder.length) return false;
  return folder.every((f, i) => {
    const s = rest[i] ?? "";
    const dynamic = /^\[[^.\]]+\]$/.test(f);
    return dynamic ? /^\{\w+\}$/.test(s) : f === s;
  });
}

/** The documented path of a route folder: its own, or the one that lists it in `x-aliases`. */
function documentedPathOf(doc: OpenApiDoc, folder: string[]): string | undefined {
  const own = Object.keys(doc.paths).filter((p) => matchesFolder(folder, p));
  expect(own.length, folder.join("/")).toBeLessThanOrEqual(1);
  if (own[0]) return own[0];
  return Object.entries(doc.paths).find(([, item]) =>
    Object.values(item).some((op) => (op["x-aliases"] ?? []).some((alias) => matchesFolder(folder, alias))),
  )?.[0];
}

/** A documented path with each parameter replaced by the example the document gives for it. */
function exampleUrl(documentedPath: string, op: Operation | undefined): string {
  return documentedPath.replace(/\{(\w+)\}/g, (_, name: string) => {
    const example = op?.parameters?.find((p) => p.in === "path" && p.name === name)?.example;
    expect(example, `${documentedPath}: example of {${name}}`).toBeDefined();
    return encodeURIComponent(String(example));
  });
}

async function openApi(): Promise<OpenApiDoc> {
  const res = await call(getOpenApi, "/api/openapi.json");
  expect(res.status).toBe(200);
  return res.json as OpenApiDoc;
}

describe("GET /api/info", () => {
  it("answers the server info of spec §3 with a stable station id", async () => {
    const first = await call(getInfo, "/api/info");
    expect(first.status).toBe(200);
    expect(Object.keys(first.json).sort()).toEqual(
      [
        "AvailableApiVersions",
        "Company",
        "Copyright",
        "CurrentApiVersion",
        "Name",
        "Revision",
        "StationId",
        "Type",
        "Version",
      ].sort(),
    );
    expect(first.json.Version).toBe("12.5.1");
    expect(first.json.Revision).toBe(49250);
    for (const key of ["Type", "Name", "Copyright", "Company", "CurrentApiVersion"]) {
      expect(typeof first.json[key], key).toBe("string");
      expect(first.json[key].length, key).toBeGreaterThan(0);
    }
    expect(Array.isArray(first.json.AvailableApiVersions)).toBe(true);
    expect(first.json.AvailableApiVersions).toContain(first.json.CurrentApiVersion);
    expect(first.json.StationId).toMatch(UUID);

    const second = await call(getInfo, "/api/info");
    expect(second.json.StationId).toBe(first.json.StationId);
    expect(first.json.StationId).toBe(await getStationId(await getDb()));
  });
});

describe("GET /api/config/serviceinfo", () => {
  afterEach(async () => {
    await patchServiceConfig(await getDb(), { isMaintenanceModeEnabled: false });
    vi.unstubAllEnvs();
  });

  it("answers the four booleans of spec §3", async () => {
    const res = await call(getServiceInfo, "/api/config/serviceinfo");
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual([
      "isConfigurationExportDisabled",
      "isContainerMode",
      "isEmailConfirmationActive",
      "isMaintenanceModeEnabled",
    ]);
    for (const value of Object.values(res.json)) expect(typeof value).toBe("boolean");
    expect(res.json.isMaintenanceModeEnabled).toBe(false);
  });

  it("follows the maintenance flag of the service configuration", async () => {
    const db = await getDb();
    await patchServiceConfig(db, { isMaintenanceModeEnabled: true });
    const on = await call(getServiceInfo, "/api/config/serviceinfo");
    expect(on.json.isMaintenanceModeEnabled).toBe(true);
    await patchServiceConfig(db, { isMaintenanceModeEnabled: false });
    const off = await call(getServiceInfo, "/api/config/serviceinfo");
    expect(off.json.isMaintenanceModeEnabled).toBe(false);
  });

  it("follows the container mode of the environment", async () => {
    vi.stubEnv("CONTAINER_MODE", "true");
    expect((await call(getServiceInfo, "/api/config/serviceinfo")).json.isContainerMode).toBe(true);
    vi.stubEnv("CONTAINER_MODE", "false");
    expect((await call(getServiceInfo, "/api/config/serviceinfo")).json.isContainerMode).toBe(false);
  });
});

describe("GET /api/about/modules", () => {
  it("lists the external modules with the fields of spec §3 and their installed versions", async () => {
    const res = await call(getModules, "/api/about/modules");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.length).toBeGreaterThan(0);
    for (const m of res.json) {
      expect(Object.keys(m).sort()).toEqual(["copyright", "license", "licenseurl", "name", "url", "version"]);
      for (const key of ["name", "url", "version", "license", "licenseurl", "copyright"]) {
        expect(typeof m[key], `${m.name}.${key}`).toBe("string");
      }
      expect(m.name.length).toBeGreaterThan(0);
      expect(m.version).toMatch(/^\d+\.\d+\.\d+/);
    }
    const names = res.json.map((m: { name: string }) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const pkg of ["next", "drizzle-orm"]) {
      const installed = JSON.parse(readFileSync(path.join(ROOT, "node_modules", pkg, "package.json"), "utf8")) as {
        version: string;
        license: string;
      };
      const entry = res.json.find((m: { name: string }) => m.name === pkg);
      expect(entry, pkg).toBeDefined();
      expect(entry.version, pkg).toBe(installed.version);
      expect(entry.license, pkg).toBe(installed.license);
    }
  });
});

describe("GET /api/v3/featureflags", () => {
  it("answers 401 without a token", async () => {
    const res = await call(getFeatureFlags, "/api/v3/featureflags");
    expect(res.status).toBe(401);
    expect(res.json.errors.map((e: { code: string }) => e.code)).toEqual(["MissingToken"]);
    expect(res.headers.get("www-authenticate")).toContain("invalid_token");
  });

  it("answers the three flags, read from the configuration", async () => {
    const token = await signedInToken();
    const res = await call(getFeatureFlags, "/api/v3/featureflags", { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["Download", "LearnPortal", "OpenApi"]);
    for (const value of Object.values(res.json)) expect(typeof value).toBe("boolean");

    const db = await getDb();
    const [row] = await db.select().from(settings).where(eq(settings.key, SETTING_KEYS.featureFlags));
    const flipped = { Download: !res.json.Download, LearnPortal: !res.json.LearnPortal, OpenApi: !res.json.OpenApi };
    await db.update(settings).set({ value: flipped }).where(eq(settings.key, SETTING_KEYS.featureFlags));
    try {
      const after = await call(getFeatureFlags, "/api/v3/featureflags", { token });
      expect(after.json).toEqual(flipped);
    } finally {
      await db
        .update(settings)
        .set({ value: row?.value ?? res.json })
        .where(eq(settings.key, SETTING_KEYS.featureFlags));
    }
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with a bearer scheme", async () => {
    const doc = await openApi();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it("every REST route module answers the methods it lacks (the route guard does not run for /api)", () => {
    const modules = routeFolders().map((folder) => path.join(APP_DIR, ...folder, "route.ts"));
    expect(modules.length).toBeGreaterThan(50);
    const missing = modules.filter((f) => !readFileSync(f, "utf8").includes('export * from "@/lib/api/method-not-allowed";'));
    expect(missing).toEqual([]);
  });

  it("documents every method of every route file, and nothing that has no route file", async () => {
    const doc = await openApi();
    const folders = routeFolders();
    expect(folders.length).toBeGreaterThan(10);
    const notAllowed = (await import("@/lib/api/method-not-allowed")) as Record<string, unknown>;
    const served = new Set<string>();
    for (const folder of folders) {
      const mod = (await import(path.join(APP_DIR, ...folder, "route.ts"))) as Record<string, unknown>;
      // the methods a module declares itself (the rest are lib/api/method-not-allowed.ts's 405 answers)
      const exported = METHODS.filter((m) => typeof mod[m] === "function" && mod[m] !== notAllowed[m]);
      expect(exported.length, folder.join("/")).toBeGreaterThan(0);
      const documentedPath = documentedPathOf(doc, folder);
      expect(documentedPath, `no documented path for app/${folder.join("/")}`).toBeDefined();
      const paths = [documentedPath!];
      const documented = doc.paths[paths[0]!]!;
      for (const method of exported) {
        expect(documented[method.toLowerCase()], `${method} ${paths[0]} (app/${folder.join("/")})`).toBeDefined();
        served.add(`${method.toLowerCase()} ${paths[0]}`);
      }
    }
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item).filter((k) => METHODS.includes(k.toUpperCase() as (typeof METHODS)[number]))) {
        expect(served.has(`${method} ${p}`), `${method.toUpperCase()} ${p} is documented but has no route file`).toBe(true);
      }
    }
  });

  it("declares the schema of every request body, and only where the call takes one", async () => {
    const doc = await openApi();
    const contracts = registeredContracts();
    expect(contracts.length).toBeGreaterThan(0);
    for (const c of contracts) {
      const op = doc.paths[c.aliasOf ?? c.path]?.[c.method.toLowerCase()];
      expect(op, `${c.method} ${c.path}`).toBeDefined();
      if (c.body || c.form) {
        const media = c.form ? "multipart/form-data" : "application/json";
        const schema = op?.requestBody?.content?.[media]?.schema;
        expect(schema, `${c.method} ${c.path} body schema`).toBeDefined();
        expect(Object.keys(schema ?? {}).length, `${c.method} ${c.path} body schema`).toBeGreaterThan(0);
      } else {
        expect(op?.requestBody, `${c.method} ${c.path} has no body`).toBeUndefined();
      }
    }
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.requestBody) continue;
        const content = op.requestBody.content ?? {};
        expect(Object.keys(content).length, `${method} ${p}`).toBeGreaterThan(0);
        for (const media of Object.values(content)) expect(media.schema, `${method} ${p}`).toBeDefined();
      }
    }
  });

  it("declares the credentials each call really asks for", async () => {
    const doc = await openApi();
    let protectedCalls = 0;
    let publicCalls = 0;
    // GET /api/metrics exists only with METRICS_TOKEN set (else it answers 404)
    vi.stubEnv("METRICS_TOKEN", "metrics-token-of-this-test");
    const notAllowed = (await import("@/lib/api/method-not-allowed")) as Record<string, unknown>;
    for (const folder of routeFolders()) {
      const mod = (await import(path.join(APP_DIR, ...folder, "route.ts"))) as Record<string, unknown>;
      const documentedPath = documentedPathOf(doc, folder)!;
      for (const method of METHODS) {
        const handler = mod[method] as Handler | undefined;
        if (!handler || handler === notAllowed[method]) continue;
        const op = doc.paths[documentedPath]?.[method.toLowerCase()];
        const label = `${method} ${documentedPath}`;
        const security = op?.security ?? [];
        for (const alternative of security) {
          for (const scheme of Object.keys(alternative)) expect(doc.components?.securitySchemes?.[scheme], label).toBeDefined();
        }
        // what the handler really does without any credentials (a multipart call gets a form: it reads it first)
        const form = op?.requestBody?.content?.["multipart/form-data"] ? new FormData() : undefined;
        const url = new URL(exampleUrl(documentedPath, op), "http://localhost");
        const res = await handler(new NextRequest(url, { method, body: form }));
        const body = (await res.json().catch(() => undefined)) as { errors?: { code: string }[] } | undefined;
        const refused = res.status === 401 && body?.errors?.[0]?.code === "MissingToken";
        // a bearer challenge: a bearer token is one of the alternatives
        if (/^Bearer\b/.test(res.headers.get("www-authenticate") ?? "")) expect(security, label).toContainEqual({ bearer: [] });
        const anonymousOnly = security.length === 0;
        const anonymousToo = security.some((s) => Object.keys(s).length === 0);
        if (anonymousOnly) {
          expect(refused, `${label}: public, but answered ${res.status} without credentials`).toBe(false);
          publicCalls++;
        } else if (anonymousToo) {
          // a token is used when sent; whether one is needed depends on the body (POST users/{id}/password/reset)
          expect(security, label).toContainEqual({ bearer: [] });
          publicCalls++;
        } else {
          expect(refused, `${label}: security ${JSON.stringify(security)} but answered ${res.status}`).toBe(true);
          protectedCalls++;
        }
      }
    }
    vi.unstubAllEnvs();
    expect(protectedCalls).toBeGreaterThan(0);
    expect(publicCalls).toBeGreaterThan(0);
  });
});

describe("health", () => {
  it("GET /api/health answers 200 ok", async () => {
    const res = await call(getHealth, "/api/health");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
  });

  it("GET /api/health/ready answers 200 with the database checked", async () => {
    const res = await call(getReady, "/api/health/ready");
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.json.checks.database).toBe("ok");
  });
});

describe("unknown /api paths", () => {
  it("answer 404 in the error envelope for every method", async () => {
    for (const method of METHODS) {
      const handler = CATCH_ALL[method];
      expect(handler, method).toBeTypeOf("function");
      const res = await call(handler, "/api/no/such/thing", {
        method,
        body: method === "GET" || method === "DELETE" ? undefined : { a: 1 },
      });
      expect(res.status, method).toBe(404);
      expect(res.headers.get("content-type"), method).toContain("application/json");
      expect(res.json, method).toEqual({ errors: [{ code: "NotFound", message: "Not found.", messageParameter: null }] });
    }
  });

  it("carry an x-request-id header too", async () => {
    const res = await call(CATCH_ALL.GET, "/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const echoed = await call(CATCH_ALL.GET, "/api/no/such/thing", {
      headers: { "x-request-id": "trace-404" },
    });
    expect(echoed.headers.get("x-request-id")).toBe("trace-404");
  });
});

describe("x-request-id", () => {
  it("every answer carries one, also errors; a new one for each request", async () => {
    const token = await signedInToken();
    const answers = [
      await call(getInfo, "/api/info"),
      await call(getServiceInfo, "/api/config/serviceinfo"),
      await call(getModules, "/api/about/modules"),
      await call(getFeatureFlags, "/api/v3/featureflags"),
      await call(getFeatureFlags, "/api/v3/featureflags", { token }),
      await call(getOpenApi, "/api/openapi.json"),
      await call(getHealth, "/api/health"),
      await call(getReady, "/api/health/ready"),
      await call(getUserRoute, "/api/users/not-a-uuid", { token }),
      await call(loginPost, "/api/auth/login", { method: "POST", rawBody: "{broken" }),
    ];
    const ids = answers.map((a) => a.headers.get("x-request-id"));
    for (const [i, id] of ids.entries()) expect(id, `answer ${i} (${answers[i]?.status})`).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echoes a given x-request-id, on success and on error", async () => {
    const ok = await call(getHealth, "/api/health", { headers: { "x-request-id": "trace-abc-123" } });
    expect(ok.headers.get("x-request-id")).toBe("trace-abc-123");
    const denied = await call(getFeatureFlags, "/api/v3/featureflags", { headers: { "x-request-id": "trace-401" } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get("x-request-id")).toBe("trace-401");
  });
});
