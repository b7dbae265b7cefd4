import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { readEsproject } from "@/lib/projects/esproject-zip";
import { assertFileArea, assertVersion, classesOf } from "@/lib/projects/rules";
import { storeProjectVersion } from "@/lib/projects/services/store-project-version";
import { learnProjectForCaller, toLearnProjectDto } from "../queries";
import { assertLearnProjectLive } from "../rules";
import { type LearnProjectDto, ZLearnProjectUploadMeta } from "../schemas";
import { afterProjectVersion } from "./trigger-learn-run";

/**
 * POST v3/learn/projects/{id}/upload: a new version of a learn project's file (the version sent must be current). With
 * the learn setting createLearnJobOnProjectChange the version asks for a full learn run (./trigger-learn-run.ts).
 */
export async function uploadLearnProjectVersion(
  db: Database,
  opts: { caller: Caller; id: string; meta: unknown; file: Uint8Array | null },
): Promise<LearnProjectDto> {
  const data = parseInput(ZLearnProjectUploadMeta, opts.meta ?? {});
  if (!opts.file?.byteLength) throw new AppError("missingEsproject");
  const loaded = await learnProjectForCaller(db, opts.caller, opts.id);
  assertLearnProjectLive(loaded.project);
  assertVersion(loaded.project, data.version);
  const { document } = readEsproject(opts.file);
  assertFileArea(document, "learn");
  const row = await storeProjectVersion(db, {
    caller: opts.caller,
    loaded,
    sentVersion: data.version,
    file: opts.file,
    // the type stays: Learn, or LinkedLearn while exported
    set: { properties: document.properties, documentClasses: classesOf(document), learnSettings: document.learn ?? null },
    audit: { learn: document.learn ?? null },
  });
  await afterProjectVersion(db, opts.caller, row.id);
  return toLearnProjectDto(row, loaded.systemName);
}
