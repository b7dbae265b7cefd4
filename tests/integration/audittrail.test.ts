import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as categoriesRoute } from "@/app/api/v3/audittrail/categories/route";
import { GET as exportRoute } from "@/app/api/v3/audittrail/export/route";
import { GET as operationsRoute } from "@/app/api/v3/audittrail/operations/route";
import { GET as projectsRoute } from "@/app/api/v3/audittrail/projects/route";
import { GET as searchRoute } from "@/app/api/v3/audittrail/route";
import { GET as systemsRoute } from "@/app/api/v3/audittrail/systems/route";
import { GET as usersRoute } from "@/app/api/v3/audittrail/users/route";
import { AUDIT_CATEGORIES, AUDIT_OPERATIONS, auditTrail, type NewAuditRow } from "@/db/schema";
import { likePattern } from "@/lib/audit/queries";
import { AUDIT_EXPORT_MAX } from "@/lib/audit/schemas";
import { getDb } from "@/lib/db";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

type Sys = { id: string; name: string };
let A: Sys;
let B: Sys;
let SUPER: Sys;
let GONE: string;
const tokens = {} as Record<"adminA" | "creatorA" | "adminB" | "superAdmin" | "trailAdmin", string>;
const T0 = Date.parse("2025-03-01T00:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

/** rows of the trail written directly: the search reads what writeAudit wrote (tests/integration/audit-census.test.ts) */
async function rows(values: Partial<NewAuditRow>[]) {
  const db = await getDb();
  await db.insert(auditTrail).values(
    values.map((v, i) => ({
      category: "Project" as const,
      operation: "Update" as const,
      username: "jane",
      value: "{}",
      timestamp: at(i),
      ...v,
    })),
  );
}

beforeAll(async () => {
  SUPER = await supersystem();
  A = await makeSystem();
  B = await makeSystem();
  GONE = randomUUID();
  const user = async (system: Sys, roles: string[]) => {
    const u = await makeUser({ systemId: system.id, roles: roles as never });
    return tokenOf(system.name, u.name);
  };
  tokens.adminA = await user(A, ["Administrator"]);
  tokens.creatorA = await user(A, ["JobCreator"]);
  tokens.adminB = await user(B, ["Administrator"]);
  tokens.superAdmin = await user(SUPER, ["SuperAdmin"]);
  tokens.trailAdmin = await user(SUPER, ["AuditTrailAdmin"]);
  // the sign-ins above wrote no rows (they change no audited data); the census checks each service's own row
  await rows([
    { systemId: A.id, project: "Invoices", value: '{"name":"Invoice 2024","note":"50%_off"}' },
    { systemId: A.id, project: "Orders", username: "max", value: '{"name":"ORDERS","note":"5__off"}' },
    { systemId: A.id, category: "User", operation: "Create", value: '{"id":"u1","name":"carl","roles":["JobManager"]}' },
    { systemId: A.id, category: "User", operation: "Delete", username: "admin", deputy: A.name, value: '{"name":"carl"}' },
    { systemId: B.id, project: "Invoices", value: '{"name":"Invoice of B"}' },
    { systemId: SUPER.id, category: "ServiceConfiguration", username: "admin", value: '{"maxWorkerCount":4}' },
    {
      systemId: null,
      category: "Licence",
      operation: "Create",
      username: "system",
      value: '{"id":"LIC-1","name":"Invoice pages"}',
    },
    { systemId: GONE, category: "System", operation: "Delete", username: "admin", value: '{"name":"Gone"}' },
  ]);
});

const search = (token: string, query = "") => call(searchRoute, `/api/v3/audittrail?${query}`, { token });
const valuesOf = (json: { items: { value: string }[] }) => json.items.map((i) => JSON.parse(i.value).name);

describe("GET v3/audittrail: the search", () => {
  it("turns * into the wildcard and keeps LIKE's own characters plain", () => {
    expect(likePattern("*in*ce*")).toBe("%in%ce%");
    expect(likePattern("*50%_*")).toBe("%50\\%\\_%");
    expect(likePattern("a\\b")).toBe("a\\\\b");
  });

  it("matches the value with leading, trailing and inner wildcards, case-insensitively", async () => {
    const q = (value: string) => search(tokens.adminA, `value=${encodeURIComponent(value)}`);
    expect(valuesOf((await q("*invoice*")).json)).toEqual(["Invoice 2024"]);
    expect(valuesOf((await q("*INVOICE*")).json)).toEqual(["Invoice 2024"]);
    // leading only: the text must end so; trailing only: begin so; inner: both parts in order
    expect(valuesOf((await q('*"carl"}')).json)).toEqual(["carl"]);
    expect(valuesOf((await q('{"id":"u1"*')).json)).toEqual(["carl"]);
    expect(valuesOf((await q("*ord*s*")).json)).toEqual(["ORDERS"]);
    // without a wildcard the whole text must match
    expect((await q('{"name":"carl"}')).json.totalCount).toBe(1);
    expect((await q("carl")).json.totalCount).toBe(0);
    // wildcards only: every row of the system
    expect((await q("**")).json.totalCount).toBe(4);
  });

  it("takes % and _ as plain characters", async () => {
    const q = (value: string) => search(tokens.adminA, `value=${encodeURIComponent(value)}`);
    expect(valuesOf((await q("*50%_*")).json)).toEqual(["Invoice 2024"]);
    expect(valuesOf((await q("*5__*")).json)).toEqual(["ORDERS"]);
    expect((await q("*5%off*")).json.totalCount).toBe(0);
    expect((await q("*%*")).json.totalCount).toBe(1);
    expect((await q("*_*")).json.totalCount).toBe(2);
  });

  it("filters by categories[], operations[], project, user and time; newest first", async () => {
    const all = await search(tokens.adminA);
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ totalCount: 4, pageNumber: 0, pageSize: 25 });
    expect(all.json.items.map((i: { timestamp: string }) => i.timestamp)).toEqual([3, 2, 1, 0].map((m) => at(m).toISOString()));
    expect(all.json.items[0]).toMatchObject({
      category: "User",
      operation: "Delete",
      systemId: A.id,
      systemName: A.name,
      project: null,
      username: "admin",
      deputy: A.name,
    });
    const count = async (query: string) => (await search(tokens.adminA, query)).json.totalCount;
    expect(await count("categories[]=User")).toBe(2);
    expect(await count("categories[]=User&categories[]=Project")).toBe(4);
    expect(await count("categories[]=Licence")).toBe(0);
    expect(await count("operations[]=Create&operations[]=Delete")).toBe(2);
    expect(await count("categories[]=User&operations[]=Delete")).toBe(1);
    // the names without brackets filter alike, alone, repeated or beside the bracket form
    expect(await count("categories=User")).toBe(2);
    expect(await count("categories=User&categories=Project")).toBe(4);
    expect(await count("categories=User&categories[]=User")).toBe(2);
    expect(await count("operations=Delete")).toBe(1);
    expect(await count("categories=Licence")).toBe(0);
    expect(await count("project=Invoices")).toBe(1);
    expect(await count("user=max")).toBe(1);
    expect(await count("user=Max")).toBe(0);
    expect(await count(`start=${at(1).toISOString()}`)).toBe(3);
    expect(await count(`end=${at(1).toISOString()}`)).toBe(2);
    expect(await count(`start=${at(1).toISOString()}&end=${at(2).toISOString()}`)).toBe(2);
    // a date alone: a start from its first instant, an end to its last
    expect(await count("start=2025-03-01&end=2025-03-01")).toBe(4);
    expect(await count("end=2025-02-28")).toBe(0);
  });

  it("pages: page size of spec §9, 0-based pages, the exact total", async () => {
    const first = await search(tokens.superAdmin, "pageSize=5&page=0");
    expect(first.json).toMatchObject({ totalCount: 8, pageNumber: 0, pageSize: 5 });
    expect(first.json.items).toHaveLength(5);
    const second = await search(tokens.superAdmin, "pageSize=5&page=1");
    expect(second.json.items).toHaveLength(3);
    const ids = [...first.json.items, ...second.json.items].map((i: { id: number }) => i.id);
    expect(new Set(ids).size).toBe(8);
    expect((await search(tokens.superAdmin, "pageSize=5&page=9")).json).toMatchObject({ items: [], totalCount: 8 });
    const odd = await search(tokens.superAdmin, "pageSize=7");
    expect(odd.status).toBe(400);
    expect(codes(odd.json)).toEqual(["InvalidChoice"]);
  });

  it("refuses an end before the start (EndBeforeStart) and other bad input", async () => {
    const res = await search(tokens.adminA, `start=${at(2).toISOString()}&end=${at(1).toISOString()}`);
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual([expect.objectContaining({ code: "EndBeforeStart", messageParameter: { field: "end" } })]);
    expect((await search(tokens.adminA, "start=2025-03-02&end=2025-03-01")).status).toBe(400);
    expect(codes((await search(tokens.adminA, "categories[]=Job")).json)).toEqual(["InvalidChoice"]);
    // a list in one value is not a category: refused, not read as no filter
    expect(codes((await search(tokens.adminA, "categories=User,Project")).json)).toEqual(["InvalidChoice"]);
    expect(codes((await search(tokens.adminA, "operations=delete")).json)).toEqual(["InvalidChoice"]);
    const yesterday = await search(tokens.adminA, "start=yesterday");
    expect(yesterday.json.errors[0]).toMatchObject({ code: "InvalidFormat", messageParameter: { field: "start" } });
    expect(codes((await search(tokens.adminA, "systemId=42")).json)).toEqual(["InvalidId"]);
    expect(codes((await search(tokens.adminA, `value=${"x".repeat(501)}`)).json)).toEqual(["TooLong"]);
  });
});

describe("who sees which rows (spec operations §6)", () => {
  it("ManageAuditTrail: the own system only; another system is not found, the own without the permission denied", async () => {
    expect((await search(tokens.adminA, `systemId=${A.id}`)).json.totalCount).toBe(4);
    const foreign = await search(tokens.adminA, `systemId=${B.id}`);
    expect([foreign.status, codes(foreign.json)]).toEqual([404, ["SystemNotFound"]]);
    const unknown = await search(tokens.adminA, `systemId=${randomUUID()}`);
    expect(unknown.text).toBe(foreign.text);
    expect((await search(tokens.adminA, `systemId=${SUPER.id}`)).status).toBe(404);
    const denied = await search(tokens.creatorA);
    expect([denied.status, codes(denied.json)]).toEqual([403, ["AccessDenied"]]);
    // without the permission anywhere: refused before the system is looked up (issue 23 walk), which tells nothing of B
    expect((await search(tokens.creatorA, `systemId=${B.id}`)).status).toBe(403);
    expect((await search(tokens.adminB)).json.items.map((i: { systemId: string }) => i.systemId)).toEqual([B.id]);
  });

  it("ManageAdminAuditTrail: every system, the Supersystem's rows with those without a system, deleted systems", async () => {
    for (const token of [tokens.superAdmin, tokens.trailAdmin]) {
      expect((await search(token)).json.totalCount).toBe(8);
      expect((await search(token, `systemId=${A.id}`)).json.totalCount).toBe(4);
      const own = await search(token, `systemId=${SUPER.id}`);
      expect(own.json.items.map((i: { systemId: string | null }) => i.systemId)).toEqual([null, SUPER.id]);
      expect(own.json.items[0].systemName).toBeNull();
      const gone = await search(token, `systemId=${GONE}`);
      expect(gone.json.items).toEqual([expect.objectContaining({ systemId: GONE, systemName: null, category: "System" })]);
    }
  });
});

describe("the form's choices", () => {
  it("categories and operations for anyone who may search", async () => {
    expect((await call(categoriesRoute, "/api/v3/audittrail/categories", { token: tokens.adminA })).json).toEqual([
      ...AUDIT_CATEGORIES,
    ]);
    expect((await call(operationsRoute, "/api/v3/audittrail/operations", { token: tokens.trailAdmin })).json).toEqual([
      ...AUDIT_OPERATIONS,
    ]);
    expect((await call(categoriesRoute, "/api/v3/audittrail/categories", { token: tokens.creatorA })).status).toBe(403);
    expect((await call(operationsRoute, "/api/v3/audittrail/operations", { token: tokens.creatorA })).status).toBe(403);
  });

  it("systems: an administrator of the trail all of them (Supersystem first, deleted ones by id), a tenant its own", async () => {
    const admin = await call(systemsRoute, "/api/v3/audittrail/systems", { token: tokens.trailAdmin });
    expect(admin.json[0]).toEqual({ id: SUPER.id, name: SUPER.name });
    expect(admin.json).toEqual(expect.arrayContaining([A, B].map(({ id, name }) => ({ id, name }))));
    expect(admin.json.at(-1)).toEqual({ id: GONE, name: null });
    expect((await call(systemsRoute, "/api/v3/audittrail/systems", { token: tokens.adminA })).json).toEqual([
      { id: A.id, name: A.name },
    ]);
    expect((await call(systemsRoute, "/api/v3/audittrail/systems", { token: tokens.creatorA })).status).toBe(403);
  });

  it("projects and users follow the system: the names in its rows", async () => {
    const feed = (route: typeof projectsRoute, path: string, token: string, systemId?: string) =>
      call(route, `/api/v3/audittrail/${path}${systemId ? `?systemId=${systemId}` : ""}`, { token });
    expect((await feed(projectsRoute, "projects", tokens.adminA)).json).toEqual(["Invoices", "Orders"]);
    expect((await feed(projectsRoute, "projects", tokens.superAdmin, B.id)).json).toEqual(["Invoices"]);
    expect((await feed(usersRoute, "users", tokens.adminA, A.id)).json).toEqual(["admin", "jane", "max"]);
    expect((await feed(usersRoute, "users", tokens.superAdmin, B.id)).json).toEqual(["jane"]);
    // the Supersystem's: with the rows written without a system
    expect((await feed(usersRoute, "users", tokens.trailAdmin, SUPER.id)).json).toEqual(["admin", "system"]);
    expect((await feed(usersRoute, "users", tokens.trailAdmin)).json).toEqual(["admin", "system"]);
    const foreign = await feed(usersRoute, "users", tokens.adminA, B.id);
    expect([foreign.status, codes(foreign.json)]).toEqual([404, ["SystemNotFound"]]);
    expect((await feed(projectsRoute, "projects", tokens.creatorA)).status).toBe(403);
    expect((await feed(projectsRoute, "projects", tokens.creatorA, B.id)).status).toBe(403);
  });
});

describe("GET v3/audittrail/export", () => {
  it("streams the whole result as CSV, newest first, with the search's filters and access", async () => {
    const res = await call(exportRoute, "/api/v3/audittrail/export?categories[]=User", { token: tokens.adminA });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audittrail-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("id,timestamp,category,operation,systemId,system,project,user,deputy,value");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${at(3).toISOString()},User,Delete,${A.id},${A.name},,admin,${A.name},"{""name"":""carl""}"`);
    expect((await call(exportRoute, `/api/v3/audittrail/export?systemId=${B.id}`, { token: tokens.adminA })).status).toBe(404);
    expect((await call(exportRoute, "/api/v3/audittrail/export", { token: tokens.creatorA })).status).toBe(403);
    const wrong = await call(exportRoute, "/api/v3/audittrail/export?start=2025-03-02&end=2025-03-01", { token: tokens.adminA });
    expect(codes(wrong.json)).toEqual(["EndBeforeStart"]);
  });

  it("reads along the index in batches: every row once, newest first, the later of the same time first", async () => {
    // times a microsecond apart (three rows each), finer than a JavaScript Date: the batches continue exactly
    const system = await makeSystem();
    const db = await getDb();
    await db.execute(sql`insert into audit_trail (timestamp, category, operation, system_id, username, value)
      select ${at(100).toISOString()}::timestamptz + (n / 3) * interval '1 microsecond', 'Project', 'Update', ${system.id}, 'bulk',
        '{"n":' || n || '}'
      from generate_series(1, 2500) n`);
    const res = await call(exportRoute, `/api/v3/audittrail/export?systemId=${system.id}`, { token: tokens.superAdmin });
    const ns = res.text
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => Number(/n"":(\d+)/.exec(line)?.[1]));
    expect(ns).toHaveLength(2500);
    expect(ns).toEqual([...ns].sort((a, b) => b - a));
  });

  it(`refuses a result above ${AUDIT_EXPORT_MAX} rows before sending anything`, async () => {
    const system = await makeSystem();
    const db = await getDb();
    await db.execute(sql`insert into audit_trail (category, operation, system_id, username, value)
      select 'Project', 'Update', ${system.id}, 'bulk', '{}' from generate_series(1, ${AUDIT_EXPORT_MAX + 1})`);
    const res = await call(exportRoute, `/api/v3/audittrail/export?systemId=${system.id}`, { token: tokens.superAdmin });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({
      code: "AuditExportTooLarge",
      messageParameter: { count: AUDIT_EXPORT_MAX + 1, max: AUDIT_EXPORT_MAX },
    });
  });
});
