import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnExports, learnModels, type Project, type StoredDocumentClass } from "@/db/schema";
import { canonicalJson } from "@/lib/licences/file";

/**
 * The content an export gives an extraction project, as one hash (docs/decisions.md "Learn runs and export"): its
 * document classes (the learned ones with their centroids) and the similarity its classifier asks of a learned class.
 * Canonical JSON, so classes read back from jsonb (keys reordered) hash like the ones an export builds.
 */
export function exportContentHash(documentClasses: readonly StoredDocumentClass[], similarity: number): string {
  return createHash("sha256").update(canonicalJson({ documentClasses, similarity })).digest("hex");
}

/**
 * Whether an export of learn project `learnProjectId` into `target` would give it what it has already: the target is
 * linked to that learn project (LinkedExtraction, its export row that learn project's), its document classes and
 * similarity hash alike, and the exported model is the learn project's current one (compared in the database). Then
 * the export leaves the project and its version alone, and API clients holding that version keep uploading.
 */
export async function exportUnchanged(
  db: Database,
  opts: { target: Project; learnProjectId: string; documentClasses: readonly StoredDocumentClass[]; similarity: number },
): Promise<boolean> {
  const { target } = opts;
  if (target.type !== "LinkedExtraction") return false;
  const [current] = await db
    .select({
      learnProjectId: learnExports.learnProjectId,
      similarity: learnExports.similarity,
      sameModel: sql<boolean>`${learnExports.model} = ${learnModels.model}`,
    })
    .from(learnExports)
    .innerJoin(learnModels, eq(learnModels.projectId, learnExports.learnProjectId))
    .where(eq(learnExports.projectId, target.id));
  if (!current || current.learnProjectId !== opts.learnProjectId || !current.sameModel) return false;
  return (
    exportContentHash(target.documentClasses, current.similarity) === exportContentHash(opts.documentClasses, opts.similarity)
  );
}
