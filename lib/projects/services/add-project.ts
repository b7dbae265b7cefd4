import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { toProjectDto } from "../queries";
import { classesOf } from "../rules";
import { type ProjectDto, ZProjectAddMeta } from "../schemas";
import { insertProject, readProjectAdd } from "./insert-project";

/** POST v3/projects (multipart esproject + meta): spec operations §5 "Project add". */
export async function addProject(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const { meta, system, document, file } = await readProjectAdd(db, { ...opts, schema: ZProjectAddMeta, area: "extraction" });
  const project = await insertProject(db, {
    caller: opts.caller,
    system,
    values: {
      ...(meta.id ? { id: meta.id } : {}),
      name: meta.name,
      type: document.type,
      properties: document.properties,
      documentClasses: classesOf(document),
      withCustomizing: meta.withCustomizing,
    },
    file,
    audit: { classes: document.documentClasses.map((c) => c.name) },
  });
  return toProjectDto(project, system.name);
}
