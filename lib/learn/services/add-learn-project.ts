import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { classesOf } from "@/lib/projects/rules";
import { insertProject, readProjectAdd } from "@/lib/projects/services/insert-project";
import { toLearnProjectDto } from "../queries";
import { type LearnProjectDto, ZLearnProjectAddMeta } from "../schemas";

/**
 * POST v3/learn/projects (multipart esproject + meta): a learn project (type Learn) from a learn project file; the
 * rules of spec operations §5 "Project add" ("Learn projects follow the same rules"). The file's `learn` settings are
 * kept; its document classes too, though a learn project's jobs are not classified.
 */
export async function addLearnProject(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: Uint8Array | null },
): Promise<LearnProjectDto> {
  const { meta, system, document, file } = await readProjectAdd(db, { ...opts, schema: ZLearnProjectAddMeta, area: "learn" });
  const project = await insertProject(db, {
    caller: opts.caller,
    system,
    values: {
      ...(meta.id ? { id: meta.id } : {}),
      name: meta.name,
      // LinkedLearn is what an export makes of it, never what a file says
      type: "Learn",
      properties: document.properties,
      documentClasses: classesOf(document),
      learnSettings: document.learn ?? null,
    },
    file,
    audit: { learn: document.learn ?? null },
  });
  return toLearnProjectDto(project, system.name);
}
