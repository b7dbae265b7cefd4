import { readFile, stat } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as downloadRoute } from "@/app/api/v2/downloads/[id]/download/route";
import { DELETE as deleteRoute } from "@/app/api/v2/downloads/[id]/route";
import { POST as postRoute, GET as searchRoute } from "@/app/api/v2/downloads/route";
import { auditTrail, type Download, downloads } from "@/db/schema";
import { getDb } from "@/lib/db";
import { writeArchive } from "@/lib/downloads/archive";
import type { DownloadType } from "@/lib/downloads/rules";
import { resolveFile } from "@/lib/files/store";
import { supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

type Sys = { id: string; name: string };
const exists = (relative: string) =>
  stat(resolveFile(relative)).then(
    () => true,
    () => false,
  );

async function archive(type: Exclude<DownloadType, "Unknown">, system: Sys | null, period = "2026-10"): Promise<Download> {
  const db = await getDb();
  const label = system?.name ?? "all-systems";
  const { download } = await writeArchive(db, {
    type,
    systemId: system?.id ?? null,
    displayFileName: `${type}_${period}_${label}.zip`,
    externalId: `${type}:${period}:${system?.id ?? "all"}`,
    entries: [{ name: `${type}-${period}`, columns: ["n", "text"], rows: [[[1, "Größe"]]] }],
  });
  return download;
}

let A: Sys;
let B: Sys;
let d: Record<"aAudit" | "aMetric" | "aAggregate" | "bAudit" | "allAudit" | "allMetric", Download>;
const tokens: Record<string, string> = {};

async function user(system: Sys, roles: string[]): Promise<string> {
  const u = await makeUser({ systemId: system.id, roles: roles as never });
  return tokenOf(system.name, u.name);
}

beforeAll(async () => {
  A = await makeSystem();
  B = await makeSystem();
  const superSystem = await supersystem();
  d = {
    aAudit: await archive("AuditTrail", A),
    aMetric: await archive("Metric", A),
    aAggregate: await archive("MetricAggregate", A),
    bAudit: await archive("AuditTrail", B),
    allAudit: await archive("AuditTrail", null),
    allMetric: await archive("Metric", null),
  };
  tokens.administrator = await user(A, ["Administrator"]);
  tokens.reportManager = await user(A, ["ReportManager"]);
  tokens.auditManager = await user(A, ["AuditTrailManager"]);
  tokens.jobManager = await user(A, ["JobManager"]);
  tokens.foreign = await user(B, ["Administrator"]);
  tokens.superAdmin = await user(superSystem, ["SuperAdmin"]);
  tokens.reportAdmin = await user(superSystem, ["ReportAdmin"]);
  tokens.auditAdmin = await user(superSystem, ["AuditTrailAdmin"]);
  tokens.licenceAdmin = await user(superSystem, ["LicenceAdmin"]);
});

const exportRange = (token: string, body: Record<string, unknown>) =>
  call(postRoute, "/api/v2/downloads", { method: "POST", token, body });
const search = (token: string, query = "") => call(searchRoute, `/api/v2/downloads/${query}`, { token });
const ids = (res: { json: { items: { id: string }[] } }) => res.json.items.map((i) => i.id).sort();
const of = (...keys: (keyof typeof d)[]) => keys.map((k) => d[k].id).sort();
const outcome = (res: { status: number; json?: { errors?: { code: string }[] } }) => [
  res.status,
  res.json?.errors?.[0]?.code ?? null,
];

describe("GET v2/downloads/", () => {
  it("lists per role the downloads of the types it may see: a system's of its own system, the admins' of every system", async () => {
    const expected: Record<string, string[]> = {
      administrator: of("aAudit", "aMetric", "aAggregate"),
      reportManager: of("aMetric", "aAggregate"),
      auditManager: of("aAudit"),
      foreign: of("bAudit"),
      superAdmin: of("aAudit", "aMetric", "aAggregate", "bAudit", "allAudit", "allMetric"),
      reportAdmin: of("aMetric", "aAggregate", "allMetric"),
      auditAdmin: of("aAudit", "bAudit", "allAudit"),
    };
    for (const [who, want] of Object.entries(expected)) {
      const res = await search(tokens[who] ?? "", "?pageSize=100");
      expect(res.status, who).toBe(200);
      expect(ids(res), who).toEqual(want);
      expect(res.json.totalCount, who).toBe(want.length);
    }
    // without AccessDownloads or AccessAdminDownloads, every call is refused
    for (const who of ["jobManager", "licenceAdmin"])
      expect(outcome(await search(tokens[who] ?? "")), who).toEqual([403, "AccessDenied"]);
  });

  it("filters by system and type (numbers of spec §3), newest first, paged", async () => {
    const res = await search(tokens.superAdmin ?? "", `?systemId=${A.id}&type=2`);
    expect(res.json).toEqual({
      items: [
        {
          id: d.aAudit.id,
          systemId: A.id,
          systemName: A.name,
          type: 2,
          displayFileName: `AuditTrail_2026-10_${A.name}.zip`,
          externalId: `AuditTrail:2026-10:${A.id}`,
          created: d.aAudit.created.toISOString(),
          size: d.aAudit.size,
        },
      ],
      totalCount: 1,
    });
    const everyType = await search(tokens.administrator ?? "", `?systemId=${A.id}&type=0&pageSize=5`);
    expect(everyType.json.items.map((i: { id: string }) => i.id)).toEqual([d.aAggregate.id, d.aMetric.id, d.aAudit.id]);
    const page = await search(tokens.superAdmin ?? "", "?type=1&pageSize=5&page=0");
    expect(page.json.items.map((i: { systemName: string | null }) => i.systemName)).toEqual([null, A.name]);
    const second = await search(tokens.superAdmin ?? "", "?pageSize=5&page=1");
    expect([second.json.items.length, second.json.totalCount]).toEqual([1, 6]);
    const bad = await search(tokens.superAdmin ?? "", "?type=7&pageSize=7");
    expect(bad.status).toBe(400);
    // the names as well as the numbers (issue 23 walk): AuditTrail is 2, All is every type; another name is refused
    expect(ids(await search(tokens.superAdmin ?? "", `?systemId=${A.id}&type=AuditTrail`))).toEqual(of("aAudit"));
    expect(ids(await search(tokens.superAdmin ?? "", `?systemId=${A.id}&type=metricaggregate`))).toEqual(of("aAggregate"));
    expect(ids(await search(tokens.administrator ?? "", `?systemId=${A.id}&type=All`))).toEqual(
      of("aAudit", "aMetric", "aAggregate"),
    );
    expect(outcome(await search(tokens.superAdmin ?? "", "?type=Bogus"))).toEqual([400, "InvalidChoice"]);
  });

  it("without any downloads permission, 403 before the input is read (issue 23 walk)", async () => {
    expect(outcome(await search(tokens.jobManager ?? "", "?type=Bogus"))).toEqual([403, "AccessDenied"]);
    expect(outcome(await exportRange(tokens.jobManager as string, {}))).toEqual([403, "AccessDenied"]);
  });

  it("own system without the type's permission is 403, another tenant's system 404 as an unknown one", async () => {
    expect(outcome(await search(tokens.reportManager ?? "", "?type=2"))).toEqual([403, "AccessDenied"]);
    expect(outcome(await search(tokens.auditManager ?? "", `?systemId=${A.id}&type=3`))).toEqual([403, "AccessDenied"]);
    const foreign = await search(tokens.foreign ?? "", `?systemId=${A.id}`);
    const unknown = await search(tokens.foreign ?? "", `?systemId=${crypto.randomUUID()}`);
    expect(outcome(foreign)).toEqual([404, "SystemNotFound"]);
    expect(foreign.text).toBe(unknown.text);
    // an admin of statistics asking for audit-trail archives: refused, not hidden
    expect(outcome(await search(tokens.reportAdmin ?? "", `?systemId=${A.id}&type=2`))).toEqual([403, "AccessDenied"]);
  });
});

describe("GET v2/downloads/{id}/download and DELETE v2/downloads/{id}", () => {
  const get = (token: string, id: string, slash = "") =>
    call(downloadRoute, `/api/v2/downloads/${id}/download${slash}`, { token });

  it("answers the zip to whoever may see the download, 403 in the own system or the Supersystem, 404 to other tenants", async () => {
    const table: [keyof typeof d, string, number][] = [
      ["aAudit", "administrator", 200],
      ["aAudit", "auditManager", 200],
      ["aAudit", "reportManager", 403],
      ["aAudit", "jobManager", 403],
      ["aAudit", "foreign", 404],
      ["aAudit", "superAdmin", 200],
      ["aAudit", "auditAdmin", 200],
      ["aAudit", "reportAdmin", 403],
      ["aMetric", "reportManager", 200],
      ["aMetric", "auditManager", 403],
      ["aMetric", "reportAdmin", 200],
      ["aAggregate", "reportManager", 200],
      ["allAudit", "administrator", 404],
      ["allAudit", "auditAdmin", 200],
      ["allAudit", "reportAdmin", 403],
      ["allMetric", "reportAdmin", 200],
      ["bAudit", "administrator", 404],
    ];
    for (const [key, who, status] of table) {
      const res = await get(tokens[who] ?? "", d[key].id);
      expect(res.status, `${who} → ${key}: ${res.text.slice(0, 200)}`).toBe(status);
    }
    const unknown = await get(tokens.foreign ?? "", crypto.randomUUID());
    expect((await get(tokens.foreign ?? "", d.aAudit.id)).text).toBe(unknown.text);
  });

  it("the zip comes with its display name and holds the entry as CSV and JSON", async () => {
    const res = await call(downloadRoute, `/api/v2/downloads/${d.aAudit.id}/download/`, { token: tokens.administrator });
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(d.aAudit.displayFileName)}`);
    const raw = await downloadRoute(
      new (await import("next/server")).NextRequest(`http://localhost/api/v2/downloads/${d.aAudit.id}/download`, {
        headers: { authorization: `Bearer ${tokens.administrator}` },
      }),
    );
    const zip = unzipSync(new Uint8Array(await raw.arrayBuffer()));
    expect(Object.keys(zip)).toEqual(["AuditTrail-2026-10.csv", "AuditTrail-2026-10.json"]);
    expect(JSON.parse(Buffer.from(zip["AuditTrail-2026-10.json"] as Uint8Array).toString())).toEqual([{ n: 1, text: "Größe" }]);
    // issue 26 §2: a download resumed where it broke off (Range), the bytes of the whole
    const whole = new Uint8Array(
      await (
        await downloadRoute(
          new (
            await import("next/server")
          ).NextRequest(`http://localhost/api/v2/downloads/${d.aAudit.id}/download`, {
            headers: { authorization: `Bearer ${tokens.administrator}` },
          }),
        )
      ).arrayBuffer(),
    );
    const rest = await downloadRoute(
      new (await import("next/server")).NextRequest(`http://localhost/api/v2/downloads/${d.aAudit.id}/download`, {
        headers: { authorization: `Bearer ${tokens.administrator}`, range: "bytes=10-" },
      }),
    );
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(`bytes 10-${whole.byteLength - 1}/${whole.byteLength}`);
    expect(new Uint8Array(await rest.arrayBuffer())).toEqual(whole.subarray(10));
  });

  it("deletes row and file with an audit-trail row; refused as the download is refused", async () => {
    const db = await getDb();
    const del = (token: string, id: string) => call(deleteRoute, `/api/v2/downloads/${id}`, { method: "DELETE", token });
    const victim = await archive("AuditTrail", A, "2026-09");
    expect(outcome(await del(tokens.reportManager ?? "", victim.id))).toEqual([403, "AccessDenied"]);
    expect(outcome(await del(tokens.foreign ?? "", victim.id))).toEqual([404, "DownloadNotFound"]);
    expect(outcome(await del(tokens.jobManager ?? "", victim.id))).toEqual([403, "AccessDenied"]);
    expect(await exists(victim.path)).toBe(true);

    const res = await call(deleteRoute, `/api/v2/downloads/${victim.id}/`, { method: "DELETE", token: tokens.auditManager });
    expect(res.status).toBe(204);
    expect(await exists(victim.path)).toBe(false);
    expect(outcome(await del(tokens.auditManager ?? "", victim.id))).toEqual([404, "DownloadNotFound"]);
    const rows = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.systemId, A.id), eq(auditTrail.category, "SchedulerTask")));
    expect(rows.map((r) => [r.operation, JSON.parse(r.value).download])).toEqual([
      ["Delete", { id: victim.id, type: "AuditTrail", displayFileName: victim.displayFileName, externalId: victim.externalId }],
    ]);

    const global = await archive("Metric", null, "2026-08");
    expect(outcome(await del(tokens.administrator ?? "", global.id))).toEqual([404, "DownloadNotFound"]);
    expect((await del(tokens.reportAdmin ?? "", global.id)).status).toBe(204);
  });
});

describe("POST v2/downloads (archive now, issue 23)", () => {
  /** audit rows of a system at the given times (UTC) */
  async function rows(system: Sys | null, times: string[]) {
    const db = await getDb();
    for (const time of times)
      await db.insert(auditTrail).values({
        timestamp: new Date(time),
        category: "User",
        operation: "Update",
        systemId: system?.id ?? null,
        username: "exported",
        value: JSON.stringify({ at: time }),
      });
  }
  it("writes a range of days of the caller's system as one download, listed at once, audited; nothing of another's", async () => {
    await rows(A, ["2025-03-01T00:00:00Z", "2025-03-02T23:59:59Z", "2025-03-03T00:00:00Z"]);
    await rows(B, ["2025-03-02T10:00:00Z"]);
    const res = await exportRange(tokens.administrator as string, { type: "AuditTrail", start: "2025-03-01", end: "2025-03-02" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      systemId: A.id,
      systemName: A.name,
      type: 2,
    });
    expect(res.json.displayFileName).toMatch(
      new RegExp(`^AuditTrail_2025-03-01_2025-03-02_${A.name}_exported-\\d{8}-\\d{6}\\.zip$`),
    );
    const listed = await search(tokens.administrator as string, `?systemId=${A.id}&type=2`);
    expect(ids(listed)).toContain(res.json.id);
    const db = await getDb();
    const [download] = await db.select().from(downloads).where(eq(downloads.id, res.json.id));
    const zip = unzipSync(new Uint8Array(await readFile(resolveFile(download?.path ?? ""))));
    const json = JSON.parse(new TextDecoder().decode(zip["audit-trail-2025-03-01_2025-03-02.json"])) as { value: string }[];
    expect(json.map((r) => JSON.parse(r.value).at)).toEqual(["2025-03-01T00:00:00Z", "2025-03-02T23:59:59Z"]);
    const [audit] = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.category, "SchedulerTask"), eq(auditTrail.operation, "Create"), eq(auditTrail.systemId, A.id)));
    expect(JSON.parse(audit?.value ?? "{}")).toMatchObject({ start: "2025-03-01", end: "2025-03-02", rows: 2 });
  });

  it("the admin exports every system's rows as one; permissions as the downloads page has them", async () => {
    const all = await exportRange(tokens.auditAdmin as string, { type: "AuditTrail", start: "2025-03-02", end: "2025-03-02" });
    expect(all.status, all.text).toBe(200);
    expect(all.json).toMatchObject({ systemId: null });
    expect(all.json.displayFileName).toMatch(/^AuditTrail_2025-03-02_2025-03-02_all-systems_exported-\d{8}-\d{6}\.zip$/);
    const one = await exportRange(tokens.superAdmin as string, {
      type: "Metric",
      systemId: B.id,
      start: "2025-03-01",
      end: "2025-03-31",
    });
    expect([one.status, one.json.systemId]).toEqual([200, B.id]);
    // a report manager has the metrics, not the audit trail; a job manager neither; another tenant's system is unknown
    expect(
      outcome(await exportRange(tokens.reportManager as string, { type: "Metric", start: "2025-03-01", end: "2025-03-01" })),
    ).toEqual([200, null]);
    expect(
      outcome(await exportRange(tokens.reportManager as string, { type: "AuditTrail", start: "2025-03-01", end: "2025-03-01" })),
    ).toEqual([403, "AccessDenied"]);
    expect(
      outcome(await exportRange(tokens.jobManager as string, { type: "Metric", start: "2025-03-01", end: "2025-03-01" })),
    ).toEqual([403, "AccessDenied"]);
    expect(
      outcome(
        await exportRange(tokens.administrator as string, {
          type: "AuditTrail",
          systemId: B.id,
          start: "2025-03-01",
          end: "2025-03-01",
        }),
      ),
    ).toEqual([404, "SystemNotFound"]);
    expect(
      outcome(await exportRange(tokens.licenceAdmin as string, { type: "AuditTrail", start: "2025-03-01", end: "2025-03-01" })),
    ).toEqual([403, "AccessDenied"]);
  });

  it("refuses a range that ends before it starts, a day that is none and another type with 400", async () => {
    const token = tokens.administrator as string;
    expect(outcome(await exportRange(token, { type: "AuditTrail", start: "2025-03-02", end: "2025-03-01" }))).toEqual([
      400,
      "EndBeforeStart",
    ]);
    expect(outcome(await exportRange(token, { type: "AuditTrail", start: "2025-02-30", end: "2025-03-01" }))).toEqual([
      400,
      "InvalidFormat",
    ]);
    expect(outcome(await exportRange(token, { type: "MetricAggregate", start: "2025-03-01", end: "2025-03-01" }))).toEqual([
      400,
      "InvalidChoice",
    ]);
  });
});
