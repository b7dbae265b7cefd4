import type { Database } from "@/db/client";
import { log } from "@/lib/log";
import { redeliverLearnRun } from "@/lib/queue/learn";
import { heldLockOf, openLearnRun } from "../runs/queries";

/**
 * A learn run that waits for its project's cluster locks (docs/decisions.md "Learn runs and export") is delivered again
 * once none is held, so it starts when the last lock is released, not at the next sweep. Call it after the release has
 * committed. A delivery that cannot be queued is logged: the learn workers' sweep delivers Waiting runs again.
 */
export async function wakeWaitingLearnRun(db: Database, projectId: string): Promise<void> {
  const run = await openLearnRun(db, projectId);
  if (run?.state !== "Waiting" || (await heldLockOf(db, projectId))) return;
  try {
    await redeliverLearnRun(run.id);
  } catch (err) {
    log.error({ err, learnRun: run.id }, "a learn run that waited for locks could not be delivered again");
  }
}
