import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { projectForCaller, toProjectDto } from "../queries";
import { assertVersion, checkProperties } from "../rules";
import { type ProjectDto, ZProjectProperties } from "../schemas";
import { updateProject } from "./update-project";

/** POST v3/projects/{id}/properties (spec operations §5: names non-empty; the version must match). */
export async function saveProjectProperties(
  db: Database,
  opts: { caller: Caller; id: string; input: unknown },
): Promise<ProjectDto> {
  const data = parseInput(ZProjectProperties, opts.input);
  checkProperties(data.properties);
  const loaded = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(loaded.project, data.version);
  const row = await db.transaction((tx) =>
    updateProject(tx, {
      caller: opts.caller,
      loaded,
      version: data.version,
      set: { properties: data.properties, versionProperties: data.versionProperties, updatedAt: new Date() },
      audit: { properties: data.properties },
    }),
  );
  return toProjectDto(row, loaded.systemName);
}
