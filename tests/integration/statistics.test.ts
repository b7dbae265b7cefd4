import { readFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as longRunningRoute } from "@/app/api/v3/statistics/longrunningjobs/[systemId]/route";
import { GET as projectsRoute } from "@/app/api/v3/statistics/summary/[systemId]/route";
import { GET as systemsRoute } from "@/app/api/v3/statistics/summary/route";
import { downloads, jobMetrics, jobStatsMonthly, jobs, projects, systems } from "@/db/schema";
import { getDb } from "@/lib/db";
import { resolveFile } from "@/lib/files/store";
import { jobDurationHistogram, jobsByOutcome, statisticsSeries } from "@/lib/statistics/queries";
import { rollMetricsIntoMonths } from "@/lib/statistics/rollup";
import { codes, supersystem, tokenOf } from "../helpers/api";
import { makeJob, makeProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";
import { runTask, taskRun } from "../helpers/task-run";

/**
 * The statistics API (DESIGN.md "Statistics"; spec operations §2, §3, §5, §6, §7): figures per project and per system
 * from the counters, zeros and totals, the range's edges, the top 10 long-running jobs, who may ask, and the monthly
 * rollup. Every answer is checked against the OpenAPI document (tests/helpers/http.ts).
 */

type Figures = Record<string, number>;
const at = (iso: string) => new Date(iso);

/** A job created at `created`, finished in `state` with a run of `ms` (and its metrics) unless it never ran. */
async function job(
  systemId: string,
  projectId: string | null,
  created: string,
  state: "Ready" | "Error" | "Waiting" | "New" | "Processing",
  run?: { ms: number; pages?: number; documents?: number; ocr?: number; bytesIn?: number; bytesOut?: number; restarts?: number },
  more: Partial<typeof jobs.$inferInsert> = {},
) {
  const finished = state === "Ready" || state === "Error" ? at(created) : null;
  const row = await makeJob({
    systemId,
    projectId,
    projectName: "p",
    created: at(created),
    state,
    finished,
    errorCode: state === "Error" ? "ProcessingFailed" : null,
    restarts: run?.restarts ?? 0,
    ...more,
  });
  if (run) {
    await (await getDb()).insert(jobMetrics).values({
      jobId: row.id,
      systemId,
      projectId,
      documents: run.documents ?? 1,
      pages: run.pages ?? 1,
      ocrDocuments: run.ocr ?? 0,
      ocrPages: run.ocr ?? 0,
      bytesIn: run.bytesIn ?? 100,
      bytesOut: run.bytesOut ?? 50,
      durationMs: run.ms,
      success: state === "Ready",
    });
  }
  return row;
}

let A: { id: string; name: string };
let B: { id: string; name: string };
let p1: string;
let p2: string;
let p3: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  A = await makeSystem();
  B = await makeSystem();
  p1 = (await makeProject({ systemId: A.id, name: "Alpha" })).project.id;
  p2 = (await makeProject({ systemId: A.id, name: "beta" })).project.id;
  p3 = (await makeProject({ systemId: A.id, name: "Gamma" })).project.id;
  // March 2026 in system A
  await job(A.id, p1, "2026-03-01T00:00:00Z", "Ready", {
    ms: 1500,
    pages: 3,
    documents: 2,
    ocr: 1,
    bytesIn: 1000,
    bytesOut: 300,
  });
  await job(A.id, p1, "2026-03-10T12:00:00Z", "Error", {
    ms: 500,
    pages: 0,
    documents: 1,
    bytesIn: 200,
    bytesOut: 0,
    restarts: 2,
  });
  await job(A.id, p1, "2026-03-31T23:59:59Z", "Waiting");
  await job(A.id, p2, "2026-03-15T08:00:00Z", "Ready", { ms: 42_123, pages: 10, documents: 5, bytesIn: 5000, bytesOut: 800 });
  const removed = await job(A.id, p2, "2026-03-15T09:00:00Z", "Ready", { ms: 3000, pages: 2 });
  await (await getDb()).update(jobs).set({ state: "Removed", deleted: new Date() }).where(eq(jobs.id, removed.id));
  await job(A.id, p2, "2026-03-16T09:00:00Z", "New");
  await job(A.id, p2, "2026-03-16T10:00:00Z", "Processing");
  await job(A.id, null, "2026-03-20T10:00:00Z", "Error", { ms: 100 });
  // outside March
  await job(A.id, p1, "2026-02-28T23:59:59Z", "Ready", { ms: 99_000 });
  await job(A.id, p1, "2026-04-01T00:00:00Z", "Ready", { ms: 98_000 });

  const superId = (await supersystem()).id;
  const users = {
    reportManagerA: await makeUser({ systemId: A.id, roles: ["ReportManager"] }),
    reportAdminA: await makeUser({ systemId: A.id, roles: ["ReportAdmin"] }),
    jobCreatorA: await makeUser({ systemId: A.id, roles: ["JobCreator"] }),
    reportManagerB: await makeUser({ systemId: B.id, roles: ["ReportManager"] }),
    reportAdminSuper: await makeUser({ systemId: superId, roles: ["ReportAdmin"] }),
    systemsAdminSuper: await makeUser({ systemId: superId, roles: ["SystemsAdmin"] }),
  };
  const systemOf: Record<string, string> = { reportAdminSuper: "Supersystem", systemsAdminSuper: "Supersystem" };
  tokens = {};
  for (const [key, user] of Object.entries(users)) {
    const systemName = systemOf[key] ?? (user.systemId === A.id ? A.name : B.name);
    tokens[key] = await tokenOf(systemName, user.name);
  }
});

const MARCH = "start=2026-03-01&end=2026-03-31";

describe("GET v3/statistics/summary/{systemId}", () => {
  it("a row per project of the system, by name, zeros included, the jobs of no project last, and the total", async () => {
    const res = await call(projectsRoute, `/api/v3/statistics/summary/${A.id}?${MARCH}`, { token: tokens.reportManagerA });
    expect(res.status, res.text).toBe(200);
    const items = res.json.items as (Figures & { projectId: string | null; projectName: string | null })[];
    expect(items.map((i) => i.projectName)).toEqual(["Alpha", "beta", "Gamma", null]);
    expect(items[0]).toMatchObject({
      projectId: p1,
      total: 3,
      successful: 1,
      failed: 1,
      notStarted: 1,
      waiting: 1,
      restarts: 2,
      notDeleted: 3,
      documents: 3,
      pages: 3,
      ocrDocuments: 1,
      ocrPages: 1,
      networkUpload: 1200,
      networkDownload: 300,
      averageProcessingTime: 1,
      maxProcessingTime: 1.5,
    });
    // the removed Ready job still counts as successful; New counts as not started, Processing does not
    expect(items[1]).toMatchObject({
      projectId: p2,
      total: 4,
      successful: 2,
      failed: 0,
      notStarted: 1,
      waiting: 0,
      notDeleted: 3,
      pages: 12,
      averageProcessingTime: 22.562,
      maxProcessingTime: 42.123,
    });
    expect(items[2]).toMatchObject({
      projectId: p3,
      total: 0,
      successful: 0,
      pages: 0,
      averageProcessingTime: 0,
      maxProcessingTime: 0,
    });
    expect(items[3]).toMatchObject({ projectId: null, total: 1, failed: 1, maxProcessingTime: 0.1 });
    expect(res.json.total).toMatchObject({
      total: 8,
      successful: 3,
      failed: 2,
      notStarted: 2,
      waiting: 1,
      restarts: 2,
      notDeleted: 7,
      pages: 16,
      documents: 10,
      maxProcessingTime: 42.123,
      averageProcessingTime: 9.445,
    });
  });

  it("counts both edge days of the range (UTC) and nothing beside them", async () => {
    const oneDay = await call(projectsRoute, `/api/v3/statistics/summary/${A.id}?start=2026-03-31&end=2026-03-31`, {
      token: tokens.reportManagerA,
    });
    expect(oneDay.json.total).toMatchObject({ total: 1, waiting: 1 });
    const wide = await call(projectsRoute, `/api/v3/statistics/summary/${A.id}?start=2026-02-28&end=2026-04-01`, {
      token: tokens.reportManagerA,
    });
    expect(wide.json.total.total).toBe(10);
    // an ISO date-time counts by its UTC day
    const dt = await call(
      projectsRoute,
      `/api/v3/statistics/summary/${A.id}?start=2026-03-01T01:00:00%2B02:00&end=2026-03-01T00:00:00Z`,
      { token: tokens.reportManagerA },
    );
    expect(dt.json.total.total).toBe(2);
  });

  it("defaults to the current month; an end before the start is 400 EndBeforeStart", async () => {
    const now = new Date();
    await job(B.id, null, now.toISOString(), "Waiting");
    const current = await call(projectsRoute, `/api/v3/statistics/summary/${B.id}/`, { token: tokens.reportManagerB });
    expect(current.status).toBe(200);
    expect(current.json.total.total).toBe(1);
    const bad = await call(projectsRoute, `/api/v3/statistics/summary/${A.id}?start=2026-03-10&end=2026-03-09`, {
      token: tokens.reportManagerA,
    });
    expect(bad.status).toBe(400);
    expect(codes(bad.json)).toEqual(["EndBeforeStart"]);
    expect(bad.json.errors[0].messageParameter).toMatchObject({ start: "2026-03-10", end: "2026-03-09" });
    const malformed = await call(projectsRoute, `/api/v3/statistics/summary/${A.id}?start=2026-02-30`, {
      token: tokens.reportManagerA,
    });
    expect([malformed.status, codes(malformed.json)[0]]).toEqual([400, "InvalidFormat"]);
  });

  it("a deleted project's jobs move to the row without project; the totals stay", async () => {
    const C = await makeSystem();
    const { project } = await makeProject({ systemId: C.id });
    await job(C.id, project.id, "2026-03-05T00:00:00Z", "Ready", { ms: 2000 });
    const admin = tokens.reportAdminSuper;
    const before = await call(projectsRoute, `/api/v3/statistics/summary/${C.id}?${MARCH}`, { token: admin });
    expect(before.json.items).toHaveLength(1);
    await (await getDb()).delete(projects).where(eq(projects.id, project.id));
    const after = await call(projectsRoute, `/api/v3/statistics/summary/${C.id}?${MARCH}`, { token: admin });
    expect(after.json.items).toEqual([{ ...before.json.items[0], projectId: null, projectName: null }]);
    expect(after.json.total).toEqual(before.json.total);
  });
});

describe("GET v3/statistics/summary", () => {
  it("a row per system, the Supersystem first, zeros included, and their total", async () => {
    const res = await call(systemsRoute, `/api/v3/statistics/summary?${MARCH}`, { token: tokens.reportAdminSuper });
    expect(res.status, res.text).toBe(200);
    const items = res.json.items as (Figures & { systemId: string; systemName: string })[];
    expect(items[0]?.systemName).toBe("Supersystem");
    const count = await (await getDb()).select({ n: sql<number>`count(*)`.mapWith(Number) }).from(systems);
    expect(items).toHaveLength(count[0]?.n ?? 0);
    expect(items.find((i) => i.systemId === A.id)).toMatchObject({ systemName: A.name, total: 8, successful: 3, failed: 2 });
    expect(items.find((i) => i.systemId === B.id)).toMatchObject({ total: 0, maxProcessingTime: 0 });
    const sum = items.reduce((n, i) => n + i.total, 0);
    expect(res.json.total.total).toBe(sum);
    expect(res.json.total.maxProcessingTime).toBe(Math.max(...items.map((i) => i.maxProcessingTime)));
  });
});

describe("GET v3/statistics/longrunningjobs/{systemId}", () => {
  it("the 10 longest runs of the range, longest first, of the system or of one project", async () => {
    const D = await makeSystem();
    const { project } = await makeProject({ systemId: D.id });
    const other = (await makeProject({ systemId: D.id })).project.id;
    for (let i = 1; i <= 12; i++) {
      await job(
        D.id,
        project.id,
        `2026-03-${String(i).padStart(2, "0")}T10:00:00Z`,
        "Ready",
        { ms: i * 1000 + 7 },
        {
          client: `client-${i}`,
          clientInfo: `info-${i}`,
        },
      );
    }
    await job(D.id, other, "2026-03-20T10:00:00Z", "Error", { ms: 500_000 });
    await job(D.id, project.id, "2026-04-02T10:00:00Z", "Ready", { ms: 900_000 });
    const token = tokens.reportAdminSuper;
    const all = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${D.id}?${MARCH}`, { token });
    expect(all.status, all.text).toBe(200);
    expect(all.json.totalCount).toBe(13);
    expect(all.json.items).toHaveLength(10);
    expect(all.json.items[0]).toMatchObject({ processingTime: 500, projectId: other, state: "Error" });
    expect(all.json.items[1]).toMatchObject({
      client: "client-12",
      clientInfo: "info-12",
      processingTime: 12.007,
      projectId: project.id,
    });
    const times = all.json.items.map((i: { processingTime: number }) => i.processingTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const one = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${D.id}/?${MARCH}&projectId=${project.id}`, {
      token,
    });
    expect(one.json.totalCount).toBe(12);
    expect(one.json.items.map((i: { client: string }) => i.client)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `client-${i}`),
    );
    // a range with few of the runs: its jobs are read and sorted (the other way than the walk above)
    const day = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${D.id}?start=2026-03-05&end=2026-03-05`, {
      token,
    });
    expect(day.json).toMatchObject({ totalCount: 1, items: [{ client: "client-5", processingTime: 5.007 }] });
    const foreignProject = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${D.id}?projectId=${p1}`, { token });
    expect([foreignProject.status, codes(foreignProject.json)[0]]).toEqual([404, "ProjectNotFound"]);
    const empty = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${D.id}?start=2025-01-01&end=2025-01-31`, {
      token,
    });
    expect(empty.json).toEqual({ items: [], totalCount: 0 });
  });
});

describe("who may read statistics (spec §6)", () => {
  const aSummary = () => `/api/v3/statistics/summary/${A.id}?${MARCH}`;
  it("AccessStatistics reads its own system; a foreign system is 404 as an unknown one; without it 403", async () => {
    expect((await call(projectsRoute, aSummary(), { token: tokens.reportAdminA })).status).toBe(200);
    const foreign = await call(projectsRoute, aSummary(), { token: tokens.reportManagerB });
    expect([foreign.status, codes(foreign.json)[0]]).toEqual([404, "SystemNotFound"]);
    const unknown = await call(projectsRoute, `/api/v3/statistics/summary/${crypto.randomUUID()}`, {
      token: tokens.reportManagerB,
    });
    expect(unknown.text).toBe(foreign.text);
    const denied = await call(projectsRoute, aSummary(), { token: tokens.jobCreatorA });
    expect([denied.status, codes(denied.json)[0]]).toEqual([403, "AccessDenied"]);
    const lrForeign = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${A.id}`, {
      token: tokens.reportManagerB,
    });
    expect([lrForeign.status, codes(lrForeign.json)[0]]).toEqual([404, "SystemNotFound"]);
    const lrDenied = await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${A.id}`, { token: tokens.jobCreatorA });
    expect(lrDenied.status).toBe(403);
  });

  it("AccessAdminStatistics in the Supersystem reads every system; a deputy reads the system it administers", async () => {
    expect((await call(projectsRoute, aSummary(), { token: tokens.reportAdminSuper })).status).toBe(200);
    expect(
      (await call(longRunningRoute, `/api/v3/statistics/longrunningjobs/${A.id}`, { token: tokens.reportAdminSuper })).status,
    ).toBe(200);
    expect((await call(projectsRoute, aSummary(), { token: tokens.systemsAdminSuper })).status).toBe(200);
  });

  it("the summary of every system takes AccessAdminStatistics in the Supersystem", async () => {
    for (const token of [tokens.reportManagerA, tokens.reportAdminA, tokens.systemsAdminSuper, tokens.jobCreatorA]) {
      const res = await call(systemsRoute, "/api/v3/statistics/summary/", { token });
      expect([res.status, codes(res.json)[0]]).toEqual([403, "AccessDenied"]);
    }
    const anonymous = await call(systemsRoute, "/api/v3/statistics/summary");
    expect(anonymous.status).toBe(401);
  });
});

describe("series for the charts and the dashboards", () => {
  it("jobs per day by outcome and pages, zeros for empty days; per month over long ranges", async () => {
    const db = await getDb();
    const days = await jobsByOutcome(db, { systemId: A.id, from: "2026-03-14", to: at("2026-03-16T18:00:00Z") });
    expect(days).toEqual([
      { day: "2026-03-14", total: 0, successful: 0, failed: 0, other: 0 },
      { day: "2026-03-15", total: 2, successful: 2, failed: 0, other: 0 },
      { day: "2026-03-16", total: 2, successful: 0, failed: 0, other: 2 },
    ]);
    const months = await statisticsSeries(db, { systemId: A.id, start: "2026-01-01", end: "2026-04-30" });
    expect(months.unit).toBe("month");
    expect(months.points.map((p) => [p.key, p.total, p.pages])).toEqual([
      ["2026-01-01", 0, 0],
      ["2026-02-01", 1, 1],
      ["2026-03-01", 8, 16],
      ["2026-04-01", 1, 1],
    ]);
    const project = await statisticsSeries(db, { systemId: A.id, projectId: p2, start: "2026-03-15", end: "2026-03-15" });
    expect(project.points).toEqual([
      { key: "2026-03-15", total: 2, successful: 2, failed: 0, other: 0, documents: 6, pages: 12 },
    ]);
  });

  it("the job-duration histogram: cumulative buckets, count and sum in seconds", async () => {
    const E = await makeSystem();
    for (const ms of [800, 1000, 4000, 14_000, 59_000, 200_000, 400_000])
      await job(E.id, null, "2026-03-05T00:00:00Z", "Ready", { ms });
    await job(E.id, null, "2026-03-05T00:00:00Z", "Waiting");
    const h = await jobDurationHistogram(await getDb(), { systemId: E.id });
    expect(h).toEqual({
      buckets: [
        { le: 1, count: 2 },
        { le: 5, count: 3 },
        { le: 15, count: 4 },
        { le: 60, count: 5 },
        { le: 300, count: 6 },
        { le: "+Inf", count: 7 },
      ],
      count: 7,
      sumSeconds: 678.8,
    });
    const all = await jobDurationHistogram(await getDb());
    expect(all.count).toBeGreaterThan(h.count);
  });
});

describe("MetricsAggregator", () => {
  it("rolls changed days into months, idempotently, again when a day changes later, and drops deleted systems", async () => {
    const db = await getDb();
    const F = await makeSystem();
    const { project } = await makeProject({ systemId: F.id });
    const a = await job(F.id, project.id, "2025-11-03T00:00:00Z", "Ready", { ms: 1000, pages: 4 });
    await job(F.id, project.id, "2025-11-20T00:00:00Z", "Error", { ms: 3000, pages: 1 });
    await job(F.id, null, "2025-12-01T00:00:00Z", "Waiting");

    const first = await runTask(await taskRun("MetricsAggregator"));
    expect(first?.message).toMatch(/month\(s\) rolled up/);
    const monthsOf = async () =>
      (await db.select().from(jobStatsMonthly).where(eq(jobStatsMonthly.systemId, F.id))).sort((x, y) =>
        x.month.localeCompare(y.month),
      );
    const rolled = await monthsOf();
    expect(
      rolled.map((r) => [r.month, r.projectId, r.total, r.successful, r.failed, r.pages, r.durationMaxMs, r.waiting]),
    ).toEqual([
      ["2025-11-01", project.id, 2, 1, 1, 5, 3000, 0],
      ["2025-12-01", null, 1, 0, 0, 0, 0, 1],
    ]);
    expect(rolled[0]).toMatchObject({ durationCount: 2, durationSumMs: 4000, durationLe1s: 1, durationLe5s: 2, notDeleted: 2 });

    // nothing changed: nothing written
    expect(await rollMetricsIntoMonths(db)).toEqual([]);
    expect(await monthsOf()).toEqual(rolled);

    // a job of November is removed: November is rolled again, alone
    await db.update(jobs).set({ state: "Removed", deleted: new Date() }).where(eq(jobs.id, a.id));
    const again = await rollMetricsIntoMonths(db);
    expect([...new Set(again.map((r) => r.month))]).toEqual(["2025-11-01"]);
    expect((await monthsOf())[0]).toMatchObject({ total: 2, successful: 1, notDeleted: 1 });

    // a system deleted with its jobs: its counters go
    await db.delete(systems).where(eq(systems.id, F.id));
    await rollMetricsIntoMonths(db);
    expect(await monthsOf()).toEqual([]);
    const left = await db.execute(sql`select count(*)::int as n from job_stats_current where system_id = ${F.id}`);
    const rows = (Array.isArray(left) ? left : (left as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]?.n).toBe(0);
  });

  it("writes each complete month it rolled as MetricAggregate downloads, all systems and per system, replacing the month's earlier ones", async () => {
    const db = await getDb();
    const G = await makeSystem();
    const { project } = await makeProject({ systemId: G.id });
    const a = await job(G.id, project.id, "2025-09-03T00:00:00Z", "Ready", { ms: 1000, pages: 4 });
    await job(G.id, project.id, "2025-09-20T00:00:00Z", "Error", { ms: 3000, pages: 1 });
    // the current month is never archived: it still changes
    await job(G.id, project.id, new Date().toISOString(), "Waiting");
    const archivesOf = (externalId: string) => db.select().from(downloads).where(eq(downloads.externalId, externalId));
    const csvOf = async (path: string) => {
      const zip = unzipSync(new Uint8Array(await readFile(resolveFile(path))));
      expect(Object.keys(zip).sort()).toEqual(["metric-aggregates.csv", "metric-aggregates.json"]);
      return strFromU8(zip["metric-aggregates.csv"] as Uint8Array)
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    };

    await runTask(await taskRun("MetricsAggregator"));
    const [own] = await archivesOf(`MetricAggregate:2025-09:${G.id}`);
    expect(own).toMatchObject({ systemId: G.id, type: 3, displayFileName: `MetricAggregates_2025-09_${G.name}.zip` });
    const [header, ...lines] = await csvOf(own?.path ?? "");
    expect(header?.split(",").slice(0, 7)).toEqual(["month", "systemId", "system", "projectId", "total", "successful", "failed"]);
    expect(lines.map((l) => l.split(",").slice(0, 7))).toEqual([["2025-09-01", G.id, G.name, project.id, "2", "1", "1"]]);
    const [all] = await archivesOf("MetricAggregate:2025-09:all");
    expect(all?.systemId).toBeNull();
    expect((await csvOf(all?.path ?? "")).some((l) => l.includes(G.id))).toBe(true);
    const thisMonth = `MetricAggregate:${new Date().toISOString().slice(0, 7)}:${G.id}`;
    expect(await archivesOf(thisMonth)).toEqual([]);

    // a job of September is removed: September is archived again and the earlier archive (row and file) goes
    await db.update(jobs).set({ state: "Removed", deleted: new Date() }).where(eq(jobs.id, a.id));
    await runTask(await taskRun("MetricsAggregator"));
    const again = await archivesOf(`MetricAggregate:2025-09:${G.id}`);
    expect(again).toHaveLength(1);
    expect(again[0]?.id).not.toBe(own?.id);
    await expect(readFile(resolveFile(own?.path ?? ""))).rejects.toThrow();
    const notDeleted = (await csvOf(again[0]?.path ?? ""))[0]?.split(",").indexOf("notDeleted") ?? -1;
    expect((await csvOf(again[0]?.path ?? ""))[1]?.split(",")[notDeleted]).toBe("1");
  });

  it("its month rows sum the days exactly", async () => {
    const db = await getDb();
    await rollMetricsIntoMonths(db);
    const check = await db.execute(sql`
      select count(*)::int as n from (
        select date_trunc('month', day)::date as month, system_id, project_id, sum(total) as total, sum(pages) as pages,
          sum(duration_sum_ms) as sum_ms, max(duration_max_ms) as max_ms, sum(duration_le_60s) as le60
        from job_stats_current group by 1, 2, 3
        except
        select month, system_id, project_id, total, pages, duration_sum_ms, duration_max_ms, duration_le_60s
        from job_stats_monthly
      ) differ`);
    const rows = (Array.isArray(check) ? check : (check as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]?.n).toBe(0);
  });
});
