import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { projectForCaller, toProjectDto } from "../queries";
import { assertVersion, checkProperties } from "../rules";
import { type ProjectDto, ZProjectProperties } from "../schemas";

/** POST v3/projects/{id}/properties (spec operations §5: names non-empty; the version must match). */
export async function saveProjectProperties(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<ProjectDto> {
  const data = parseInput(ZProjectProperties, opts.input);
  checkProperties(data.properties);
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(project, data.version);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(projects)
      .set({ properties: data.properties, versionProperties: data.versionProperties, updatedAt: new Date() })
      .where(eq(projects.id, project.id))
      .returning();
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: project.name,
      value: { id: project.id, properties: data.properties },
    });
    return rows;
  });
  return toProjectDto(row ?? project, systemName);
}
