// One run of bench/fairness.mjs: `node --import tsx bench/fairness-run.ts <alone|backlog>` with DATA_DIR (embedded) or
// DATABASE_URL + REDIS_URL + QUEUE_PREFIX (BullMQ workers in this process), and FAIR_SHARE. The jobs are posted
// through the service (createJob: files stored, deliveries queued with their turn) before any worker runs; then the
// workers start and the run waits until every job has ended. Prints one JSON line: the milliseconds from the start of
// the workers to the small tenant's last job's end and to the last job's end.
import os from "node:os";
import { sql } from "drizzle-orm";
import { createJob } from "@/lib/jobs/services/create-job";
import { startedDb } from "@/lib/setup/bootstrap";
import { makeProject, makeSystem } from "@/tests/helpers/factories";
import { startInProcess, startWorkers, stopWorkers } from "@/workers/runtime";

const BIG = Number(process.env.BENCH_BIG) || 2000;
const SMALL = 20;
const scenario = process.argv[2] === "alone" ? "alone" : "backlog";

const text = (n: number) =>
  new TextEncoder().encode(
    `INVOICE\nInvoice No. INV-${n}\nDate: 2026-11-${String((n % 28) + 1).padStart(2, "0")}\nTotal: EUR ${n},00\n`,
  );

async function post(db: Awaited<ReturnType<typeof startedDb>>, key: string, count: number, tag: string) {
  for (let n = 0; n < count; n++) {
    const bytes = text(n);
    await createJob(db, {
      caller: null,
      submissionKey: key,
      meta: { client: tag },
      files: [{ name: `invoice-${n}.txt`, contentType: "text/plain", size: bytes.byteLength, bytes }],
    });
  }
}

const db = await startedDb();
const small = await makeSystem();
const smallProject = await makeProject({ systemId: small.id });
if (scenario === "backlog") {
  const big = await makeSystem();
  const bigProject = await makeProject({ systemId: big.id });
  await post(db, bigProject.submissionKey, BIG, "big");
}
await post(db, smallProject.submissionKey, SMALL, "small");

const started = Date.now();
if (process.env.REDIS_URL) startWorkers(os.availableParallelism());
else startInProcess();
const total = scenario === "backlog" ? BIG + SMALL : SMALL;
const rowsOf = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
for (;;) {
  const [row] = rowsOf(await db.execute(sql`select count(*) as n from jobs where state in ('Ready', 'Error')`));
  if (Number(row?.n) >= total) break;
  if (Date.now() - started > 20 * 60_000) throw new Error(`only ${row?.n} of ${total} jobs ended in 20 minutes`);
  await new Promise((r) => setTimeout(r, 100));
}
const ends = rowsOf(
  await db.execute(sql`select system_id, extract(epoch from max(finished)) * 1000 as last, count(*) filter (where state = 'Error') as failed
    from jobs group by system_id`),
);
const smallEnd = Number(ends.find((r) => r.system_id === small.id)?.last);
const lastEnd = Math.max(...ends.map((r) => Number(r.last)));
process.stdout.write(
  `${JSON.stringify({ smallMs: Math.round(smallEnd - started), allMs: Math.round(lastEnd - started), jobs: total, failed: ends.reduce((n, r) => n + Number(r.failed), 0) })}\n`,
);
await stopWorkers();
process.exit(0);
