// The dashboards' figures at millions of jobs (issue 12): 1 000 000 jobs across 50 systems over 90 days (a few
// thousand waiting, a few dozen in work, the rest ended), read the way the dashboards and GET /api/metrics read them
// (the queue along the jobs' indexes, the outcomes from the statistics counters), against the plain GROUP BY over the
// jobs table that they avoid, in the same process, on the same rows, interleaved.
//   DATABASE_URL=postgres://…/bench npm run bench:dashboard   (PostgreSQL; its DashBench* systems are replaced)
//   npm run bench:dashboard                                   (PGlite in a temporary DATA_DIR; --jobs 200000 is kinder)
// Options: --jobs N (default 1 000 000), --rounds N (default 30), --explain (the plans of the queue's statements).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "bench-dash-"));
process.env.SECRET_KEY ??= "bench-secret-key-bench-secret-key-0123456789";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const JOBS = opt("--jobs", 1_000_000);
const ROUNDS = opt("--rounds", 30);
const SYSTEMS = 50;

const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
const { systems } = await import("@/db/schema");
const { queueBySystem, systemQueue } = await import("@/lib/dashboard/queue");
const { countersBySystem, outcomesByProject, outcomesBySystem } = await import("@/lib/dashboard/jobs");
const { dashboardRanges } = await import("@/lib/dashboard/ranges");

const db = await getDb();
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const rowsOf = (r: unknown): Record<string, unknown>[] =>
  Array.isArray(r) ? (r as Record<string, unknown>[]) : ((r as { rows?: Record<string, unknown>[] }).rows ?? []);

await db.execute(sql`delete from jobs where system_id in (select id from systems where name like 'DashBench%')`);
await db.execute(sql`delete from systems where name like 'DashBench%'`);
const made = await db
  .insert(systems)
  .values(Array.from({ length: SYSTEMS }, (_, i) => ({ name: `DashBench${i}`, type: "Local" as const })))
  .returning({ id: systems.id });
const ids = made.map((s) => s.id);
const started = performance.now();
// states by the job's number: 0.5 % waiting, 0.005 % assigned and processing each, 2 % failed, the rest ready;
// created over the last 90 days
for (let from = 0; from < JOBS; from += 100_000) {
  const to = Math.min(JOBS, from + 100_000);
  await db.execute(sql`
    insert into jobs (auth_hash, system_id, project_name, state, created, queued_at)
    select 'x', (${sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(",")}]`)})[1 + ((n / 7) % ${SYSTEMS}::int)], 'Bench',
      case when n % 200 = 0 then 'Waiting' when n % 20000 = 1 then 'Assigned' when n % 20000 = 2 then 'Processing'
           when n % 50 = 3 then 'Error' else 'Ready' end,
      now() - (n % 7776000) * interval '1 second', now()
    from generate_series(${from}::int, ${to - 1}::int) as n`);
}
await db.execute(sql`analyze jobs`);
console.log(`${database}: ${JOBS} jobs in ${SYSTEMS} systems written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const one = ids[7] as string;
const ranges = dashboardRanges(new Date());
// the MetricsAggregator folds the counters' journal every 5 minutes: the dashboards read folded days
await db.execute(sql`select job_stats_fold()`);
const cases: Record<string, () => Promise<unknown>> = {
  "systemQueue (one system)": () => systemQueue(db, { systemId: one }),
  "queueBySystem (every system)": () => queueBySystem(db),
  "outcomesByProject (one system, today + 7 days)": () => outcomesByProject(db, { systemId: one, ranges }),
  "outcomesBySystem (every system, today + 7 days)": () => outcomesBySystem(db, { ranges }),
  "countersBySystem (every system, all days: metrics)": () => countersBySystem(db),
  "baseline: GROUP BY over jobs": () =>
    db.execute(sql`select system_id, state, count(*), min(created) from jobs group by system_id, state`),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (let round = 0; round < ROUNDS + 3; round++) {
  for (const [name, run] of Object.entries(cases)) {
    const t0 = performance.now();
    await run();
    if (round >= 3) times[name]?.push(performance.now() - t0);
  }
}
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
const baseline = pct(times["baseline: GROUP BY over jobs"] ?? [], 0.5);
console.log("| query | p50 ms | p95 ms | p50 / baseline |\n|---|---:|---:|---:|");
for (const [name, values] of Object.entries(times)) {
  const p50 = pct(values, 0.5);
  console.log(`| ${name} | ${p50.toFixed(2)} | ${pct(values, 0.95).toFixed(2)} | ${(p50 / baseline).toFixed(4)} |`);
}
if (args.includes("--explain")) {
  for (const state of ["'Waiting'", "'Processing'"]) {
    const plan = await db.execute(
      sql.raw(`explain (analyze, buffers) select count(*) from jobs where system_id = '${one}' and state = ${state}`),
    );
    console.log(
      rowsOf(plan)
        .map((r) => Object.values(r)[0])
        .join("\n"),
    );
  }
  const oldest = await db.execute(
    sql.raw(
      `explain (analyze, buffers) select created from jobs where system_id = '${one}' and state = 'Waiting' order by created limit 1`,
    ),
  );
  console.log(
    rowsOf(oldest)
      .map((r) => Object.values(r)[0])
      .join("\n"),
  );
}
await db.execute(sql`delete from jobs where system_id in (select id from systems where name like 'DashBench%')`);
await db.execute(sql`delete from systems where name like 'DashBench%'`);
process.exit(0);
