import { sql } from "drizzle-orm";
import fc from "fast-check";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { jobs } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { callerFromToken } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db";
import { createJob, type OrderFile } from "@/lib/jobs/services/create-job";
import { deleteJobs } from "@/lib/jobs/services/delete-jobs";
import { patchJobs } from "@/lib/jobs/services/patch-jobs";
import { deleteProject } from "@/lib/projects/services/delete-project";
import { patchServiceConfig } from "@/lib/settings/store";
import { claimJob } from "@/workers/jobs/claim";
import { JobPipeline } from "@/workers/jobs/pipeline";
import { startJobs } from "@/workers/jobs/process/start";
import { stopWorkers } from "@/workers/runtime";
import { ciiXml, SAMPLE_INVOICE, ublXml } from "../fixtures/einvoices";
import { textPng } from "../fixtures/ocr-images";
import { tokenOf } from "../helpers/api";
import { makeJob, makeProject, makeSystem, makeUser } from "../helpers/factories";
import { runTask, taskRun } from "../helpers/task-run";

/**
 * The counters (job_stats_current, kept by drizzle/*_statistics_counters.sql) against a direct GROUP BY over jobs and
 * job_metrics, after every step of a random mix of what happens to jobs, each through the code that really does it:
 * creation (the service, and rows written straight in with older creation days and no project), claims, starts and
 * finishes by the worker pipeline (Ready and Error, with metrics), restarts and deletions (the services), stuck jobs
 * (ExtractionJobMonitor), purges (CleanUpJobsV2: a hard delete keeps its counts), a project's deletion (its jobs'
 * counts move to "no project") and folds of the journal into the daily rows (job_stats_current reads both).
 * docs/decisions.md "Statistics" defines the counters; this file says them again in SQL.
 */

afterAll(async () => {
  await stopWorkers();
});

/** issue 25: documents read as e-invoices, by syntax, with warnings, by profile (this file's CII e-invoices are EN16931, its UBL ones XRechnung) */
const EINVOICE_COLUMNS = [
  "einvoices",
  "einvoices_cii",
  "einvoices_ubl",
  "einvoices_warned",
  "einvoices_minimum",
  "einvoices_basic_wl",
  "einvoices_basic",
  "einvoices_en16931",
  "einvoices_extended",
  "einvoices_xrechnung",
] as const;

const ADDITIVE = [
  "total",
  "successful",
  "failed",
  "not_started",
  "waiting",
  "restarts",
  "not_deleted",
  "documents",
  "pages",
  "ocr_documents",
  "ocr_pages",
  "bytes_in",
  "bytes_out",
  "duration_count",
  "duration_sum_ms",
  "duration_le_1s",
  "duration_le_5s",
  "duration_le_15s",
  "duration_le_60s",
  "duration_le_300s",
  ...EINVOICE_COLUMNS,
] as const;
type Counts = Record<(typeof ADDITIVE)[number] | "duration_max_ms", number>;
type Table = Map<string, Counts>;

/** The rows of a raw query: postgres.js answers an array, PGlite `{ rows }`. */
async function query(statement: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result: unknown = await (await getDb()).execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

const zero = (): Counts => Object.fromEntries([...ADDITIVE, "duration_max_ms"].map((k) => [k, 0])) as unknown as Counts;

function toTable(rows: Record<string, unknown>[]): Table {
  const table: Table = new Map();
  for (const r of rows) {
    const counts = zero();
    for (const k of Object.keys(counts) as (keyof Counts)[]) counts[k] = Number(r[k]);
    table.set(`${r.day}|${r.system_id}|${r.project_id ?? "-"}`, counts);
  }
  return table;
}

/** The counters' definitions, straight from the jobs and their metrics. */
async function groupBy(): Promise<Table> {
  const rows = await query(sql`
    select to_char(j.created at time zone 'UTC', 'YYYY-MM-DD') as day, j.system_id, j.project_id,
      count(*) as total,
      count(*) filter (where j.state = 'Ready' or (j.state = 'Removed' and j.finished is not null and j.error_code is null)) as successful,
      count(*) filter (where j.state = 'Error' or (j.state = 'Removed' and j.finished is not null and j.error_code is not null)) as failed,
      count(*) filter (where j.state in ('Undefined', 'New', 'Waiting', 'Assigned')) as not_started,
      count(*) filter (where j.state = 'Waiting') as waiting,
      coalesce(sum(j.restarts), 0) as restarts,
      count(*) filter (where j.state <> 'Removed') as not_deleted,
      coalesce(sum(m.documents), 0) as documents, coalesce(sum(m.pages), 0) as pages,
      coalesce(sum(m.ocr_documents), 0) as ocr_documents, coalesce(sum(m.ocr_pages), 0) as ocr_pages,
      coalesce(sum(m.bytes_in), 0) as bytes_in, coalesce(sum(m.bytes_out), 0) as bytes_out,
      count(m.job_id) as duration_count, coalesce(sum(m.duration_ms), 0) as duration_sum_ms,
      coalesce(max(m.duration_ms), 0) as duration_max_ms,
      count(*) filter (where m.duration_ms <= 1000) as duration_le_1s,
      count(*) filter (where m.duration_ms <= 5000) as duration_le_5s,
      count(*) filter (where m.duration_ms <= 15000) as duration_le_15s,
      count(*) filter (where m.duration_ms <= 60000) as duration_le_60s,
      count(*) filter (where m.duration_ms <= 300000) as duration_le_300s,
      ${sql.raw(EINVOICE_COLUMNS.map((c) => `coalesce(sum(m.${c}), 0) as ${c}`).join(", "))}
    from jobs j left join job_metrics m on m.job_id = j.id
    group by 1, 2, 3`);
  return toTable(rows);
}

async function counters(): Promise<Table> {
  const rows = await query(sql`select *, to_char(day, 'YYYY-MM-DD') as day_text from job_stats_current`);
  return toTable(rows.map((r) => ({ ...r, day: r.day_text })));
}

/**
 * What the counters must hold: the GROUP BY now, plus the counts of jobs purged since (history), with the longest
 * duration ever seen in each key (it only grows).
 */
class Model {
  private purged: Table = new Map();
  private maxSeen = new Map<string, number>();

  async observe(): Promise<Table> {
    const now = await groupBy();
    for (const [key, c] of now) this.maxSeen.set(key, Math.max(this.maxSeen.get(key) ?? 0, c.duration_max_ms));
    return now;
  }

  /** A hard delete between two observations: what left the GROUP BY stays counted. */
  keep(before: Table, after: Table): void {
    for (const [key, b] of before) {
      const a = after.get(key) ?? zero();
      const p = this.purged.get(key) ?? zero();
      for (const k of ADDITIVE) p[k] += b[k] - a[k];
      this.purged.set(key, p);
    }
  }

  /** jobs purged so far (counted only in the history) */
  purgedJobs(): number {
    return [...this.purged.values()].reduce((n, c) => n + c.total, 0);
  }

  async check(label: string): Promise<void> {
    const now = await this.observe();
    const expected: Table = new Map();
    for (const key of new Set([...now.keys(), ...this.purged.keys(), ...this.maxSeen.keys()])) {
      const e = zero();
      for (const k of ADDITIVE) e[k] = (now.get(key)?.[k] ?? 0) + (this.purged.get(key)?.[k] ?? 0);
      e.duration_max_ms = this.maxSeen.get(key) ?? 0;
      expected.set(key, e);
    }
    const actual = await counters();
    for (const key of new Set([...expected.keys(), ...actual.keys()])) {
      expect(actual.get(key) ?? zero(), `${label}: counters of ${key}`).toEqual(expected.get(key) ?? zero());
    }
  }
}

const INVOICE = "INVOICE\nInvoice No. INV-7\nAmount due\nTotal: EUR 12,00\n";
const text = (name: string, body = INVOICE): OrderFile => {
  const bytes = new TextEncoder().encode(body);
  return { name, contentType: "text/plain", size: bytes.byteLength, bytes };
};
// an e-invoice posted as its XML (CII or UBL), one of them with a total that does not add up (a check warning)
const einvoice = (kind: "cii" | "ubl" | "warned"): OrderFile => {
  const xml = kind === "ubl" ? ublXml() : kind === "cii" ? ciiXml() : ciiXml({ ...SAMPLE_INVOICE, totals: { grand: 999.99 } });
  const bytes = new TextEncoder().encode(xml);
  return { name: `${kind}.xml`, contentType: "application/xml", size: bytes.byteLength, bytes };
};
// not a document type the service reads: the job ends in Error (UnsupportedDocumentType) with metrics
const binary = (): OrderFile => {
  const bytes = new Uint8Array([0, 159, 146, 150, 0, 1, 2, 3, 255, 254]);
  return { name: "blob.bin", contentType: "application/octet-stream", size: bytes.byteLength, bytes };
};

type World = {
  systemId: string;
  caller: Caller;
  projects: { id: string; key: string; version: number; deleted: boolean }[];
};

async function makeWorld(): Promise<World> {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["Administrator"] });
  const a = await makeProject({ systemId: system.id });
  const b = await makeProject({ systemId: system.id });
  const caller = await callerFromToken(await getDb(), await tokenOf(system.name, user.name));
  return {
    systemId: system.id,
    caller,
    projects: [a, b].map(({ project, submissionKey }) => ({
      id: project.id,
      key: submissionKey,
      version: project.version,
      deleted: false,
    })),
  };
}

/** The index of a project of the world that is not deleted, made anew when the mix deleted both. */
async function liveProject(world: World): Promise<number> {
  const index = world.projects.findIndex((p) => !p.deleted);
  if (index >= 0) return index;
  const { project, submissionKey } = await makeProject({ systemId: world.systemId });
  world.projects.push({ id: project.id, key: submissionKey, version: project.version, deleted: false });
  return world.projects.length - 1;
}

async function jobsOf(systemId: string, states: string[]): Promise<{ id: number }[]> {
  const rows = await query(
    sql`select id from ${jobs} where system_id = ${systemId} and state in (${sql.join(
      states.map((s) => sql`${s}`),
      sql`, `,
    )}) order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id) }));
}

async function drain(): Promise<void> {
  const db = await getDb();
  const pipeline = new JobPipeline("stats-test-worker");
  while (await pipeline.runNext(db)) {
    // until no job is left to claim
  }
  await pipeline.idle();
}

type Step =
  | { kind: "create"; project: number; files: ("text" | "binary" | "cii" | "ubl" | "warned")[] }
  | { kind: "insertOld"; daysBack: number; project: number | null }
  | { kind: "drain" }
  | { kind: "claim" }
  | { kind: "start" }
  | { kind: "restart"; pick: number }
  | { kind: "delete"; pick: number }
  | { kind: "monitor" }
  | { kind: "purge" }
  | { kind: "fold" }
  | { kind: "deleteProject"; project: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      project: fc.nat(1),
      files: fc.array(fc.constantFrom("text" as const, "binary" as const, "cii" as const, "ubl" as const, "warned" as const), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("insertOld" as const),
      daysBack: fc.integer({ min: 1, max: 40 }),
      project: fc.option(fc.nat(1), { nil: null }),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: "drain" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "claim" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "start" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("restart" as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "monitor" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "purge" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "fold" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteProject" as const), project: fc.nat(1) }) },
);

const DAY_MS = 86_400_000;

async function run(step: Step, world: World, model: Model): Promise<void> {
  const db = await getDb();
  const { systemId, caller } = world;
  switch (step.kind) {
    case "create": {
      const project = world.projects[step.project];
      if (!project || project.deleted) return;
      const files = step.files.map((f, i) => (f === "text" ? text(`doc${i}.txt`) : f === "binary" ? binary() : einvoice(f)));
      await createJob(db, { caller: null, submissionKey: project.key, meta: { client: "stats" }, files });
      return;
    }
    case "insertOld": {
      const project = step.project === null ? undefined : world.projects[step.project];
      await makeJob({
        systemId,
        projectId: project && !project.deleted ? project.id : null,
        created: new Date(Date.now() - step.daysBack * DAY_MS),
      });
      return;
    }
    case "drain":
      return drain();
    case "claim": {
      await claimJob(db, { workerId: "stats-claimer" });
      return;
    }
    case "start": {
      const claim = await claimJob(db, { workerId: "stats-starter" });
      if (claim) await startJobs(db, [claim]);
      return;
    }
    case "restart": {
      const done = await jobsOf(systemId, ["Ready", "Error"]);
      const job = done[step.pick % Math.max(1, done.length)];
      if (job) await patchJobs(db, { caller, ids: [job.id], input: { state: "Waiting" } });
      return;
    }
    case "delete": {
      const done = await jobsOf(systemId, ["Ready", "Error"]);
      const job = done[step.pick % Math.max(1, done.length)];
      if (job) await deleteJobs(db, { caller, ids: [job.id] });
      return;
    }
    case "monitor":
      // a day later every lease has run out: stuck jobs are queued again or given up
      await runTask(await taskRun("ExtractionJobMonitor", { systemId, now: new Date(Date.now() + DAY_MS) }));
      return;
    case "purge": {
      const before = await model.observe();
      await runTask(await taskRun("CleanUpJobsV2", { systemId, now: new Date(Date.now() + 3 * DAY_MS) }));
      model.keep(before, await model.observe());
      return;
    }
    case "fold":
      await db.execute(sql`select job_stats_fold()`);
      return;
    case "deleteProject": {
      const project = world.projects[step.project];
      if (!project || project.deleted) return;
      await deleteProject(db, { caller, id: project.id, input: { version: project.version } });
      project.deleted = true;
      return;
    }
  }
}

// one model for the file: the database (and its purged history) is the file's
const model = new Model();

describe("job_stats_daily", () => {
  it("equals the GROUP BY over jobs and job_metrics after every step of a random mix of job changes", async () => {
    const db = await getDb();
    // purges take removed jobs after a day; nothing else expires
    await patchServiceConfig(db, { deleteNew: 0, deleteExtracted: 0, deleteError: 0, deleteDeleted: 1 });
    await model.check("start");
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 8, maxLength: 22 }), async (steps) => {
        const world = await makeWorld();
        for (const [i, step] of steps.entries()) {
          await run(step, world, model);
          await model.check(`step ${i} ${JSON.stringify(step)}`);
        }
        // the end of every run, so that each covers them: a job that ends Ready and one that ends in Error (of a
        // project that is still there), a job without project, everything processed, one job restarted and processed
        // again, one removed and purged
        const live = await liveProject(world);
        for (const step of [
          { kind: "create", project: live, files: ["text"] },
          { kind: "create", project: live, files: ["text", "binary"] },
          { kind: "create", project: live, files: ["cii", "ubl", "warned"] },
          { kind: "insertOld", daysBack: 2, project: null },
          { kind: "drain" },
          { kind: "restart", pick: 0 },
          { kind: "drain" },
          { kind: "delete", pick: 0 },
          { kind: "purge" },
        ] as Step[]) {
          await run(step, world, model);
          await model.check(`end ${JSON.stringify(step)}`);
        }
      }),
      { numRuns: Number(process.env.STATS_RUNS) || 6, endOnFailure: true },
    );
    // the mix reached what it is about: outcomes of both kinds with metrics, restarts, removals, jobs without project
    const sum = zero();
    const table = await counters();
    for (const c of table.values()) for (const k of ADDITIVE) sum[k] += c[k];
    expect(sum.successful).toBeGreaterThan(0);
    expect(sum.failed).toBeGreaterThan(0);
    expect(sum.restarts).toBeGreaterThan(0);
    expect(sum.documents).toBeGreaterThan(0);
    expect(sum.einvoices).toBeGreaterThan(0);
    expect(sum.einvoices_ubl).toBeGreaterThan(0);
    expect(sum.einvoices_warned).toBeGreaterThan(0);
    expect(sum.einvoices_xrechnung).toBeGreaterThan(0);
    expect(sum.einvoices_en16931).toBeGreaterThan(0);
    expect(sum.not_deleted).toBeLessThan(sum.total);
    expect([...table.keys()].some((k) => k.endsWith("|-"))).toBe(true);
    expect(model.purgedJobs()).toBeGreaterThan(0);
  }, 600_000);

  it("counts OCR documents and pages of an image job, and a job's metrics replace its earlier run's", async () => {
    const db = await getDb();
    const world = await makeWorld();
    const project = world.projects[0];
    if (!project) throw new Error("no project");
    const png = textPng(["INVOICE", "Invoice No. INV-42"]);
    const job = await createJob(db, {
      caller: null,
      submissionKey: project.key,
      meta: {},
      files: [{ name: "scan.png", contentType: "image/png", size: png.byteLength, bytes: png }, text("a.txt")],
    });
    await drain();
    await model.check("ocr job");
    const [row] = await query(
      sql`select * from job_stats_current where system_id = ${world.systemId} and project_id = ${project.id}`,
    );
    expect(row).toMatchObject({ total: expect.anything(), ocr_documents: expect.anything() });
    expect(Number(row?.ocr_documents)).toBe(1);
    expect(Number(row?.documents)).toBe(2);
    expect(Number(row?.successful)).toBe(1);
    await patchJobs(db, { caller: world.caller, ids: [job.id], input: { state: "Waiting" } });
    await model.check("restarted");
    await drain();
    await model.check("finished again");
    const [again] = await query(
      sql`select * from job_stats_current where system_id = ${world.systemId} and project_id = ${project.id}`,
    );
    expect(Number(again?.documents)).toBe(2);
    expect(Number(again?.duration_count)).toBe(1);
    expect(Number(again?.restarts)).toBe(1);
  }, 120_000);
});

describe("job_stats_daily under concurrent writers", () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "transactions of several statements changing jobs of the same keys in opposite orders, and folds meanwhile, neither wait on each other nor lose a count (PostgreSQL)",
    async () => {
      const world = await makeWorld();
      const [a, b] = world.projects;
      const WRITERS = 8;
      // 30 keys (15 creation days × 2 projects), one job of each key for each writer
      const mine: number[][] = Array.from({ length: WRITERS }, () => []);
      for (let day = 0; day < 15; day++)
        for (const project of [a, b])
          for (const ids of mine) {
            const job = await makeJob({
              systemId: world.systemId,
              projectId: project?.id,
              state: "Ready",
              finished: new Date(),
              created: new Date(Date.now() - day * DAY_MS),
            });
            ids.push(job.id);
          }
      // Every writer runs its first statement, then waits inside its transaction until all writers and a fold have run
      // theirs: they can all get there only side by side. A statement that had to wait for another's lock fails at once
      // on lock_timeout instead of hanging, and no transaction may fail (nothing retried). A second fold runs while the
      // writers make their second statements (folds wait only for each other: one fold at a time).
      const client = postgres(process.env.TEST_DATABASE_URL as string, { max: WRITERS + 4, onnotice: () => {} });
      const parties = WRITERS + 1;
      let arrived = 0;
      let openBarrier: () => void = () => {};
      const barrier = new Promise<void>((resolve) => {
        openBarrier = resolve;
      });
      const arrive = async () => {
        if (++arrived === parties) openBarrier();
        await barrier;
      };
      const update = (tx: postgres.TransactionSql, ids: number[]) =>
        tx.unsafe(`update jobs set restarts = restarts + 1 where id in (${ids.map(Number).join(", ")})`);
      try {
        await Promise.all([
          ...mine.map((ids, t) =>
            client.begin(async (tx) => {
              await tx`set local lock_timeout = '5s'`;
              // every key in two statements, half the keys each, odd writers the other half first
              const half = ids.length / 2;
              const parts = t % 2 ? [ids.slice(half), ids.slice(0, half)] : [ids.slice(0, half), ids.slice(half)];
              await update(tx, parts[0] as number[]);
              await arrive();
              await update(tx, parts[1] as number[]);
            }),
          ),
          client.begin(async (tx) => {
            await tx`set local lock_timeout = '5s'`;
            await tx`select job_stats_fold()`;
            await arrive();
          }),
          barrier.then(() => client`select job_stats_fold()`),
        ]);
      } finally {
        await client.end({ timeout: 5 });
      }
      expect(arrived).toBe(parties);
      await model.check("concurrent writers");
      const [row] = await query(sql`select sum(restarts) as n from job_stats_current where system_id = ${world.systemId}`);
      expect(Number(row?.n)).toBe(15 * 2 * WRITERS);
    },
    120_000,
  );
});
