import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { writeStoredFile } from "@/lib/files/store";
import { readEsproject } from "../esproject-zip";
import { projectFilePath, projectForCaller, toProjectDto } from "../queries";
import { assertVersion, classesOf } from "../rules";
import { type ProjectDto, ZProjectUploadMeta } from "../schemas";

/** POST v3/projects/{id}/upload: a new version of the project file. */
export async function uploadProjectVersion(
  db: Database,
  opts: { caller: Caller; id: string; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const data = parseInput(ZProjectUploadMeta, opts.meta ?? {});
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const { project, systemName } = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(project, data.version);
  const { document } = readEsproject(opts.file);
  const next = project.version + 1;
  await writeStoredFile(projectFilePath(project.systemId, project.id, next), opts.file);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({
        version: next,
        type: document.type,
        documentClasses: classesOf(document),
        versionProperties: data.versionProperties,
        withCustomizing: data.withCustomizing,
        // replaceDefaultProperties takes the file's properties; otherwise the edited ones stay
        ...(data.replaceDefaultProperties ? { properties: document.properties } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(projects.id, project.id), eq(projects.version, project.version)))
      .returning();
    if (!row) throw new AppError("ProjectVersionMismatch", { current: project.version + 1, sent: data.version });
    await writeAudit(tx, actingIn(opts.caller, { id: project.systemId, name: systemName }), {
      category: "Project",
      operation: "Update",
      systemId: project.systemId,
      projectId: project.id,
      project: row.name,
      value: { id: project.id, version: next, replaceDefaultProperties: data.replaceDefaultProperties },
    });
    return row;
  });
  return toProjectDto(updated, systemName);
}
