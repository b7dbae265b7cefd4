import { and, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobFiles, jobLogs, jobMetrics, jobs } from "@/db/schema";
import { listStored, removeStored } from "@/lib/files/store";
import { jobDir } from "@/lib/jobs/files";
import { enter, leaves } from "@/lib/jobs/transitions";
import { anyClaimHolds } from "../claim";
import { keepLearnDocuments, refuseDeletedLearnProjects } from "./learn-documents";
import { countLicenceFeatures } from "./licences";
import type { Prepared } from "./prepared";

/**
 * Records a batch of worked-on jobs: their learn documents and pages counted against their systems' licences (a job
 * the licence cannot serve ends in Error with LicenceLimitReached), then in one transaction the end of every job whose claim
 * still holds, its work and result files (replacing an earlier run's), log lines and metrics. A job whose claim
 * was lost (another worker took it after its lease ran out) gets nothing recorded and its files removed, so every
 * job has exactly one result. A learn project's job replaces its documents in learn_documents in the same
 * transaction (learned_at null: pending for the next learn run). Answers each job's outcome in the order given.
 */
export async function finishJobs(db: Database, batch: Prepared[]): Promise<("Ready" | "Error" | "lost")[]> {
  if (!batch.length) return [];
  const list = await countLicenceFeatures(db, batch);
  const refused: string[] = [];
  const ended = await db.transaction(async (tx) => {
    refused.push(...(await refuseDeletedLearnProjects(tx, list)));
    const ids = new Set<number>();
    const ready = list.filter((p) => p.state === "Ready");
    if (ready.length) {
      const rows = await tx
        .update(jobs)
        .set({
          ...enter("succeed"),
          errorCode: null,
          errorMessage: null,
          errorParams: null,
          finished: sql`now()`,
          leaseUntil: null,
        })
        .where(and(anyClaimHolds(ready.map((p) => p.claim)), leaves("succeed")))
        .returning({ id: jobs.id });
      for (const r of rows) ids.add(r.id);
    }
    for (const p of list.filter((x) => x.state === "Error")) {
      const rows = await tx
        .update(jobs)
        .set({
          ...enter("fail"),
          errorCode: p.errorCode ?? null,
          errorMessage: p.errorMessage ?? null,
          errorParams: p.errorParams ?? null,
          finished: sql`now()`,
          leaseUntil: null,
        })
        .where(and(anyClaimHolds([p.claim]), leaves("fail")))
        .returning({ id: jobs.id });
      for (const r of rows) ids.add(r.id);
    }
    const held = list.filter((p) => ids.has(p.claim.job.id));
    if (!held.length) return ids;
    // a later attempt (a restart's, or after a dead worker's) replaces the work and result files of its earlier run;
    // a first attempt has none (attempts count on across restarts), so the common batch spares the statement
    const again = held.filter((p) => p.claim.attempt > 1).map((p) => p.claim.job.id);
    if (again.length) await tx.delete(jobFiles).where(and(inArray(jobFiles.jobId, again), ne(jobFiles.kind, "order")));
    const outputs = held.flatMap((p) => p.outputs.map((o) => ({ jobId: p.claim.job.id, ...o })));
    if (outputs.length) await tx.insert(jobFiles).values(outputs);
    const multiPage = held.flatMap((p) => p.multiPage);
    if (multiPage.length) await tx.update(jobFiles).set({ isMultiPage: true }).where(inArray(jobFiles.id, multiPage));
    const lines = held.flatMap((p) => p.lines.map((l) => ({ jobId: p.claim.job.id, ...l })));
    if (lines.length) await tx.insert(jobLogs).values(lines);
    await keepLearnDocuments(tx, held);
    await tx
      .insert(jobMetrics)
      .values(
        held.map((p) => ({
          jobId: p.claim.job.id,
          systemId: p.claim.job.systemId,
          projectId: p.claim.job.projectId,
          success: p.state === "Ready",
          ...p.metrics,
        })),
      )
      .onConflictDoUpdate({
        target: jobMetrics.jobId,
        set: Object.fromEntries([
          ["finished", sql`now()`],
          // a restarted job's row takes its last run's figures, every one of them
          ...["success", ...Object.keys(held[0]?.metrics ?? {})].map((k) => [
            k,
            sql.raw(`excluded.${jobMetrics[k as "success"].name}`),
          ]),
        ]),
      });
    return ids;
  });
  const outcomes = list.map((p) => (ended.has(p.claim.job.id) ? p.state : "lost"));
  await Promise.all(list.map((p, i) => (outcomes[i] === "lost" ? removeStored(p.attemptDir) : undefined)));
  await Promise.all(refused.map((dir) => removeStored(dir)));
  await Promise.all(list.map((p, i) => (outcomes[i] === "lost" ? undefined : removeOtherAttempts(p))));
  return outcomes;
}

/**
 * The folders of a job's other attempts, once this one is recorded: the files of the job now are this attempt's (a
 * restart's run replaced the earlier run's rows), and an attempt whose worker died left its folder unreferenced.
 */
async function removeOtherAttempts(p: Prepared): Promise<void> {
  // the first attempt (attempts count on across restarts) has no other
  if (p.claim.attempt <= 1) return;
  const dir = jobDir(p.claim.job.systemId, p.claim.job.id);
  const own = `attempt-${p.claim.attempt}`;
  const { folders } = await listStored(dir);
  await Promise.all(folders.filter((f) => /^attempt-\d+$/.test(f) && f !== own).map((f) => removeStored(`${dir}/${f}`)));
}
