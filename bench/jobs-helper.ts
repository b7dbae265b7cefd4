// The parts of bench/jobs.mjs that need our TypeScript modules, run as `node --import tsx bench/jobs-helper.ts <command>`
// with DATABASE_URL (the benchmark's own database), DATA_DIR and SECRET_KEY in the environment. Prints one JSON
// line on stdout; progress goes to stderr.
//   setup   a system with a JobCreator user and a project (the sample document classes of tests/helpers/factories.ts)
//   search  1 000 000 jobs for one system (and 3 × 30 000 for others), VACUUM ANALYZE, then p95 of searchJobs
//           against the bare SQL of the same search, EXPLAIN ANALYZE of each, and what an exact count would cost
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Database } from "@/db/client";
import * as schema from "@/db/schema";
import { searchJobs } from "@/lib/jobs/queries";
import { ZJobSearch } from "@/lib/jobs/schemas";
import { startedDb as getDb } from "@/lib/setup/bootstrap";
import { makeProject, makeSystem, makeUser, PASSWORD } from "@/tests/helpers/factories";
import { runCommand } from "./helper-command";

const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const note = (message: string) => process.stderr.write(`jobs-helper: ${message}\n`);

async function setup() {
  // the start-up step registered and run (the factories read the process's database through lib/db)
  await getDb();
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: ["JobCreator"] });
  const { project } = await makeProject({ systemId: system.id });
  out({ systemId: system.id, systemName: system.name, userName: user.name, password: PASSWORD, projectName: project.name });
}

// ---------------------------------------------------------------------------------------------------------------
// search

const CLIENTS = [
  "Acme Scan Station 1",
  "Acme Scan Station 2",
  "Acme Mail Import",
  "Mailroom Berlin",
  "Mailroom Hamburg",
  "Mailroom Munich",
  "SAP Connector",
  "SAP Connector Test",
  "E-Mail Import",
  "Portal Upload",
  "Batch Import 01",
  "Batch Import 02",
  "Batch Import 03",
  "Archive Migration",
  "Hotfolder Finance",
  "Hotfolder HR",
  "DMS Bridge",
  "Mobile Capture",
  "Fax Gateway",
  "Scanner Floor 2",
];

/**
 * `count` jobs of a system in one INSERT … SELECT generate_series: states mostly Ready (85 %), then Error 7 %,
 * Waiting 3 %, Processing 1 %, Removed 2 % (deleted set), Assigned 2 %; 20 clients; priority 5 for 60 %, else
 * 1–10; created uniformly over the last 365 days; projects round robin.
 */
async function seedJobs(client: postgres.Sql, systemId: string, projects: { id: string; name: string }[], count: number) {
  await client`
    insert into jobs (auth_hash, system_id, project_id, project_name, creator, state, error_code, error_message,
                      client, client_info, priority, worker_process_id, attempts, created, assigned, started, finished, deleted)
    select md5(${systemId} || g::text),
           ${systemId}::uuid,
           (${projects.map((p) => p.id)}::uuid[])[1 + g % ${projects.length}],
           (${projects.map((p) => p.name)}::text[])[1 + g % ${projects.length}],
           'user' || (g % 25),
           st,
           case when st = 'Error' then 'ProcessingFailed' end,
           case when st = 'Error' then 'document could not be read: ' || g end,
           (${CLIENTS}::text[])[1 + floor(r2 * ${CLIENTS.length})::int],
           'batch ' || (g / 100),
           case when r3 < 0.6 then 5 else 1 + floor(r4 * 10)::int end,
           case when st in ('Ready', 'Error', 'Processing', 'Assigned') then 'worker-host:' || (1000 + g % 4) end,
           case when st in ('New', 'Waiting') then 0 else 1 end,
           c,
           case when st in ('Ready', 'Error', 'Processing', 'Assigned', 'Removed') then c + interval '2 seconds' end,
           case when st in ('Ready', 'Error', 'Processing', 'Removed') then c + interval '3 seconds' end,
           case when st in ('Ready', 'Error', 'Removed') then c + interval '5 seconds' end,
           case when st = 'Removed' then c + interval '30 days' end
    from (
      select g, r2, r3, r4, c,
             case when r1 < 0.85 then 'Ready' when r1 < 0.92 then 'Error' when r1 < 0.95 then 'Waiting'
                  when r1 < 0.96 then 'Processing' when r1 < 0.98 then 'Removed' else 'Assigned' end as st
      from (
        select g, random() r1, random() r2, random() r3, random() r4,
               now() - random() * interval '365 days' as c
        from generate_series(1, ${count}) g
      ) raw
    ) s`;
}

type Case = {
  name: string;
  search: Record<string, string>;
  /** the bare SQL of the same search, written by hand: its condition ($1 the system), parameters and order */
  where: string;
  params: unknown[];
  order: string;
};

function cases(range: { start: Date; end: Date }): Case[] {
  const live = "system_id = $1 and deleted is null";
  return [
    { name: "default (Created:DESC, page 0, size 25)", search: {}, where: live, params: [], order: "created desc, id desc" },
    {
      name: "state=Error",
      search: { state: "Error" },
      where: `${live} and state = $2`,
      params: ["Error"],
      order: "created desc, id desc",
    },
    {
      name: "client contains 'acme'",
      search: { client: "acme" },
      where: `${live} and client ilike $2`,
      params: ["%acme%"],
      order: "created desc, id desc",
    },
    {
      // about 1 100 of the million match (the info is "batch <n / 100>"): read along the trigram index
      name: "clientinfo contains 'batch 4711' (rare)",
      search: { clientinfo: "batch 4711" },
      where: `${live} and client_info ilike $2`,
      params: ["%batch 4711%"],
      order: "created desc, id desc",
    },
    {
      name: "created in one month",
      search: { createdstart: range.start.toISOString(), createdend: range.end.toISOString() },
      where: `${live} and created >= $2 and created <= $3`,
      params: [range.start, range.end],
      order: "created desc, id desc",
    },
    {
      name: "Priority:DESC",
      search: { orderby: "Priority:DESC" },
      where: live,
      params: [],
      order: "priority desc, id desc",
    },
  ];
}

/**
 * The same search written by hand: the count that stops at 1 001 rows (as searchJobs counts; `exact` counts all) and
 * the page with its system's name, sent together, then the page's files.
 */
const bareSql = (c: Case, exact = false) => ({
  count: exact
    ? `select count(*)::int as n from jobs where ${c.where}`
    : `select count(*)::int as n from (select 1 from jobs where ${c.where} limit 1001) x`,
  page: `select j.*, (select name from systems s where s.id = j.system_id) as system_name from jobs j
         where ${c.where} order by ${c.order} limit 25`,
  files: "select * from job_files where job_id = any($1::bigint[]) order by id",
});

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor((q / 100) * sorted.length))] ?? NaN;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: p(s, 50), p95: p(s, 95), n: s.length };
};
type Params = postgres.ParameterOrJSON<never>[];
/** Dates as ISO text: postgres.js serialises a Date only where it has learnt the parameter's type */
const asParams = (values: unknown[]) => values.map((v) => (v instanceof Date ? v.toISOString() : v)) as Params;

/**
 * `runs` of each case through searchJobs and through the bare SQL, interleaved in alternating order after `warmup`
 * unmeasured rounds. Both send unnamed statements (planned for their actual values each time, as drizzle does).
 * `exact`: the bare SQL with an uncapped count, alone (what the count would cost without the cap).
 */
async function measure(
  client: postgres.Sql,
  systemId: string,
  list: Case[],
  runs: number,
  warmup: number,
  { exact = false } = {},
) {
  const db = await getDb();
  const ours: number[][] = list.map(() => []);
  const bare: number[][] = list.map(() => []);
  const totals: number[] = [];
  const runOurs = async (k: number) => {
    const search = ZJobSearch.parse(list[k]!.search);
    const t = performance.now();
    const r = await searchJobs(db, { systemId, search });
    const ms = performance.now() - t;
    if (r.items.length !== Math.min(25, r.totalCount)) throw new Error(`${list[k]!.name}: ${r.items.length} items`);
    totals[k] = r.totalCount;
    return ms;
  };
  const runBare = async (k: number) => {
    const q = bareSql(list[k]!, exact);
    const params = asParams([systemId, ...list[k]!.params]);
    const t = performance.now();
    const [[n], rows] = await Promise.all([client.unsafe(q.count, params), client.unsafe(q.page, params)]);
    const files = await client.unsafe(q.files, [rows.map((r) => String(r.id))]);
    const ms = performance.now() - t;
    if (rows.length !== Math.min(25, n!.n) || !Array.isArray(files))
      throw new Error(`${list[k]!.name}: bare ${rows.length} rows`);
    return ms;
  };
  for (let i = 0; i < warmup + runs; i++) {
    for (let k = 0; k < list.length; k++) {
      for (const which of exact ? ["bare"] : i % 2 ? ["bare", "ours"] : ["ours", "bare"]) {
        const ms = which === "ours" ? await runOurs(k) : await runBare(k);
        if (i >= warmup) (which === "ours" ? ours : bare)[k]!.push(ms);
      }
    }
  }
  return list.map((c, k) => ({ name: c.name, totalCount: totals[k], ours: stats(ours[k]!), bare: stats(bare[k]!) }));
}

async function explain(client: postgres.Sql, query: string, params: unknown[]) {
  const rows = await client.unsafe(`explain (analyze, buffers) ${query}`, asParams(params));
  return rows.map((r) => r["QUERY PLAN"] as string).join("\n");
}

/** The statements searchJobs sends for each case (a drizzle instance on the same client that records them). */
async function ourStatements(client: postgres.Sql, systemId: string, list: Case[]) {
  const recorded: { sql: string; params: unknown[] }[] = [];
  const db = drizzle({ client, schema, logger: { logQuery: (q, params) => void recorded.push({ sql: q, params }) } });
  const out: Record<string, { sql: string; params: unknown[] }[]> = {};
  for (const c of list) {
    recorded.length = 0;
    await searchJobs(db as unknown as Database, { systemId, search: ZJobSearch.parse(c.search) });
    out[c.name] = [...recorded];
  }
  return out;
}

/** EXPLAIN (ANALYZE, BUFFERS) of searchJobs' statements of each case. */
async function explainOurs(client: postgres.Sql, systemId: string, list: Case[]) {
  const statements = await ourStatements(client, systemId, list);
  const plans: Record<string, { sql: string; plan: string }[]> = {};
  for (const c of list) {
    plans[c.name] = [];
    for (const st of statements[c.name]!) plans[c.name]!.push({ sql: st.sql, plan: await explain(client, st.sql, st.params) });
  }
  return plans;
}

async function search() {
  await getDb(); // migrated and seeded (the server did it already)
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const client = postgres(url, { max: 2, onnotice: () => {} });
  const runs = Number(process.env.SEARCH_RUNS) || 200;
  const count = Number(process.env.SEARCH_JOBS) || 1_000_000;
  try {
    const big = await makeSystem();
    const bigProjects = await Promise.all(
      ["Invoices", "Letters", "Delivery notes"].map(async (n) => (await makeProject({ systemId: big.id, name: n })).project),
    );
    let t = performance.now();
    note(`inserting ${count} jobs of one system…`);
    await seedJobs(client, big.id, bigProjects, count);
    const seedSeconds = (performance.now() - t) / 1000;
    for (let i = 0; i < 3; i++) {
      const other = await makeSystem();
      const { project } = await makeProject({ systemId: other.id });
      await seedJobs(client, other.id, [project], 30_000);
    }
    t = performance.now();
    note("vacuum analyze…");
    await client`vacuum (analyze) jobs`;
    const analyzeSeconds = (performance.now() - t) / 1000;
    const [size] = await client`select pg_size_pretty(pg_total_relation_size('jobs')) as total,
      pg_size_pretty(pg_relation_size('jobs')) as heap, current_setting('shared_buffers') as shared_buffers,
      current_setting('work_mem') as work_mem, current_setting('max_parallel_workers_per_gather') as parallel,
      (select count(*)::int from jobs) as rows`;

    // a month three to four months back
    const end = new Date(Date.now() - 90 * 86_400_000);
    const range = { start: new Date(end.getTime() - 30 * 86_400_000), end };
    const list = cases(range);
    note(`measuring ${list.length} searches × ${runs} runs, searchJobs and bare SQL…`);
    const results = await measure(client, big.id, list, runs, 20);
    note("explain analyze…");
    const plans = await explainOurs(client, big.id, list);

    // what the count would cost without its cap (the default search, a few runs)
    note("an exact count…");
    const [exact] = await measure(client, big.id, list.slice(0, 1), 20, 2, { exact: true });
    out({ seedSeconds, analyzeSeconds, size, range, results, plans, exact });
  } finally {
    await client.end({ timeout: 5 });
  }
}

runCommand("jobs-helper", { setup, search });
