import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertNameFree } from "@/lib/projects/queries";
import { ZProjectMetadata } from "@/lib/projects/schemas";
import { updateProject } from "@/lib/projects/services/update-project";
import { learnProjectForCaller, toLearnProjectDto } from "../queries";
import { assertLearnProjectLive } from "../rules";
import type { LearnProjectDto } from "../schemas";

/**
 * PUT v3/projects/{id}/metadata of a learn project: its name (trimmed, unique in the system) and, when sent, its
 * updating lock (docs/decisions.md "Learn projects": while set, learn runs leave the project alone). A deleted learn
 * project is changed no more (409 LearnProjectDeleted).
 */
export async function updateLearnMetadata(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<LearnProjectDto> {
  const data = parseInput(ZProjectMetadata, opts.input);
  const loaded = await learnProjectForCaller(db, opts.caller, opts.id);
  const { project, systemName } = loaded;
  assertLearnProjectLive(project);
  const updating = data.updating ?? project.updating;
  const row = await db.transaction(async (tx) => {
    await assertNameFree(tx, project.systemId, data.name, project.id);
    return updateProject(tx, {
      caller: opts.caller,
      loaded,
      set: { name: data.name, updating, updatedAt: new Date() },
      audit: {
        name: data.name,
        ...(data.name === project.name ? {} : { previousName: project.name }),
        ...(updating === project.updating ? {} : { updating }),
      },
    });
  });
  return toLearnProjectDto(row, systemName);
}
