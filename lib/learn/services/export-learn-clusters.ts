import { and, asc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters, learnDocuments, learnExports, learnModels, type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { readStoredFile, writeStoredFile } from "@/lib/files/store";
import { loadProject, projectFilePath, toProjectDto } from "@/lib/projects/queries";
import { type LearnedClass, learnedChanges, withLearned, withoutLearned } from "@/lib/projects/rules";
import { whyUnchanged } from "@/lib/projects/services/update-project";
import { encodeFloat32 } from "../engine";
import { centroidOf } from "../engine/vectors";
import { exportUnchanged } from "../export/content";
import { toLearnProjectDto } from "../queries";
import { assertLearnProjectLive } from "../rules";
import { learnProjectFor } from "../runs/queries";
import { learnOptions } from "../runs/rules";
import { type LearnExportPreview, type LearnExportResult, ZLearnExport } from "../runs/schemas";
import { fromVectorBytes } from "../vector-bytes";

/** The extraction projects an export may go to (DESIGN.md "Learn": "that extraction project"). */
const EXPORT_TARGETS: readonly Project["type"][] = ["Extraction", "LinkedExtraction"];

/** The complete named clusters of a learn project with their centroids from their members' stored vectors. */
async function exportableClasses(db: Database, learnProjectId: string): Promise<LearnedClass[]> {
  const clusters = await db
    .select({ id: learnClusters.id, name: learnClusters.name })
    .from(learnClusters)
    .where(and(eq(learnClusters.projectId, learnProjectId), eq(learnClusters.complete, true), isNotNull(learnClusters.name)))
    .orderBy(asc(learnClusters.number));
  if (!clusters.length) return [];
  const rows = await db
    .select({ clusterId: learnDocuments.clusterId, vector: learnDocuments.vector })
    .from(learnDocuments)
    .where(
      and(
        inArray(
          learnDocuments.clusterId,
          clusters.map((c) => c.id),
        ),
        isNotNull(learnDocuments.vector),
      ),
    )
    // summed in one order, the same members give the same centroid to the bit (an unchanged export stays unchanged)
    .orderBy(asc(learnDocuments.id));
  const vectors = new Map<string, Float32Array[]>();
  for (const r of rows) {
    if (!r.clusterId || !r.vector) continue;
    vectors.set(r.clusterId, [...(vectors.get(r.clusterId) ?? []), fromVectorBytes(r.vector)]);
  }
  return clusters.flatMap((c) => {
    const members = vectors.get(c.id) ?? [];
    const centroid = members.length ? centroidOf(members, members[0]?.length ?? 0) : undefined;
    // a cluster whose documents have no known word (zero vectors) has no direction to classify by
    return c.name && centroid?.some((x) => x !== 0) ? [{ name: c.name, centroid: encodeFloat32(centroid) }] : [];
  });
}

/** 409 LearnProjectLinked when another learn project exports into the target (one learn project per extraction project). */
async function assertTargetFree(db: Database, target: Project, learnProjectId: string): Promise<void> {
  const [other] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.linkedProjectId, target.id), ne(projects.id, learnProjectId)));
  if (other) throw new AppError("LearnProjectLinked", { name: target.name, learnProject: other.name });
}

/** The stored file of the project's current version again as the next version (the learned classes are the row's). */
async function copyVersionFile(project: Project): Promise<void> {
  const bytes = await readStoredFile(projectFilePath(project.systemId, project.id, project.version));
  await writeStoredFile(projectFilePath(project.systemId, project.id, project.version + 1), new Uint8Array(bytes));
}

/** What an export would do, read before it (the preview) and again by it. */
async function planExport(db: Database, opts: { caller: Caller | null; id: string; input: unknown }) {
  const { projectId } = parseInput(ZLearnExport, opts.input ?? {});
  const loaded = await learnProjectFor(db, opts.caller, opts.id);
  const learn = loaded.project;
  assertLearnProjectLive(learn);
  const target = await loadProject(db, projectId);
  if (!target || target.project.systemId !== learn.systemId || !EXPORT_TARGETS.includes(target.project.type)) {
    throw new AppError("ProjectNotFound");
  }
  await assertTargetFree(db, target.project, learn.id);
  const [model] = await db.select({ model: learnModels.model }).from(learnModels).where(eq(learnModels.projectId, learn.id));
  const classes = model ? await exportableClasses(db, learn.id) : [];
  if (!classes.length) throw new AppError("LearnNoCompleteClusters", { name: learn.name });
  const documentClasses = withLearned(target.project.documentClasses, classes);
  const previous =
    learn.linkedProjectId && learn.linkedProjectId !== target.project.id
      ? await loadProject(db, learn.linkedProjectId)
      : undefined;
  return {
    loaded,
    learn,
    target,
    model,
    names: classes.map((c) => c.name),
    documentClasses,
    changes: learnedChanges(target.project.documentClasses, documentClasses),
    previous,
  };
}

/**
 * What an export of the learn project `id` into the extraction project `projectId` would change, asked before it (the
 * portal's export asks yes/no with this): the classes added, replaced, unchanged and removed (lib/projects/rules.ts
 * learnedChanges), and the project that would lose its learned classes when the link moves. Refused as the export is.
 */
export async function previewLearnExport(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<LearnExportPreview> {
  const plan = await planExport(db, opts);
  return {
    project: { id: plan.target.project.id, name: plan.target.project.name },
    classes: plan.names,
    changes: plan.changes,
    unlinks: plan.previous ? { id: plan.previous.project.id, name: plan.previous.project.name } : null,
  };
}

/**
 * POST v3/learn/projects/{id}/export { projectId } (DESIGN.md "Learn"; docs/decisions.md "Learn runs and export"):
 * every complete named cluster of the learn project becomes a learned document class of the extraction project
 * `projectId` of the same system (its centroid from the members' vectors), replacing what an earlier export taught it;
 * a cluster named like a class of the project's file (whatever the case) teaches that class its centroid instead of
 * adding a second class of the name (lib/projects/rules.ts withLearned); the file's classes keep their rules and
 * fields. The answer names the changes (`changes`: added, replaced, unchanged, removed). The extraction project becomes
 * LinkedExtraction at its next version (the current file stored again), the learn project LinkedLearn with its link;
 * `learn_exports` keeps a copy of the learn project's model for the classifier. A learn project linked to another
 * extraction project before moves its link: that one loses its learned classes and becomes Extraction again. An export
 * that would give the linked project what it has already (lib/learn/export/content.ts) changes no project and no
 * version; it only notes the time in `learn_exports`. Refused: a deleted learn project (409 LearnProjectDeleted), a
 * target linked to another learn project (409 LearnProjectLinked), nothing to export (409 LearnNoCompleteClusters).
 * Without a caller (LearnCompleteCluster) it acts as "system".
 */
export async function exportLearnClusters(
  db: Database,
  opts: { caller: Caller | null; id: string; input: unknown },
): Promise<LearnExportResult> {
  return (await runLearnExport(db, opts)).result;
}

/** exportLearnClusters, telling whether it changed the extraction project (LearnCompleteCluster counts the renewals). */
export async function runLearnExport(
  db: Database,
  opts: { caller: Caller | null; id: string; input: unknown },
): Promise<{ result: LearnExportResult; changed: boolean }> {
  const { loaded, learn, target, model, names, documentClasses, changes, previous } = await planExport(db, opts);
  const similarity = learnOptions(learn.learnSettings).similarity;
  const now = new Date();

  if (
    learn.linkedProjectId === target.project.id &&
    (await exportUnchanged(db, { target: target.project, learnProjectId: learn.id, documentClasses, similarity }))
  ) {
    const confirmed = await confirmUnchanged(db, { learnId: learn.id, target: target.project, now });
    if (confirmed) {
      return {
        result: {
          learnProject: toLearnProjectDto(confirmed, loaded.systemName),
          project: toProjectDto(target.project, loaded.systemName),
          classes: names,
          changes,
        },
        changed: false,
      };
    }
  }

  await copyVersionFile(target.project);
  if (previous) await copyVersionFile(previous.project);

  const system = { id: learn.systemId, name: loaded.systemName };
  const actor = opts.caller ? actingIn(opts.caller, system) : null;
  const result = await db.transaction(async (tx) => {
    // the learn project first, then the extraction projects: every export takes them in this order
    const [learnRow] = await tx.select().from(projects).where(eq(projects.id, learn.id)).for("update");
    if (!learnRow) throw new AppError("ProjectNotFound");
    assertLearnProjectLive(learnRow);
    await assertTargetFree(tx, target.project, learn.id);

    const [exported] = await tx
      .update(projects)
      .set({ documentClasses, type: "LinkedExtraction", version: target.project.version + 1, updatedAt: now })
      .where(and(eq(projects.id, target.project.id), eq(projects.version, target.project.version)))
      .returning();
    if (!exported) throw await whyUnchanged(tx, target.project.id, target.project.version);
    await writeAudit(tx, actor, {
      category: "Project",
      operation: "Update",
      systemId: learn.systemId,
      projectId: exported.id,
      project: exported.name,
      value: { id: exported.id, version: exported.version, learnedClasses: names, learnProject: learn.name, changes },
    });
    if (previous) {
      const [unlinked] = await tx
        .update(projects)
        .set({
          documentClasses: withoutLearned(previous.project.documentClasses),
          type: previous.project.type === "LinkedExtraction" ? "Extraction" : previous.project.type,
          version: previous.project.version + 1,
          updatedAt: now,
        })
        .where(and(eq(projects.id, previous.project.id), eq(projects.version, previous.project.version)))
        .returning();
      if (!unlinked) throw await whyUnchanged(tx, previous.project.id, previous.project.version);
      await tx.delete(learnExports).where(eq(learnExports.projectId, unlinked.id));
      await writeAudit(tx, actor, {
        category: "Project",
        operation: "Update",
        systemId: learn.systemId,
        projectId: unlinked.id,
        project: unlinked.name,
        value: { id: unlinked.id, version: unlinked.version, learnedClasses: [], learnProject: null },
      });
    }
    const [linked] = await tx
      .update(projects)
      .set({ type: "LinkedLearn", linkedProjectId: exported.id, updatedAt: now })
      .where(and(eq(projects.id, learn.id), isNull(projects.deletedAt)))
      .returning();
    if (!linked) throw await whyUnchanged(tx, learn.id);
    const values = {
      projectId: exported.id,
      learnProjectId: learn.id,
      model: model?.model,
      similarity,
      classes: names.length,
      exported: now,
    };
    await tx.insert(learnExports).values(values).onConflictDoUpdate({ target: learnExports.projectId, set: values });
    await writeAudit(tx, actor, {
      category: "LearnProject",
      operation: "Update",
      systemId: learn.systemId,
      projectId: learn.id,
      project: linked.name,
      value: { id: learn.id, exportedTo: { id: exported.id, name: exported.name }, classes: names },
    });
    return {
      learnProject: toLearnProjectDto(linked, loaded.systemName),
      project: toProjectDto(exported, loaded.systemName),
      classes: names,
      changes,
    };
  });
  return { result, changed: true };
}

/**
 * An export that changes nothing: only the time of `learn_exports` moves on (so LearnCompleteCluster does not try it
 * again until the clusters change); no project row, no version, no audit row (nothing of a project changed). Null when
 * the rows changed since they were compared (a run of another export, an upload, an unlink): the export then goes the
 * way of a change, whose conditional updates answer what happened.
 */
async function confirmUnchanged(db: Database, opts: { learnId: string; target: Project; now: Date }): Promise<Project | null> {
  return db.transaction(async (tx) => {
    // the learn project first, then the extraction project, as every export takes them
    const [learnRow] = await tx.select().from(projects).where(eq(projects.id, opts.learnId)).for("update");
    if (!learnRow) throw new AppError("ProjectNotFound");
    assertLearnProjectLive(learnRow);
    if (learnRow.type !== "LinkedLearn" || learnRow.linkedProjectId !== opts.target.id) return null;
    const [target] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, opts.target.id), eq(projects.version, opts.target.version)))
      .for("update");
    if (!target) return null;
    const [noted] = await tx
      .update(learnExports)
      .set({ exported: opts.now })
      .where(and(eq(learnExports.projectId, opts.target.id), eq(learnExports.learnProjectId, opts.learnId)))
      .returning({ projectId: learnExports.projectId });
    return noted ? learnRow : null;
  });
}
