import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { readEsproject } from "../esproject-zip";
import { projectForCaller, toProjectDto } from "../queries";
import { assertFileArea, assertVersion, classesOf, learnedClassesOf, withLearned } from "../rules";
import { type ProjectDto, ZProjectUploadMeta } from "../schemas";
import { storeProjectVersion } from "./store-project-version";

/**
 * POST v3/projects/{id}/upload: a new version of the project file. A project linked to a learn project keeps its type
 * (LinkedExtraction) and the learned classes its export gave it (docs/decisions.md "Learn runs and export"); the file's
 * classes replace the others.
 */
export async function uploadProjectVersion(
  db: Database,
  opts: { caller: Caller; id: string; meta: unknown; file: Uint8Array | null },
): Promise<ProjectDto> {
  const data = parseInput(ZProjectUploadMeta, opts.meta ?? {});
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const loaded = await projectForCaller(db, opts.caller, opts.id);
  assertVersion(loaded.project, data.version);
  const { document } = readEsproject(opts.file);
  assertFileArea(document, "extraction");
  const linked = loaded.project.type === "LinkedExtraction";
  const row = await storeProjectVersion(db, {
    caller: opts.caller,
    loaded,
    sentVersion: data.version,
    file: opts.file,
    set: {
      type: linked ? "LinkedExtraction" : document.type,
      // what the export taught stays, joined to the file's class of the same name (no name twice)
      documentClasses: withLearned(classesOf(document), learnedClassesOf(loaded.project.documentClasses)),
      versionProperties: data.versionProperties,
      withCustomizing: data.withCustomizing,
      // replaceDefaultProperties takes the file's properties; otherwise the edited ones stay
      ...(data.replaceDefaultProperties ? { properties: document.properties } : {}),
    },
    audit: { replaceDefaultProperties: data.replaceDefaultProperties },
  });
  return toProjectDto(row, loaded.systemName);
}
