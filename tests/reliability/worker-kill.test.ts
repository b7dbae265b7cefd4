import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceLinesPdf } from "../fixtures/scans";
import { expectReadyOnce, installForThisFile } from "./installation";
import { until } from "./services";

// issue 14 §4: a worker killed with SIGKILL while 300 jobs are in flight. Every job ends Ready exactly once; the jobs
// it was running are taken again when their claims run out (JOB_LEASE_MS), not minutes later when BullMQ's stalled-job
// check would give their deliveries back; the folders of the dead attempts are removed. Issue 26 §1: a webhook hears of
// every job's Ready at least once, the killed worker notwithstanding (the outbox is written with the state change).

const LEASE_MS = 10_000;
/** how often a worker looks for expired claims (workers/index.ts: a tenth of the lease, at least 1 s) */
const RECLAIM_EVERY_MS = 1000;
const installation = installForThisFile({
  workers: 2,
  // the receiver of the webhook below listens on 127.0.0.1
  env: { JOB_LEASE_MS: String(LEASE_MS), WEBHOOK_ALLOW_PRIVATE: "true" },
});

/** A webhook receiver on 127.0.0.1: the job ids of the job.ready deliveries it got, by webhook-id. */
async function receiver() {
  const heard = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      heard.set(String(req.headers["webhook-id"]), JSON.parse(body).data.jobId);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { heard, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

describe("a worker killed with 300 jobs in flight", () => {
  it("ends every job Ready once, takes the dead worker's jobs again within the lease, and removes their dead attempts", async () => {
    const inst = installation();
    const hook = await receiver();
    {
      const { startedDb } = await import("@/lib/setup/bootstrap");
      const { webhooks } = await import("@/db/schema");
      const { sealSecret } = await import("@/lib/crypto/secrets");
      const { newWebhookSecret } = await import("@/lib/webhooks/signing");
      await (await startedDb())
        .insert(webhooks)
        .values({ systemId: inst.systemId, url: hook.url, events: ["job.ready"], secretEnc: sealSecret(newWebhookSecret()) });
    }
    const bytes = await invoiceLinesPdf(30);
    const ids: number[] = [];
    for (let i = 0; i < 300; i++) {
      const form = new FormData();
      form.append("file", new File([Buffer.from(bytes)], `invoice-${i}.pdf`, { type: "application/pdf" }));
      form.append("meta", JSON.stringify({ projectId: inst.projectId }));
      const res = await fetch(`${inst.url}/api/jobs`, {
        method: "POST",
        headers: { authorization: `Bearer ${inst.token}` },
        body: form,
      });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
    const { jobs, jobFiles } = await import("@/db/schema");
    const db = await getDb();
    const victim = inst.workers[0];
    if (!victim?.child.pid) throw new Error("no worker to kill");
    const victimId = `${os.hostname()}:${victim.child.pid}`;
    const running = () =>
      db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.workerProcessId, victimId), inArray(jobs.state, ["Assigned", "Processing"])));
    // the victim at work, with jobs done already. It is stopped (SIGSTOP) before the jobs in its hands are read, so
    // that none it finishes between the look and the kill is counted; with none in hand it goes on and is tried again
    let inFlight: number[] = [];
    let killedAt = 0;
    const deadline = Date.now() + 60_000;
    while (inFlight.length === 0) {
      if (Date.now() > deadline) throw new Error("the worker to be killed never held a job");
      await until("the worker to be killed is at work", async () => (await running()).length > 0, 60_000, 20);
      process.kill(-victim.child.pid, "SIGSTOP");
      // statements it had sent before it stopped are given a moment to end (no claim runs out for LEASE_MS)
      await new Promise((r) => setTimeout(r, 300));
      inFlight = (await running()).map((r) => r.id);
      if (inFlight.length > 0) {
        killedAt = Date.now();
        process.kill(-victim.child.pid, "SIGKILL");
      } else process.kill(-victim.child.pid, "SIGCONT");
    }

    await expectReadyOnce(ids);
    // every Ready told once per event (a retry repeats its webhook-id), sent by the workers that lived
    await until("the webhook heard of every job", async () => new Set(hook.heard.values()).size === ids.length, 60_000, 200);
    expect(hook.heard.size).toBe(ids.length);
    expect([...hook.heard.values()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    hook.close();
    const taken = await db
      .select({ id: jobs.id, assigned: jobs.assigned, worker: jobs.workerProcessId, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.id, inFlight));
    const backAfterMs = taken.map((t) => (t.assigned?.getTime() ?? Number.POSITIVE_INFINITY) - killedAt);
    console.info(
      `worker kill: ${inFlight.length} job(s) in the dead worker's hands, taken again after ${JSON.stringify(backAfterMs)} ms`,
    );
    expect(taken.every((t) => t.worker !== victimId && t.attempts >= 2)).toBe(true);
    // a claim runs out at most LEASE_MS after the kill (renewed until then), and is looked for every RECLAIM_EVERY_MS
    expect(Math.max(...backAfterMs)).toBeLessThanOrEqual(LEASE_MS + RECLAIM_EVERY_MS + 2000);

    const results = await db
      .select({ jobId: jobFiles.jobId, path: jobFiles.path })
      .from(jobFiles)
      .where(and(inArray(jobFiles.jobId, inFlight), eq(jobFiles.kind, "result")));
    // the dead attempts' folders are gone: each job keeps the folder its files are in
    const { listStored } = await import("@/lib/files/store");
    const { jobDir } = await import("@/lib/jobs/files");
    for (const id of inFlight) {
      const { folders } = await listStored(jobDir(inst.systemId, id));
      const kept = results
        .find((r) => r.jobId === id)
        ?.path.split("/")
        .at(-2);
      expect(folders.filter((f) => f.startsWith("attempt-"))).toEqual([kept]);
    }
  });
});
