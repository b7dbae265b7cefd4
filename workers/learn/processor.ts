import type { Database } from "@/db/client";
import { AppError } from "@/lib/errors/app-error";
import { toEnvelope } from "@/lib/errors/envelope";
import { learnQueue } from "@/lib/queue/learn";
import { RetryLater } from "../transport/retry-later";
import { WORKER_ID } from "../worker-id";
import { claimLearnRun, deferLearnRun, failLearnRun, LEARN_MAX_ATTEMPTS, LearnClaimLost } from "./claim";
import { learnLog, syncLearnLogLevel } from "./log";
import { executeLearnRun } from "./run";
import { LearnClustersChanged, LearnRunDeferred } from "./snapshot";

/** A delivery of a run another live worker holds comes again this much later (its lease may run out meanwhile). */
const BUSY_RETRY_MS = 60_000;

export type LearnOutcome = {
  runId: number;
  outcome: "Ready" | "Error" | "deferred" | "missing" | "ended" | "lost";
  code?: string;
};

type Failure = { code: string; message: string; params?: Record<string, string | number> };

/**
 * The code, English text and parameters a failed run keeps (learn_runs.error_code, error_message, error_parameter):
 * the portal's run history tells the code and its text in the reader's language (messages "errors").
 */
function failure(error: unknown): Failure {
  if (error instanceof AppError) {
    const entry = error.entries[0];
    const params = Object.fromEntries(
      Object.entries(entry?.params ?? {}).flatMap(([k, v]) => (typeof v === "string" || typeof v === "number" ? [[k, v]] : [])),
    );
    return { code: error.code, message: (entry && toEnvelope([entry]).errors[0]?.message) ?? error.code, params };
  }
  if (error instanceof LearnClustersChanged) return { code: "LearnClustersChanged", message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: "LearnRunFailed", message, params: { message: message.slice(0, 500) } };
}

// one learn run at a time per process: a run holds its project's documents and vectors in memory and keeps a core busy
let turn: Promise<unknown> = Promise.resolve();
const queued = new Set<number>();

/** Whether a delivery of this run waits or runs in this process (the sweep leaves it alone). */
export function learnRunQueuedHere(runId: number): boolean {
  return queued.has(runId);
}

/**
 * The `learn` queue's processor (BullMQ workers and the in-process runner alike): claims the run (Waiting → Running
 * once, workers/learn/claim.ts) and runs it (./run.ts). A run that ended already, or is unknown, makes the delivery a
 * no-op (redelivered or swept); one another live worker holds throws RetryLater. A run that meets a held cluster lock
 * goes back to Waiting (deferred) and is delivered again once the locks are gone. Whatever fails ends the run in Error
 * with a code, message and its parameters; the worker goes on. A run claimed more than LEARN_MAX_ATTEMPTS times (its worker died each
 * time) ends in Error LearnRunAttemptsExhausted.
 */
export async function processLearnDelivery(db: Database, data: unknown): Promise<LearnOutcome> {
  const { runId } = learnQueue.payload.parse(data);
  queued.add(runId);
  const next = turn.then(() => handle(db, runId)).finally(() => queued.delete(runId));
  turn = next.catch(() => undefined);
  return next;
}

async function handle(db: Database, runId: number): Promise<LearnOutcome> {
  await syncLearnLogLevel(db);
  const claim = await claimLearnRun(db, runId, WORKER_ID);
  if (claim === "missing" || claim === "ended") return { runId, outcome: claim };
  if (claim === "busy") throw new RetryLater(`learn run ${runId} runs in another worker`, BUSY_RETRY_MS);
  const context = {
    learnRun: runId,
    projectId: claim.run.projectId,
    onlyChanged: claim.run.onlyChanged,
    attempt: claim.run.attempts,
  };
  if (claim.run.attempts > LEARN_MAX_ATTEMPTS) {
    const message = `The learn run was given up after ${LEARN_MAX_ATTEMPTS} attempts: its worker stopped answering each time.`;
    await failLearnRun(db, claim, { code: "LearnRunAttemptsExhausted", message, params: { attempts: LEARN_MAX_ATTEMPTS } });
    learnLog.warn(context, "learn run given up");
    return { runId, outcome: "Error", code: "LearnRunAttemptsExhausted" };
  }
  learnLog.info(context, "learn run started");
  const started = Date.now();
  try {
    const summary = await executeLearnRun(db, claim);
    learnLog.info({ ...context, ...summary, seconds: (Date.now() - started) / 1000 }, "learn run ready");
    return { runId, outcome: "Ready" };
  } catch (error) {
    if (error instanceof LearnClaimLost) {
      learnLog.warn(context, "learn run taken over by another worker");
      return { runId, outcome: "lost" };
    }
    if (error instanceof LearnRunDeferred) {
      // back to Waiting: the release of the last lock delivers it again (lib/learn wakeWaitingLearnRun), else the sweep
      await deferLearnRun(db, claim);
      learnLog.info({ ...context, cluster: error.cluster, user: error.user }, "learn run waits for a cluster lock");
      return { runId, outcome: "deferred" };
    }
    const { code, message, params } = failure(error);
    await failLearnRun(db, claim, { code, message, params });
    const level = error instanceof AppError ? "info" : "error";
    learnLog[level]({ ...context, code, err: error }, "learn run failed");
    return { runId, outcome: "Error", code };
  }
}
