import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { readEsproject } from "../esproject-zip";
import { systemForProjects, toProjectDto } from "../queries";
import { assertFileArea, classesOf } from "../rules";
import { type ProjectDto, ZProjectAddMeta } from "../schemas";
import { insertProject } from "./insert-project";

/** POST v3/projects (multipart esproject + meta): spec operations §5 "Project add". */
export async function addProject(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const meta = parseInput(ZProjectAddMeta, opts.meta ?? {});
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const system = await systemForProjects(db, opts.caller, meta.systemId);
  const { document } = readEsproject(opts.file);
  assertFileArea(document, "extraction");
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
    file: opts.file,
    audit: { classes: document.documentClasses.map((c) => c.name) },
  });
  return toProjectDto(project, system.name);
}
