import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { removeStored } from "@/lib/files/store";
import { projectForCaller } from "../queries";
import { assertVersion } from "../rules";
import { ZProjectDelete } from "../schemas";

/**
 * DELETE v3/projects/{id} with { version }: the project and its files; its jobs keep their name. A learn project that
 * exported into it is linked no more (its link becomes null with the row) and is a Learn project again. (A learn
 * project's id on the same path goes to lib/learn's deleteLearnProject: the route picks by the project's type.)
 */
export async function deleteProject(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<void> {
  const data = parseInput(ZProjectDelete, opts.input ?? {});
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(project, data.version);
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ type: "Learn" })
      .where(and(eq(projects.linkedProjectId, project.id), eq(projects.type, "LinkedLearn")));
    await tx.delete(projects).where(eq(projects.id, project.id));
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Delete",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: { id: project.id, name: project.name, version: project.version },
    });
  });
  await removeStored(`systems/${project.systemId}/projects/${project.id}`);
}
