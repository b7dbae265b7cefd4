import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { getLearnConfig } from "@/lib/settings/store";
import type { LearnRunDto } from "../runs/schemas";
import { requestLearnRun } from "./request-learn-run";

/** Refusals that only defer a triggered run: GroupPendingDocuments asks again once the project may be learned. */
const DEFERRED = new Set(["LearnProjectUpdating", "LearnProjectDeleted"]);

async function triggered(run: () => Promise<LearnRunDto>, projectId: string): Promise<LearnRunDto | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && DEFERRED.has(error.code)) return null;
    log.error({ err: error, projectId }, "a triggered learn run could not be asked for");
    return null;
  }
}

/**
 * Learn config `createLearnJobOnClusterChange` (spec operations §3): after a person renamed, completed, merged or split
 * clusters of a learn project, an incremental run (trigger ClusterChange) computes the centroids, keywords and samples
 * of the changed clusters and places what is pending. Call it once the change's transaction has committed. While a
 * cluster is locked (the person is still on the cluster page) the run is asked all the same and waits: it starts once
 * the locks are released or lapse. Under the project's updating lock nothing is asked now: GroupPendingDocuments asks
 * once the lock is gone. Answers the run, or null.
 */
export async function afterClusterChange(db: Database, projectId: string): Promise<LearnRunDto | null> {
  if (!(await getLearnConfig(db)).createLearnJobOnClusterChange) return null;
  return triggered(
    () => requestLearnRun(db, { caller: null, projectId, trigger: "ClusterChange", onlyChanged: true }),
    projectId,
  );
}

/**
 * Learn config `createLearnJobOnProjectChange`: a new version of a learn project's file (its learn settings may have
 * changed) asks for a full run (trigger ProjectChange) by the person who uploaded it; it waits while a cluster is
 * locked. Refused runs (the updating lock) are not asked again; the next run of the project takes the new settings. Answers the run (an open one if there is), or null.
 */
export async function afterProjectVersion(db: Database, caller: Caller, projectId: string): Promise<LearnRunDto | null> {
  if (!(await getLearnConfig(db)).createLearnJobOnProjectChange) return null;
  return triggered(() => requestLearnRun(db, { caller, projectId, trigger: "ProjectChange", onlyChanged: false }), projectId);
}
