// The audit-trail search at scale (issue 12): 1 000 000 rows, a `*word*` value search through the real query
// function (lib/audit/queries.ts) against the bare SQL of the same result (the trigram match, the exact count and the
// page of 25 with its system's name), in the same process, on the same rows, interleaved.
//   npm run bench:audit                 PostgreSQL: a database docservice_bench_audit_<random> on BENCH_PG_URL (default
//                                       postgres://postgres@127.0.0.1:5432/postgres), dropped at the end
//   npm run bench:audit -- --pglite     PGlite in a temporary DATA_DIR
// Options: --rows N (default 1 000 000), --runs N (measured runs per search, default 200), --explain (EXPLAIN (ANALYZE,
// BUFFERS) of the statements), --write (replace this database's rows of the "Audit-trail search" section of
// bench/RESULTS.md).
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type SQL, sql } from "drizzle-orm";
import postgres from "postgres";
import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = opt("--rows", 1_000_000);
const RUNS = opt("--runs", 200);
const WARMUP = 20;
const PGLITE = args.includes("--pglite");
const database = PGLITE ? "PGlite" : "PostgreSQL";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "bench-audit-"));
process.env.SECRET_KEY ??= "bench-secret-key-bench-secret-key-0123456789";
process.env.ADMIN_PASSWORD ??= "Bench-Admin-Passw0rd!";
delete process.env.REDIS_URL;

// PostgreSQL: a database of our own, removed at the end (also after a failure)
const server = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `docservice_bench_audit_${randomBytes(4).toString("hex")}`;
const admin = PGLITE ? undefined : postgres(server, { max: 1, onnotice: () => {} });
if (admin) {
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
}
async function cleanUp() {
  if (admin) {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`).catch((err: Error) => {
      process.stderr.write(`could not drop ${dbName}: ${err.message}\n`);
    });
    await admin.end();
  }
  rmSync(process.env.DATA_DIR as string, { recursive: true, force: true });
}

try {
  await main();
} finally {
  await cleanUp();
}
process.exit(0);

async function main() {
  const { getDb, openedDb } = await importSetup();
  const { systems } = await import("@/db/schema");
  const { auditPage, searchAuditTrail } = await import("@/lib/audit/queries");
  const { DEFAULT_PAGE_SIZE } = await import("@/lib/paging");
  const db = await getDb();
  const rowsOf = (r: unknown): Record<string, unknown>[] =>
    Array.isArray(r) ? (r as Record<string, unknown>[]) : ((r as { rows?: Record<string, unknown>[] }).rows ?? []);

  // ten tenant systems, most rows in the first ones (a few large customers, many small)
  const tenants = await db
    .insert(systems)
    .values(Array.from({ length: 10 }, (_, i) => ({ name: `BenchAudit${i}`, type: "Local" as const })))
    .returning({ id: systems.id, name: systems.name });
  const [superRow] = rowsOf(await db.execute(sql`select id, name from systems where type = 'Super'`));
  const tenantIds = `{${tenants.map((t) => t.id).join(",")}}`;

  const seedStart = performance.now();
  await seed(db, tenantIds, String(superRow?.id));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const analyzeStart = performance.now();
  await db.execute(sql`vacuum (analyze) audit_trail`);
  const analyzeSeconds = (performance.now() - analyzeStart) / 1000;
  const [{ n: total } = { n: 0 }] = rowsOf(await db.execute(sql`select count(*)::int as n from audit_trail`));
  const [{ n: rare } = { n: 0 }] = rowsOf(
    await db.execute(sql`select count(*)::int as n from audit_trail where value ilike '%kowalski%'`),
  );
  process.stdout.write(
    `${database}: ${total} rows seeded in ${seedSeconds.toFixed(1)} s (vacuum analyze ${analyzeSeconds.toFixed(1)} s); '*kowalski*' matches ${rare}\n`,
  );

  // callers as the route builds them: an administrator of the trail (every system) and a tenant's Administrator
  const callerBase = { sessionId: "bench", fullName: "", language: "en-US" as const, requiresPasswordChange: false };
  const trailAdmin: Caller = {
    ...callerBase,
    userId: "00000000-0000-4000-8000-000000000001",
    userName: "auditor",
    systemId: String(superRow?.id),
    systemName: String(superRow?.name),
    roles: ["AuditTrailAdmin"],
  };
  const big = tenants[0] as { id: string; name: string };
  const tenantAdmin: Caller = {
    ...callerBase,
    userId: "00000000-0000-4000-8000-000000000002",
    userName: "tenantadmin",
    systemId: big.id,
    systemName: big.name,
    roles: ["Administrator"],
  };

  const search = (value: string, systemId?: string) => ({
    value,
    categories: [],
    operations: [],
    systemId,
    pageSize: DEFAULT_PAGE_SIZE,
    page: 0,
  });
  // the bare SQL of the same answer: the exact count and the page with its system's name, sent together
  const bare = (where: SQL) => {
    const count = db.execute(sql`select count(*)::int as n from audit_trail a where ${where}`);
    const page = db.execute(sql`select a.id, a.timestamp, a.category, a.operation, a.system_id, s.name as system_name,
        a.project, a.username, a.deputy, a.value
      from audit_trail a left join systems s on s.id = a.system_id
      where ${where} order by a.timestamp desc, a.id desc limit ${DEFAULT_PAGE_SIZE} offset 0`);
    return Promise.all([count, page]).then(([c, p]) => ({ n: Number(rowsOf(c)[0]?.n), ids: rowsOf(p).map((r) => Number(r.id)) }));
  };
  type Case = {
    name: string;
    target: boolean;
    ours: () => Promise<{ n: number; ids: number[] }>;
    base: () => Promise<{ n: number; ids: number[] }>;
  };
  const viaSearch = (caller: Caller, s: ReturnType<typeof search>) => async () => {
    const page = await searchAuditTrail(db, { caller, search: s });
    return { n: page.totalCount, ids: page.items.map((i) => i.id) };
  };
  const cases: Case[] = [
    {
      name: "`*kowalski*` over every system (administrator of the trail)",
      target: true,
      ours: viaSearch(trailAdmin, search("*kowalski*")),
      base: () => bare(sql`a.value ilike '%kowalski%'`),
    },
    {
      name: "`*kowalski*` in the largest system (its Administrator)",
      target: true,
      ours: viaSearch(tenantAdmin, search("*kowalski*", big.id)),
      base: () => bare(sql`a.system_id = ${big.id} and a.value ilike '%kowalski%'`),
    },
    {
      name: "`*contracts*` over every system (a common word, for scale)",
      target: false,
      ours: viaSearch(trailAdmin, search("*contracts*")),
      base: () => bare(sql`a.value ilike '%contracts%'`),
    },
    {
      name: "no filter, every system (the first page of 1 M with its exact count, for scale)",
      target: false,
      ours: async () => {
        const page = await auditPage(db, { kind: "all" }, search(""));
        return { n: page.totalCount, ids: page.items.map((i) => i.id) };
      },
      base: () => bare(sql`true`),
    },
  ];

  if (args.includes("--explain")) {
    for (const where of [sql`a.value ilike '%kowalski%'`, sql`a.system_id = ${big.id} and a.value ilike '%kowalski%'`]) {
      for (const q of [
        sql`select count(*) from audit_trail a where ${where}`,
        sql`select a.id from audit_trail a left join systems s on s.id = a.system_id where ${where} order by a.timestamp desc, a.id desc limit 25`,
      ]) {
        const plan = rowsOf(await db.execute(sql`explain (analyze, buffers) ${q}`));
        process.stdout.write(`\n${plan.map((r) => Object.values(r)[0]).join("\n")}\n`);
      }
    }
  }

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * p) - 1] ?? 0;
  const results: { name: string; target: boolean; ours: number[]; base: number[]; matches: number }[] = [];
  for (const c of cases) {
    const ours: number[] = [];
    const base: number[] = [];
    let matches = 0;
    for (let r = 0; r < WARMUP + RUNS; r++) {
      const time = async (fn: () => Promise<{ n: number; ids: number[] }>, into: number[]) => {
        const t = performance.now();
        const got = await fn();
        if (r >= WARMUP) into.push(performance.now() - t);
        return got;
      };
      // alternate which goes first, so that neither always meets a warmer cache
      const [a, b] =
        r % 2
          ? [await time(c.ours, ours), await time(c.base, base)]
          : await time(c.base, base).then(async (x) => [await time(c.ours, ours), x]);
      if (a.n !== b.n || a.ids.join() !== b.ids.join()) throw new Error(`${c.name}: not the same result`);
      matches = a.n;
    }
    results.push({ name: c.name, target: c.target, ours, base, matches });
    process.stdout.write(
      `${c.name}: ours p50 ${pct(ours, 0.5).toFixed(1)} / p95 ${pct(ours, 0.95).toFixed(1)} ms, bare p50 ${pct(base, 0.5).toFixed(1)} / p95 ${pct(base, 0.95).toFixed(1)} ms (${matches} matches)\n`,
    );
  }
  await openedDb()?.close();

  if (args.includes("--write")) {
    const file = path.join(process.cwd(), "bench", "RESULTS.md");
    let text = existsSync(file) ? readFileSync(file, "utf8") : "";
    for (const r of results) {
      const o95 = pct(r.ours, 0.95);
      const b95 = pct(r.base, 0.95);
      const ratio = o95 / b95;
      const met = r.target ? (ratio <= 1.5 && o95 < 200 ? "yes" : "**no**") : "n/a";
      const row = `| ${database} | ${r.name} | ${r.matches} | ${pct(r.base, 0.5).toFixed(1)} / ${b95.toFixed(1)} ms | ${pct(r.ours, 0.5).toFixed(1)} / ${o95.toFixed(1)} ms | ${ratio.toFixed(2)} | ${met} |`;
      // the table may be padded by the formatter (npm run format)
      const re = new RegExp(`^\\|\\s*${database}\\s*\\|\\s*${r.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\|.*$`, "m");
      if (re.test(text)) text = text.replace(re, row);
      else process.stdout.write(`no such row in RESULTS.md's audit-trail section; add:\n${row}\n`);
    }
    writeFileSync(file, text);
    process.stdout.write("bench/RESULTS.md updated (npm run format pads its tables)\n");
  }
}

/** lib/setup/bootstrap (migrations, the Supersystem) and the handle to close at the end. */
async function importSetup() {
  const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
  const { openedDbHandle } = await import("@/db/client");
  return { getDb, openedDb: openedDbHandle };
}

/**
 * 1 000 000 rows as the services write them, one INSERT … SELECT generate_series: the time rising with the id over
 * the last year; 94 % in ten tenant systems (the first ones largest), 3 % the Supersystem's, 3 % without a system;
 * categories as often as an installation changes them (projects, users and tasks most); values with names, e-mail
 * addresses, ids and settings. About one user in fifty is a Kowalski.
 */
async function seed(db: Database, tenantIds: string, superId: string) {
  // the trigram index is built once after the rows (as drizzle/ defines it), not grown row by row: much faster
  await db.execute(sql`drop index if exists audit_trail_value_trgm_idx`);
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`insert into audit_trail (timestamp, category, operation, system_id, project, username, deputy, value)
    select
      now() - interval '365 days' + n * (interval '365 days' / ${ROWS}),
      cat, op,
      case when r2 < 0.03 then null when r2 < 0.06 then ${superId}::uuid
        else (${tenantIds}::uuid[])[1 + least(9, floor(-ln(1 - random()) * 3))::int] end,
      case when cat = 'Project' then customer || ' ' || doc end,
      case when r3 < 0.05 then 'system' else lower(first) || '.' || lower(last) end,
      case when r3 > 0.97 then 'BenchAudit0' end,
      case cat
        when 'Project' then json_build_object('id', gen_random_uuid(), 'name', customer || ' ' || doc, 'version', 1 + n % 7,
          'properties', json_build_array(json_build_object('name', 'language', 'value', 'de-DE'),
            json_build_object('name', 'owner', 'value', first || ' ' || last)))::text
        when 'User' then json_build_object('id', gen_random_uuid(), 'name', lower(first) || '.' || lower(last),
          'fullName', first || ' ' || last, 'emailAddress', lower(first) || '.' || lower(last) || '@' || lower(customer) || '.example',
          'roles', json_build_array('JobManager', 'ReportManager'), 'isActive', r3 > 0.1)::text
        when 'SchedulerTask' then json_build_object('id', gen_random_uuid(), 'name', 'Nightly clean-up ' || n % 40,
          'function', 'CleanUpJobsV2', 'dailyIsActive', true, 'dailyDateTime', '02:30', 'disabled', false)::text
        when 'ResourcePool' then json_build_object('type', 'Csv', 'subtype', customer || ' suppliers',
          'name', 'suppliers-' || n % 300 || '.csv', 'level', 'System')::text
        when 'Licence' then json_build_object('id', 'LIC-' || n % 500, 'name', customer || ' pages', 'customer', customer,
          'expiration', '2027-12-31', 'features', json_build_array(json_build_object('id', 'Pages', 'limit', 100000)))::text
        else json_build_object('maxWorkerCount', n % 8, 'isMaintenanceModeEnabled', false, 'logLevel', 'Info',
          'tokenExpirationMinutes', 60)::text
      end
    from (
      select n, random() as r2, random() as r3,
        (array['Acme','Globex','Initech','Umbrella','Stark','Wayne','Wonka','Tyrell','Cyberdyne','Soylent','Hooli',
          'Vandelay','Massive','Oscorp','Gringotts','Monarch','Nakatomi','Virtucon','Duff','Krusty'])[1 + floor(random() * 20)::int] as customer,
        (array['Invoices','Orders','Contracts','Receipts','Letters','Claims','Delivery notes','Reminders'])[1 + floor(random() * 8)::int] as doc,
        (array['Anna','Ben','Clara','David','Eva','Felix','Greta','Hans','Ida','Jan','Karla','Lukas','Mia','Noah','Olga',
          'Paul','Rosa','Sven','Tina','Uwe'])[1 + floor(random() * 20)::int] as first,
        (array['Meier','Schmidt','Kowalski','Rossi','Dubois','Jansen','Novak','Berg','Lind','Horvat','Costa','Weber',
          'Keller','Fischer','Wagner','Becker','Hoffmann','Koch','Richter','Wolf','Schulz','Bauer','Klein','Wolff','Schröder',
          'Neumann','Schwarz','Zimmermann','Braun','Krüger','Hofmann','Hartmann','Lange','Schmitt','Werner','Krause',
          'Meyer','Lehmann','Köhler','Maier','Herrmann','König','Walter','Mayer','Huber','Kaiser','Fuchs','Peters','Lang',
          'Scholz'])[1 + floor(random() * 50)::int] as last,
        case
          when r < 0.35 then 'Project' when r < 0.55 then 'User' when r < 0.70 then 'SchedulerTask'
          when r < 0.80 then 'ResourcePool' when r < 0.85 then 'System' when r < 0.90 then 'Licence'
          when r < 0.94 then 'ServiceConfiguration' when r < 0.96 then 'WorkerConfiguration'
          when r < 0.98 then 'Scheduler' else 'LearnProject' end as cat,
        case when o < 0.2 then 'Create' when o < 0.9 then 'Update' else 'Delete' end as op
      from (select n, random() as r, random() as o from generate_series(1, ${ROWS}) n) g
    ) x`);
  await db.execute(sql`create index audit_trail_value_trgm_idx on audit_trail using gin (value gin_trgm_ops)`);
}
