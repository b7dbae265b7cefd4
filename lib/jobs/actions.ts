"use server";

import { z } from "zod";
import { LOG_LEVELS } from "@/db/schema/jobs";
import { authAction } from "@/lib/actions/safe-action";
import { deleteJobs } from "./services/delete-jobs";
import { patchJobs } from "./services/patch-jobs";

// the ids come from the browser: the same limits as the batch of PATCH jobs
const ZJobIds = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });

/** spec operations §4: lock or unlock deletion (toggles preventDeletion). */
export const lockJobsAction = authAction(ZJobIds.extend({ prevent: z.boolean() }), async ({ ids, prevent }, { db, caller }) => {
  await patchJobs(db, { caller, ids, input: { preventDeletion: prevent } });
});

/** spec operations §4: restart sets the jobs to Waiting (single or batch). */
export const restartJobsAction = authAction(ZJobIds, async ({ ids }, { db, caller }) => {
  await patchJobs(db, { caller, ids, input: { state: "Waiting" } });
});

/** spec operations §4: delete (single or batch); a protected job is refused with jobMonitor_text_delete_locked. */
export const deleteJobsAction = authAction(ZJobIds, async ({ ids }, { db, caller }) => {
  await deleteJobs(db, { caller, ids });
});

/** spec operations §2 "Job details" logging: a log level, or null for the default level. */
export const setLogLevelAction = authAction(
  z.object({ id: z.number().int().positive(), level: z.enum(LOG_LEVELS).nullable() }),
  async ({ id, level }, { db, caller }) => {
    await patchJobs(db, { caller, ids: [id], input: { logLevel: level } });
  },
);
