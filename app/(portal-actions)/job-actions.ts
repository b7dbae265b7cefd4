"use server";

import { z } from "zod";
import type { LogLevel } from "@/db/schema/jobs";
import { requireCaller } from "@/lib/auth/web-session";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { fromZodError } from "@/lib/errors/envelope";
import { deleteJobs } from "@/lib/jobs/services/delete-jobs";
import { patchJobs } from "@/lib/jobs/services/patch-jobs";
import { getDb } from "@/lib/setup/bootstrap";

// the ids come from the browser: the same limits as the batch of PATCH jobs
const ZJobIds = z.array(z.number().int().positive()).min(1).max(1000);

function jobIds(ids: unknown): number[] {
  const parsed = ZJobIds.safeParse(ids);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** spec operations §4: lock or unlock deletion (toggles preventDeletion). */
export async function lockJobsAction(ids: number[], prevent: boolean): Promise<ActionResult> {
  return runAction(async () => {
    await patchJobs(await getDb(), { caller: await requireCaller(), ids: jobIds(ids), input: { preventDeletion: prevent } });
  });
}

/** spec operations §4: restart sets the jobs to Waiting (single or batch). */
export async function restartJobsAction(ids: number[]): Promise<ActionResult> {
  return runAction(async () => {
    await patchJobs(await getDb(), { caller: await requireCaller(), ids: jobIds(ids), input: { state: "Waiting" } });
  });
}

/** spec operations §4: delete (single or batch); a protected job is refused with jobMonitor_text_delete_locked. */
export async function deleteJobsAction(ids: number[]): Promise<ActionResult> {
  return runAction(async () => {
    await deleteJobs(await getDb(), { caller: await requireCaller(), ids: jobIds(ids) });
  });
}

/** spec operations §2 "Job details" logging: a log level, or null for the default level. */
export async function setLogLevelAction(id: number, level: LogLevel | null): Promise<ActionResult> {
  return runAction(async () => {
    await patchJobs(await getDb(), { caller: await requireCaller(), ids: jobIds([id]), input: { logLevel: level } });
  });
}
