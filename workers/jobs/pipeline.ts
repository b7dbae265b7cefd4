import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import { getServiceConfig } from "@/lib/settings/store";
import { RetryLater } from "../transport/retry-later";
import { WORKER_ID } from "../worker-id";
import { type Claim, claimJob, claimWaiting, isLeasedElsewhere, LEASE_MS, releaseClaims, renewLeases } from "./claim";
import { finishJobs } from "./process/finish";
import { prepareJob } from "./process/prepare";
import type { Prepared } from "./process/prepared";
import { type JobInputs, startJobs } from "./process/start";

export type Outcome = "Ready" | "Error" | "lost";

type Entry = {
  claim: Claim;
  inputs: JobInputs;
  state: "queued" | "working" | "prepared";
  claimedAt: number;
  done: Promise<Outcome>;
  resolve: (o: Outcome) => void;
  reject: (e: unknown) => void;
};

/** Jobs claimed ahead of their deliveries stay queued here at most this long before they go back. */
const STALE_MS = 2000;
/** Work taken ahead should last about this long, judged by how long jobs took so far. */
const AHEAD_BUDGET_MS = 250;
const MAX_AHEAD = 32;
/** Prepared jobs are recorded together: at most this many in one transaction, at most this much later. */
const MAX_BATCH = 64;
const FLUSH_DELAY_MS = 5;
const MAINTENANCE_CACHE_MS = 1000;
/**
 * A claim or a record of finished jobs that the database has not answered after this long is given up: its claims run
 * out and come back. postgres.js can leave a transaction unanswered for good when PostgreSQL cuts its connection at the
 * wrong moment (seen under pg_terminate_backend storms, scripts/patch-postgres.mjs), and one such step would stop this
 * process's pipeline for good (every slot waits for the claim under way, or for the record).
 */
const STEP_DEADLINE_MS = Math.max(10_000, Math.floor(LEASE_MS / 2));

/** `work`, or a rejection once STEP_DEADLINE_MS have passed without its answer. */
function withinDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`job pipeline: ${what}: no answer from the database within ${STEP_DEADLINE_MS} ms`)),
      STEP_DEADLINE_MS,
    );
  });
  // an answer after the deadline is nobody's business any more
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The job pipeline of one process (a BullMQ worker or the in-process runner), bounded by its number of slots
 * (maxWorkerCount). Each slot works on one job at a time; the database stays the truth (claims with leases,
 * workers/jobs/claim.ts). Two things make many small jobs cheap: a slot that claims a job also claims a few Waiting jobs
 * ahead, as many as it expects to finish in AHEAD_BUDGET_MS (none while jobs are slow, such as OCR), so the work of
 * starting them is shared; and finished jobs are recorded in batches (workers/jobs/process/finish.ts). A delivery
 * answers only once its job's end is committed, so a process that dies loses no job: its leases run out and the
 * deliveries come again (BullMQ's stalled-job check, or the retries of deliveries that found the job leased).
 */
export class JobPipeline {
  private entries = new Map<number, Entry>();
  private queue: number[] = [];
  private pending: Prepared[] = [];
  private working = 0;
  private flushing = false;
  private flushTimer: NodeJS.Timeout | undefined;
  /** jobs this process recorded lately, with their restart count then: a delivery of that run needs nothing more */
  private recent = new Map<number, number>();
  /** moving average of the time one job takes, ms */
  private averageMs = 50;
  private maintenance = { value: false, at: 0 };
  private heartbeat: NodeJS.Timeout | undefined;
  /** a claim of this process under way (one at a time, so a delivery never misses a job claimed meanwhile) */
  private claiming: Promise<Entry[] | null> | null = null;

  constructor(private readonly workerId = WORKER_ID) {}

  /** A BullMQ delivery of a job: works on it here (with jobs taken ahead) and answers when its end is recorded. */
  async deliver(db: Database, jobId: number, restarts = 0): Promise<Outcome | "done"> {
    const known = this.entries.get(jobId);
    if (known) {
      if (known.state === "queued") await this.workNow(db, known);
      await this.drain(db);
      return known.done;
    }
    if ((this.recent.get(jobId) ?? -1) >= restarts) return "done";
    if (await this.inMaintenance(db)) throw new RetryLater("maintenance mode: no job is claimed", 10_000);
    // another slot of this process is claiming: the job may be among its claims, so look again after it (no await
    // between this check and claim(), which marks the claim under way at once)
    if (this.claiming) {
      await this.claiming.catch(() => {});
      return this.deliver(db, jobId, restarts);
    }
    const admitted = await this.claim(db, jobId);
    if (!admitted) {
      if (await isLeasedElsewhere(db, jobId)) throw new RetryLater(`job ${jobId} is leased by another worker`);
      return "done"; // finished, removed or gone: nothing to do
    }
    const [entry] = admitted;
    if (!entry) return "lost";
    await this.workNow(db, entry);
    await this.drain(db);
    return entry.done;
  }

  /**
   * A job whose worker died: its claim ran out (JOB_LEASE_MS), and its BullMQ delivery is locked by the dead worker
   * until BullMQ's stalled-job check gives it back (minutes). Claimed and worked on here at once; its delivery, when
   * it comes again, finds it done. False when there was none.
   */
  async reclaimExpired(db: Database): Promise<boolean> {
    if (await this.inMaintenance(db)) return false;
    if (this.claiming) await this.claiming.catch(() => {});
    const claim = await withinDeadline(claimJob(db, { workerId: this.workerId, expiredOnly: true }), "reclaiming a job");
    if (!claim) return false;
    const [entry] = await this.admit(db, [claim]);
    if (!entry) return false;
    await this.workNow(db, entry);
    // answered once its end is recorded (or its claim was lost)
    await entry.done.catch(() => undefined);
    return true;
  }

  /** The in-process runner's slot: works on queued jobs or claims the next; false when there was nothing. */
  async runNext(db: Database): Promise<boolean> {
    if (this.claiming) await this.claiming.catch(() => {});
    if (!this.queue.length) {
      if (await this.inMaintenance(db)) return false;
      if (!(await this.claim(db))) return false;
    }
    await this.drain(db);
    return true;
  }

  /**
   * Claims the job (`jobId`, a delivery's) or the next one, and jobs ahead of it; the claimed job is admitted first.
   * One claim at a time in this process (`claiming`); null when there was nothing to claim.
   */
  private async claim(db: Database, jobId?: number): Promise<Entry[] | null> {
    const claiming = withinDeadline(
      (async () => {
        const first = await claimJob(db, { workerId: this.workerId, jobId });
        return first ? this.admit(db, [first, ...(await this.claimAhead(db))]) : null;
      })(),
      "claiming jobs",
    );
    this.claiming = claiming;
    return claiming.finally(() => {
      if (this.claiming === claiming) this.claiming = null;
    });
  }

  /** Works on a queued job in the calling slot, ahead of the queue. */
  private async workNow(db: Database, entry: Entry): Promise<void> {
    this.queue = this.queue.filter((id) => id !== entry.claim.job.id);
    await this.work(db, entry);
  }

  /** Resolves when no job of this process is in work (tests, shutdown). */
  async idle(timeoutMs = 30_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.entries.size > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The jobs in work here now (the worker registry's busy slots); claims taken ahead and still queued do not count. */
  get busy(): number {
    let busy = 0;
    for (const entry of this.entries.values()) if (entry.state !== "queued") busy++;
    return busy;
  }

  private async claimAhead(db: Database): Promise<Claim[]> {
    const want = Math.min(MAX_AHEAD, Math.floor(AHEAD_BUDGET_MS / Math.max(1, this.averageMs))) - this.queue.length;
    return want > 0 ? claimWaiting(db, { workerId: this.workerId, limit: want }) : [];
  }

  private async admit(db: Database, claims: Claim[]): Promise<Entry[]> {
    const inputs = await startJobs(db, claims);
    const now = Date.now();
    const admitted = claims.map((claim) => {
      let resolve!: (o: Outcome) => void;
      let reject!: (e: unknown) => void;
      const done = new Promise<Outcome>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      // a delivery that fails is retried by BullMQ; nobody may be waiting for this promise
      done.catch(() => {});
      const entry: Entry = { claim, inputs, state: "queued", claimedAt: now, done, resolve, reject };
      this.entries.set(claim.job.id, entry);
      this.queue.push(claim.job.id);
      return entry;
    });
    this.startHeartbeat(db);
    return admitted;
  }

  /** Works through the queue; claims taken ahead that waited too long, or meet maintenance mode, go back. */
  private async drain(db: Database): Promise<void> {
    while (this.queue.length) {
      if (await this.inMaintenance(db)) return this.giveBack(db);
      // another slot may have taken jobs meanwhile: look again after every wait
      const id = this.queue.shift();
      const entry = id === undefined ? undefined : this.entries.get(id);
      if (entry?.state !== "queued") continue;
      if (Date.now() - entry.claimedAt > STALE_MS) {
        this.queue.unshift(entry.claim.job.id);
        return this.giveBack(db);
      }
      await this.work(db, entry);
    }
  }

  private async giveBack(db: Database): Promise<void> {
    const back = this.queue.flatMap((id) => {
      const e = this.entries.get(id);
      return e ? [e] : [];
    });
    this.queue = [];
    if (!back.length) return;
    try {
      await withinDeadline(
        releaseClaims(
          db,
          back.map((e) => e.claim),
        ),
        "giving claims back",
      );
    } catch (err) {
      log.warn({ err }, "job pipeline: could not give claims back (their leases run out)");
    }
    for (const e of back) {
      this.entries.delete(e.claim.job.id);
      e.resolve("lost");
    }
  }

  private async work(db: Database, entry: Entry): Promise<void> {
    if (entry.state !== "queued") return;
    entry.state = "working";
    this.working++;
    const started = performance.now();
    try {
      this.pending.push(await prepareJob(entry.claim, entry.inputs));
    } finally {
      this.working--;
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
    }
    entry.state = "prepared";
    this.scheduleFlush(db);
  }

  private scheduleFlush(db: Database): void {
    if (this.flushing) return;
    if (this.pending.length >= MAX_BATCH || this.working === 0) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
      void this.flush(db);
    } else {
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = undefined;
        void this.flush(db);
      }, FLUSH_DELAY_MS);
    }
  }

  private async flush(db: Database): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, MAX_BATCH);
        try {
          const outcomes = await withinDeadline(finishJobs(db, batch), "recording jobs");
          batch.forEach((p, i) => {
            const outcome = outcomes[i] ?? "lost";
            if (outcome !== "lost") this.remember(p.claim);
            this.settle(p.claim.job.id, (e) => e.resolve(outcome));
          });
        } catch (err) {
          log.error({ err, jobs: batch.map((p) => p.claim.job.id) }, "job pipeline: could not record jobs");
          // back to the queue at once if the database lets us, else their leases run out
          await withinDeadline(
            releaseClaims(
              db,
              batch.map((p) => p.claim),
            ),
            "giving claims back",
          ).catch(() => {});
          for (const p of batch) this.settle(p.claim.job.id, (e) => e.reject(err));
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  private settle(id: number, how: (e: Entry) => void): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    how(entry);
  }

  private remember(claim: Claim): void {
    this.recent.delete(claim.job.id);
    this.recent.set(claim.job.id, claim.job.restarts);
    if (this.recent.size > 10_000) this.recent.delete(this.recent.keys().next().value as number);
  }

  private async inMaintenance(db: Database): Promise<boolean> {
    if (Date.now() - this.maintenance.at > MAINTENANCE_CACHE_MS) {
      this.maintenance = { value: (await getServiceConfig(db)).isMaintenanceModeEnabled, at: Date.now() };
    }
    return this.maintenance.value;
  }

  /** Leases of every claim here are renewed every third of LEASE_MS; a claim found lost is dropped. */
  private startHeartbeat(db: Database): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(
      () => {
        if (!this.entries.size) {
          clearInterval(this.heartbeat);
          this.heartbeat = undefined;
          return;
        }
        const claims = [...this.entries.values()].map((e) => e.claim);
        renewLeases(db, claims)
          .then((held) => {
            for (const c of claims) {
              const entry = this.entries.get(c.job.id);
              if (held.has(c.job.id) || entry?.state !== "queued") continue;
              this.queue = this.queue.filter((id) => id !== c.job.id);
              this.settle(c.job.id, (e) => e.resolve("lost"));
            }
          })
          .catch((err: unknown) => log.warn({ err }, "job pipeline: could not renew leases"));
      },
      Math.floor(LEASE_MS / 3),
    );
    this.heartbeat.unref();
  }
}

const g = globalThis as typeof globalThis & { __docserviceJobPipeline?: JobPipeline };

/** The pipeline of this process. */
export function jobPipeline(): JobPipeline {
  g.__docserviceJobPipeline ??= new JobPipeline();
  return g.__docserviceJobPipeline;
}
