import { and, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { jobsToManage } from "../queries";
import { canTransition } from "../rules";
import { enter, leaves } from "../transitions";

/**
 * DELETE jobs/{id} and DELETE jobs: soft delete (state Removed, `deleted` set; DESIGN.md "Job states"). Refused while
 * delete-protected (jobMonitor_text_delete_locked), processing or waiting (../rules.ts); a batch removes all or none.
 */
export async function deleteJobs(db: Database, opts: { caller: Caller; ids: number[] }): Promise<number[]> {
  const targets = await jobsToManage(db, opts);
  for (const job of targets) {
    if (job.preventDelete) throw new AppError("jobMonitor_text_delete_locked", { id: job.id });
    if (!canTransition("remove", job.state)) throw new AppError("InvalidJobState", { id: job.id, state: job.state });
  }
  const ids = targets.map((j) => j.id);
  await db.transaction(async (tx) => {
    const removed = await tx
      .update(jobs)
      .set({ ...enter("remove"), deleted: new Date() })
      .where(and(inArray(jobs.id, ids), leaves("remove")))
      .returning({ id: jobs.id });
    // a job changed its state since it was read: none is removed
    const moved = targets.find((j) => !removed.some((r) => r.id === j.id));
    if (moved) throw new AppError("InvalidJobState", { id: moved.id, state: moved.state });
  });
  return ids;
}
