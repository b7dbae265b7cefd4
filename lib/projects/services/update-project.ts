import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Project, projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";

/**
 * One change of a loaded project's row with its audit-trail row (Project/Update, acting in the project's
 * system), inside the caller's transaction: the rename, the properties and the submission key share it.
 * `audit` is what the audit row records beside the project's id.
 */
export async function updateProject(
  tx: Database,
  opts: {
    caller: Caller;
    loaded: { project: Project; systemName: string };
    set: Partial<typeof projects.$inferInsert>;
    audit: Record<string, unknown>;
  },
): Promise<Project> {
  const { project, systemName } = opts.loaded;
  const [row] = await tx.update(projects).set(opts.set).where(eq(projects.id, project.id)).returning();
  await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
    category: "Project",
    operation: "Update",
    systemId: project.systemId,
    projectId: project.id,
    project: row?.name ?? project.name,
    value: { id: project.id, ...opts.audit },
  });
  return row ?? project;
}
