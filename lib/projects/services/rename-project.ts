import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertNameFree, projectForCaller, toProjectDto } from "../queries";
import { type ProjectDto, ZProjectMetadata } from "../schemas";
import { updateProject } from "./update-project";

/**
 * PUT v3/projects/{id}/metadata of an extraction project: rename (trimmed, unique in the system). Its `updating` is
 * refused: only a learn project has that lock (spec operations §7 "for learn also name, updating"; a learn project's id
 * on the same path goes to lib/learn's updateLearnMetadata: the route picks by the project's type).
 */
export async function renameProject(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<ProjectDto> {
  const data = parseInput(ZProjectMetadata, opts.input);
  const loaded = await projectForCaller(db, opts.caller, opts.id);
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
