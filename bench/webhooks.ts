// Webhooks (issue 26 §1): what the outbox costs and how fast it drains. Two measurements, each against the least work
// the design requires, in the same process, on the same database:
//   outbox    N jobs set Ready in statements of 100 (as the workers' finish writes them): with an enabled webhook (the
//             triggers of drizzle/0027 write a delivery row per job) against the same updates with none (the
//             triggers' first statement ends them) — the outbox's cost per job
//   drain     the N deliveries sent by the workers' sender (workers/webhooks/sweep.ts: claim, read the webhook, sign,
//             POST, record; 4 at once for one webhook) to a receiver on 127.0.0.1, against the same N signed POSTs
//             sent 4 at once, each recorded by one UPDATE of its row (the least at-least-once needs)
//   npm run bench:webhooks                                    (PGlite in a temporary DATA_DIR)
//   DATABASE_URL=postgres://…/bench npm run bench:webhooks    (PostgreSQL; its BenchHook* systems are replaced)
// Options: --jobs N (default 2000). Prints its rows; bench/RESULTS.md "Webhooks" keeps them.
import { mkdtempSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { and, eq, inArray, like, sql } from "drizzle-orm";

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "bench-webhooks-"));
process.env.SECRET_KEY ??= "bench-secret-key-bench-secret-key-0123456789";
process.env.WEBHOOK_ALLOW_PRIVATE = "true";
process.env.LOG_LEVEL ??= "error";

const args = process.argv.slice(2);
const JOBS = args.includes("--jobs") ? Number(args[args.indexOf("--jobs") + 1]) : 2000;
const BATCH = 100;

const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
const { jobs, systems, webhookDeliveries, webhooks } = await import("@/db/schema");
const { sealSecret } = await import("@/lib/crypto/secrets");
const { newWebhookSecret } = await import("@/lib/webhooks/signing");
const { attemptDelivery } = await import("@/lib/webhooks/send");
const { sendDueDeliveries } = await import("@/workers/webhooks/sweep");
const { hashToken } = await import("@/lib/crypto/tokens");

const db = await getDb();
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    received++;
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

await db.delete(systems).where(like(systems.name, "BenchHook%"));
const [system] = await db
  .insert(systems)
  .values({ name: `BenchHook${Date.now()}`, type: "Local" })
  .returning({ id: systems.id });
if (!system) throw new Error("no system");
const secret = newWebhookSecret();

/** N jobs in Processing, as a worker holds them before its finish. */
async function processingJobs(): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < JOBS; i += 1000) {
    const rows = await db
      .insert(jobs)
      .values(
        Array.from({ length: Math.min(1000, JOBS - i) }, (_, k) => ({
          systemId: system.id,
          projectName: "Bench",
          authHash: hashToken(`bench-${i + k}-${Math.random()}`),
          state: "Processing" as const,
        })),
      )
      .returning({ id: jobs.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The jobs set Ready in statements of BATCH: the time. */
async function finish(ids: number[]): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < ids.length; i += BATCH)
    await db
      .update(jobs)
      .set({ state: "Ready", finished: new Date() })
      .where(and(inArray(jobs.id, ids.slice(i, i + BATCH)), eq(jobs.state, "Processing")));
  return performance.now() - started;
}

const ms = (v: number) => `${v.toFixed(0)} ms`;
const rows: string[][] = [];

// outbox: without a webhook, then with one; then again in that order (the better of each)
const without: number[] = [];
const withHook: number[] = [];
let deliveryIds: number[] = [];
for (let round = 0; round < 2; round++) {
  without.push(await finish(await processingJobs()));
  const [hook] = await db
    .insert(webhooks)
    .values({ systemId: system.id, url, events: ["job.ready"], secretEnc: sealSecret(secret) })
    .returning({ id: webhooks.id });
  if (!hook) throw new Error("no webhook");
  deliveryIds = await processingJobs();
  withHook.push(await finish(deliveryIds));
  if (round === 0) await db.delete(webhooks).where(eq(webhooks.id, hook.id));
}
const bestWithout = Math.min(...without);
const bestWith = Math.min(...withHook);
const written = await db.$count(webhookDeliveries, eq(webhookDeliveries.systemId, system.id));
rows.push([
  `${JOBS} jobs set Ready (statements of ${BATCH}), no webhook`,
  ms(bestWithout),
  `${((bestWithout / JOBS) * 1000).toFixed(0)} µs/job`,
]);
rows.push([
  `the same with an enabled webhook (a delivery row per job)`,
  ms(bestWith),
  `${((bestWith / JOBS) * 1000).toFixed(0)} µs/job; +${(((bestWith - bestWithout) / JOBS) * 1000).toFixed(0)} µs/job`,
]);

// drain: the sender, then the bare signed POSTs with its concurrency
const pending = await db.$count(webhookDeliveries, eq(webhookDeliveries.state, "Pending"));
received = 0;
let started = performance.now();
// one round starts the pool; every attempt that ends pumps the next (as in a worker between its sweeps)
await sendDueDeliveries(db);
while (received < pending) await new Promise((r) => setTimeout(r, 5));
const drained = performance.now() - started;
// the floor: the same signed POSTs, 4 at once, each recorded by one UPDATE of its row (what at-least-once needs)
const delivered = (
  await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.systemId, system.id))
).map((r) => r.id);
received = 0;
started = performance.now();
const body = JSON.stringify({ type: "job.ready", timestamp: new Date().toISOString(), data: { jobId: 1 } });
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < delivered.length) {
      const id = delivered[next++] as string;
      const result = await attemptDelivery({ url, id, body, secrets: [secret] });
      await db
        .update(webhookDeliveries)
        .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastStatus: result.status, lastAttempt: new Date() })
        .where(eq(webhookDeliveries.id, id));
    }
  }),
);
const bare = performance.now() - started;
rows.push([
  `${pending} deliveries of one webhook sent by the sender (claim, sign, POST, record; 4 at once)`,
  ms(drained),
  `${(pending / (drained / 1000)).toFixed(0)} deliveries/s`,
]);
rows.push([
  `the same number of signed POSTs, each recorded by one UPDATE, 4 at once (the floor)`,
  ms(bare),
  `${(pending / (bare / 1000)).toFixed(0)} POSTs/s; sender at ${(bare / drained).toFixed(2)}× the floor`,
]);

console.log(`webhooks bench, ${database}, ${JOBS} jobs per round; delivery rows written: ${written}`);
console.log("| measurement | time | rate |");
console.log("| --- | --- | --- |");
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
await db.delete(systems).where(eq(systems.id, system.id));
receiver.close();
process.exit(0);
