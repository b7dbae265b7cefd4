import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import { updateLearnMetadata } from "@/lib/learn/services/update-learn-metadata";
import { assertNameFree, projectForCaller, toProjectDto } from "../queries";
import { isLearnType } from "../rules";
import { type ProjectDto, ZProjectMetadata } from "../schemas";
import { updateProject } from "./update-project";

/**
 * PUT v3/projects/{id}/metadata: rename (trimmed, unique in the system); for a learn project also its updating lock
 * (spec operations §7 "for learn also name, updating"), which an extraction project does not have.
 */
export async function renameProject(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<ProjectDto | LearnProjectDto> {
  const data = parseInput(ZProjectMetadata, opts.input);
  const loaded = await projectForCaller(db, opts.caller, opts.id, "any");
  if (isLearnType(loaded.project.type)) return updateLearnMetadata(db, { caller: opts.caller, id: opts.id, input: data });
  if (data.updating !== undefined) {
    throw new AppError("InvalidField", { field: "updating", reason: "only learn projects have an updating lock" });
  }
  const { project, systemName } = loaded;
  const row = await db.transaction(async (tx) => {
    await assertNameFree(tx, project.systemId, data.name, project.id);
    return updateProject(tx, {
      caller: opts.caller,
      loaded,
      set: { name: data.name, updatedAt: new Date() },
      audit: { name: data.name, previousName: project.name },
    });
  });
  return toProjectDto(row, systemName);
}
