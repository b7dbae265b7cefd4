import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { assertVersion } from "@/lib/projects/rules";
import { updateProject } from "@/lib/projects/services/update-project";
import { learnProjectForCaller, toLearnProjectDto } from "../queries";
import { assertLearnProjectLive } from "../rules";
import { type LearnProjectDto, ZLearnProjectDelete } from "../schemas";

/**
 * DELETE v3/learn/projects/{id} with { version }: the soft delete of spec operations §3/§4. deletedAt is set; the row,
 * its file and its documents stay (the list shows it with include-deleted), it takes no new jobs and is changed no
 * more. A second delete answers 409 LearnProjectDeleted; another version 409 ProjectVersionMismatch.
 */
export async function deleteLearnProject(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<LearnProjectDto> {
  const data = parseInput(ZLearnProjectDelete, opts.input ?? {});
  const loaded = await learnProjectForCaller(db, opts.caller, opts.id);
  assertLearnProjectLive(loaded.project);
  assertVersion(loaded.project, data.version);
  const row = await db.transaction((tx) =>
    updateProject(tx, {
      caller: opts.caller,
      loaded,
      version: data.version,
      set: { deletedAt: new Date(), updatedAt: new Date() },
      audit: { name: loaded.project.name, version: loaded.project.version },
      operation: "Delete",
    }),
  );
  return toLearnProjectDto(row, loaded.systemName);
}
