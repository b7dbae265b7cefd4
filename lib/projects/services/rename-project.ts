import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertNameFree, projectForCaller, toProjectDto } from "../queries";
import { type ProjectDto, ZProjectMetadata } from "../schemas";

/** PUT v3/projects/{id}/metadata: rename (trimmed, unique in the system). */
export async function renameProject(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<ProjectDto> {
  const data = parseInput(ZProjectMetadata, opts.input);
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  const [row] = await db.transaction(async (tx) => {
    await assertNameFree(tx, project.systemId, data.name, project.id);
    const rows = await tx
      .update(projects)
      .set({ name: data.name, updatedAt: new Date() })
      .where(eq(projects.id, project.id))
      .returning();
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: data.name,
      value: { id: project.id, name: data.name, previousName: project.name },
    });
    return rows;
  });
  return toProjectDto(row ?? project, systemName);
}
