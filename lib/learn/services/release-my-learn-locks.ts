import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { changeClusters, endLock } from "./cluster-change";
import { wakeWaitingLearnRun } from "./wake-learn-run";

/**
 * The learn portal overview's "release my locks" (docs/decisions.md "Learn clusters"): every lock the caller holds on
 * the project's clusters is released, each with its audit-trail row; a lock of theirs that had lapsed already is ended
 * as lapsed. A tab that died keeps no one, its owner included, from "learn now" until the lapse. A learn run that
 * waited for the locks is delivered once none is held. Answers how many locks were released.
 */
export async function releaseMyLearnLocks(db: Database, opts: { caller: Caller; projectId: string }): Promise<number> {
  const released = await changeClusters(
    db,
    { caller: opts.caller, projectId: opts.projectId, clusterIds: "lockedByCaller" },
    async (change) => {
      let count = 0;
      for (const cluster of change.clusters) {
        // a lapsed one was ended by the change already
        if (cluster.lockedAt === null || cluster.lockedBy !== opts.caller.userId) continue;
        await endLock(change, cluster, "released");
        count++;
      }
      return count;
    },
  );
  await wakeWaitingLearnRun(db, opts.projectId);
  return released;
}
