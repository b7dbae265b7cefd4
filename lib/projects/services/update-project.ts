import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { isLearnType } from "../rules";

/**
 * Why a conditional change of a project found no row: it is gone, a deleted learn project (which changes no more,
 * spec operations §4), or at another version than the one the change was made on.
 */
export async function whyUnchanged(tx: Database, id: string, sentVersion?: number): Promise<AppError> {
  const [now] = await tx
    .select({ version: projects.version, deletedAt: projects.deletedAt, name: projects.name })
    .from(projects)
    .where(eq(projects.id, id));
  if (!now) return new AppError("ProjectNotFound");
  if (now.deletedAt) return new AppError("LearnProjectDeleted", { name: now.name });
  return new AppError("ProjectVersionMismatch", { current: now.version, sent: sentVersion ?? now.version });
}

/**
 * One change of a loaded project's row with its audit-trail row (Project/Update, LearnProject/Update for a learn
 * project, acting in the project's system), inside the caller's transaction: the rename, the properties, the
 * submission key, a learn project's metadata and its soft delete share it. `audit` is what the audit row records
 * beside the project's id. The row changes only while it is not a deleted learn project and, when `version` is
 * given, still at that version (a change made meanwhile answers its error, see whyUnchanged).
 */
export async function updateProject(
  tx: Database,
  opts: {
    caller: Caller;
    loaded: { project: Project; systemName: string };
    set: Partial<typeof projects.$inferInsert>;
    audit: Record<string, unknown>;
    /** the version the change was made on */
    version?: number;
    /** a soft delete is an update of the row, recorded as Delete */
    operation?: "Update" | "Delete";
  },
): Promise<Project> {
  const { project, systemName } = opts.loaded;
  const [row] = await tx
    .update(projects)
    .set(opts.set)
    .where(
      and(
        eq(projects.id, project.id),
        isNull(projects.deletedAt),
        opts.version === undefined ? undefined : eq(projects.version, opts.version),
      ),
    )
    .returning();
  if (!row) throw await whyUnchanged(tx, project.id, opts.version);
  await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
    category: isLearnType(project.type) ? "LearnProject" : "Project",
    operation: opts.operation ?? "Update",
    systemId: project.systemId,
    projectId: project.id,
    project: row.name,
    value: { id: project.id, ...opts.audit },
  });
  return row;
}
