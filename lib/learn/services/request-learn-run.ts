import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type LearnRun, type LearnRunTrigger, learnRuns, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { learnQueue } from "@/lib/queue/learn";
import { heldLockOf, learnProjectFor, openLearnRun, toLearnRunDto, toLearnRunDtos } from "../runs/queries";
import { assertLearnable, assertNoClusterLocked, waitsForLocks } from "../runs/rules";
import type { LearnRunDto } from "../runs/schemas";

export type LearnRunRequest = {
  /** the person asking ("learn now", the API); null when the service asks (a task, a setting) */
  caller: Caller | null;
  projectId: string;
  trigger: LearnRunTrigger;
  onlyChanged: boolean;
};

/**
 * Asks for a learn run of a learn project (DESIGN.md "Learn"; docs/decisions.md "Learn runs and export"): refused for a
 * deleted project (409 LearnProjectDeleted) and one under its updating lock (409 LearnProjectUpdating). A person's
 * request (trigger Manual: "learn now", the API) is refused while any of its clusters is locked (409
 * LearnClusterLocked, spec operations §8); a triggered one (a task, a setting) is made all the same and waits Waiting
 * until the locks are released or lapse (the learn worker defers it). A run that waits or runs already is the answer (no
 * second one, whatever it was asked with). Otherwise a Waiting run is inserted with its audit-trail row (LearnProject,
 * Create; "system" without a caller) and, once committed, queued on `learn` (a delivery Redis does not take is logged:
 * the learn workers' sweep delivers Waiting runs again).
 */
export async function requestLearnRun(db: Database, request: LearnRunRequest): Promise<LearnRunDto> {
  const loaded = await learnProjectFor(db, request.caller, request.projectId);
  assertLearnable(loaded.project);
  const { run, created } = await db.transaction(async (tx) => {
    // FOR SHARE: a delete or a change of the updating lock waits for this request, or this request sees it
    const [project] = await tx.select().from(projects).where(eq(projects.id, loaded.project.id)).for("share");
    if (!project) throw new AppError("ProjectNotFound");
    assertLearnable(project);
    // a person asking now hears of the lock; a triggered run waits for the locks to go (the learn worker defers it)
    if (!waitsForLocks(request.trigger)) assertNoClusterLocked(await heldLockOf(tx, project.id));
    const open = await openLearnRun(tx, project.id);
    if (open) return { run: open, created: false };
    const [inserted] = await tx
      .insert(learnRuns)
      .values({
        projectId: project.id,
        systemId: project.systemId,
        trigger: request.trigger,
        onlyChanged: request.onlyChanged,
        requestedBy: request.caller?.userId ?? null,
        requestedByName: request.caller?.userName ?? null,
      })
      // two requests at once: the one-open-run index keeps one, the other answers it
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const other = await openLearnRun(tx, project.id);
      if (!other) throw new Error("a learn run conflicted with an open run that is gone");
      return { run: other, created: false };
    }
    const system = { id: project.systemId, name: loaded.systemName };
    await writeAudit(tx, request.caller ? actingIn(request.caller, system) : null, {
      category: "LearnProject",
      operation: "Create",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: { id: project.id, learnRun: inserted.id, trigger: inserted.trigger, onlyChanged: inserted.onlyChanged },
    });
    return { run: inserted, created: true };
  });
  if (created) await deliver(run);
  const [dto] = await toLearnRunDtos(db, [run]);
  return dto ?? toLearnRunDto(run);
}

async function deliver(run: LearnRun): Promise<void> {
  try {
    await learnQueue.enqueue({ runId: run.id });
  } catch (err) {
    log.error({ err, learnRun: run.id }, "learn run delivery could not be queued");
  }
}
