import { existsSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, learnDocuments } from "@/db/schema";
import { getDb } from "@/lib/db";
import { resolveFile } from "@/lib/files/store";
import { jobDir } from "@/lib/jobs/files";
import { durationMs, TASK_CONFIG_SCHEMAS } from "@/lib/scheduler/functions";
import { makeJob, makeLearnProject, makeProject, makeSystem } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";

const DAY = 86_400_000;
const NOW = new Date("2030-06-15T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function left(ids: number[]) {
  const db = await getDb();
  const rows = await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe("CleanUpLearnJobs", () => {
  it("has the limits of spec §9 as durations (days.hh:mm:ss, 0 to 9999 days)", () => {
    expect(TASK_CONFIG_SCHEMAS.CleanUpLearnJobs.parse({})).toEqual({
      limitDeleted: "0.00:00:00",
      limitError: "0.00:00:00",
      limitOther: "2.00:00:00",
    });
    expect(TASK_CONFIG_SCHEMAS.CleanUpLearnJobs.safeParse({ limitOther: "10000.00:00:00" }).success).toBe(false);
    // a .NET TimeSpan below a day is written without days; it is kept with them
    expect(TASK_CONFIG_SCHEMAS.CleanUpLearnJobs.parse({ limitError: "06:00:00" }).limitError).toBe("0.06:00:00");
    expect(durationMs("06:00:00")).toBe(durationMs("0.06:00:00"));
    expect(durationMs("1.06:00:30")).toBe(((24 + 6) * 3600 + 30) * 1000);
  });

  it("with the defaults purges removed and failed learn jobs at once and ready ones after 2 days; their documents stay", async () => {
    const system = await makeSystem();
    const { project } = await makeLearnProject({ systemId: system.id });
    const { project: extraction } = await makeProject({ systemId: system.id });
    const learnJob = (values: Partial<typeof jobs.$inferInsert>) =>
      makeJob({ systemId: system.id, projectId: project.id, withFile: true, ...values });
    const removed = await learnJob({ state: "Removed", deleted: ago(0.01), finished: ago(1) });
    const failed = await learnJob({ state: "Error", finished: ago(0.01) });
    const readyOld = await learnJob({ state: "Ready", finished: ago(2.1) });
    const readyYoung = await learnJob({ state: "Ready", finished: ago(1.9) });
    const processing = await learnJob({ state: "Processing", created: ago(30) });
    const waiting = await learnJob({ state: "Waiting", created: ago(30) });
    const protectedJob = await learnJob({ state: "Ready", finished: ago(30), preventDelete: true });
    const extractionJob = await makeJob({ systemId: system.id, projectId: extraction.id, state: "Ready", finished: ago(30) });
    const db = await getDb();
    const [document] = await db
      .insert(learnDocuments)
      .values({ projectId: project.id, systemId: system.id, jobId: readyOld.id, file: "a.txt", text: "kept", pages: 1 })
      .returning();

    const outcome = await runTask(await taskRun("CleanUpLearnJobs", { systemId: system.id, now: NOW }));
    expect(outcome?.details).toEqual({ removed: 1, error: 1, other: 1, kept: 1 });
    expect(outcome?.message).toBe("3 learn job(s) purged (1 removed, 1 failed, 1 ready), 1 kept (protected)");
    const all = [removed, failed, readyOld, readyYoung, processing, waiting, protectedJob, extractionJob].map((j) => j.id);
    expect(await left(all)).toEqual(
      [readyYoung.id, processing.id, waiting.id, protectedJob.id, extractionJob.id].sort((a, b) => a - b),
    );
    expect(existsSync(resolveFile(jobDir(system.id, readyOld.id)))).toBe(false);
    expect(existsSync(resolveFile(jobDir(system.id, readyYoung.id)))).toBe(true);
    const [kept] = await db
      .select()
      .from(learnDocuments)
      .where(eq(learnDocuments.id, document?.id ?? 0));
    expect(kept).toMatchObject({ jobId: null, text: "kept" });
  });

  it("takes its limits from its configuration; another system's learn jobs are not its own", async () => {
    const system = await makeSystem();
    const other = await makeSystem();
    const { project } = await makeLearnProject({ systemId: system.id });
    const { project: foreignProject } = await makeLearnProject({ systemId: other.id });
    const job = (values: Partial<typeof jobs.$inferInsert>) => makeJob({ systemId: system.id, projectId: project.id, ...values });
    const removed3 = await job({ state: "Removed", deleted: ago(3) });
    const removed1 = await job({ state: "Removed", deleted: ago(1) });
    const failed = await job({ state: "Error", finished: ago(0.6) });
    const failedYoung = await job({ state: "Error", finished: ago(0.4) });
    const ready = await job({ state: "Ready", finished: ago(9) });
    const foreign = await makeJob({ systemId: other.id, projectId: foreignProject.id, state: "Removed", deleted: ago(30) });

    const configuration = { limitDeleted: "2.00:00:00", limitError: "0.12:00:00", limitOther: "10.00:00:00" };
    const outcome = await runTask(await taskRun("CleanUpLearnJobs", { systemId: system.id, now: NOW, configuration }));
    expect(outcome?.details).toEqual({ removed: 1, error: 1, other: 0, kept: 0 });
    const ids = [removed3, removed1, failed, failedYoung, ready, foreign].map((j) => j.id);
    expect(await left(ids)).toEqual([removed1.id, failedYoung.id, ready.id, foreign.id].sort((a, b) => a - b));
  });
});
