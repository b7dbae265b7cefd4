import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { writeStoredFile } from "@/lib/files/store";
import { projectFilePath } from "../queries";
import { assertVersion, isLearnType } from "../rules";
import { whyUnchanged } from "./update-project";

/**
 * A new version of a loaded project's file (either list): the version sent must be the current one; the file is
 * written first (a file above the current version is an upload in flight, docs/decisions.md "CleanUpProjects"), then
 * the row is counted up, only if nobody else did meanwhile and it is no deleted learn project, with its audit-trail
 * row (Project or LearnProject, Update).
 */
export async function storeProjectVersion(
  db: Database,
  opts: {
    caller: Caller;
    loaded: { project: Project; systemName: string };
    sentVersion: number;
    file: Uint8Array;
    set: Partial<typeof projects.$inferInsert>;
    audit: Record<string, unknown>;
  },
): Promise<Project> {
  const { project, systemName } = opts.loaded;
  assertVersion(project, opts.sentVersion);
  const next = project.version + 1;
  await writeStoredFile(projectFilePath(project.systemId, project.id, next), opts.file);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({ ...opts.set, version: next, updatedAt: new Date() })
      .where(and(eq(projects.id, project.id), eq(projects.version, project.version), isNull(projects.deletedAt)))
      .returning();
    if (!row) throw await whyUnchanged(tx, project.id, opts.sentVersion);
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: isLearnType(project.type) ? "LearnProject" : "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: row.name,
      value: { id: project.id, version: next, ...opts.audit },
    });
    return row;
  });
}
