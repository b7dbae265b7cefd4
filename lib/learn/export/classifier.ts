import { inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnExports, type StoredDocumentClass } from "@/db/schema";
import type { LearnedMatcher } from "@/lib/processing/classify";
import { type CentroidClass, classifyByCentroids, decodeFloat32, type LearnModel } from "../engine";

/** A linked extraction project as the job pipeline reads it. */
export type LinkedProject = { id: string; version: number; documentClasses: readonly StoredDocumentClass[] };

/** Projects whose classifiers stay in memory: a model is ≈ 1–3 MB decoded. */
const CACHED = 16;
type Entry = { key: string; matcher: LearnedMatcher };
const g = globalThis as typeof globalThis & { __docserviceLearnedClassifiers?: Map<string, Entry> };
function cache(): Map<string, Entry> {
  g.__docserviceLearnedClassifiers ??= new Map();
  return g.__docserviceLearnedClassifiers;
}

/** The learned classes of a project with the exported model: nearest centroid at ≥ similarity (lib/learn/engine). */
export function learnedMatcher(model: LearnModel, classes: readonly CentroidClass[], similarity: number): LearnedMatcher {
  return { match: (text) => classifyByCentroids(model, classes, text, { minSimilarity: similarity }) };
}

function centroidClasses(documentClasses: readonly StoredDocumentClass[]): CentroidClass[] {
  // learned-only classes and classes of the file an export taught (docs/decisions.md "Learn runs and export")
  return documentClasses.flatMap((c) => (c.centroid ? [{ name: c.name, centroid: decodeFloat32(c.centroid) }] : []));
}

/**
 * The learned classifiers of a batch's linked extraction projects (docs/decisions.md "Learn runs and export"), by
 * project id: read once per project version (an export counts the version up) and kept in memory, so a batch reads
 * only what changed and no document reads a model. Projects without learned classes or without an export get none.
 */
export async function learnedClassifiers(db: Database, linked: readonly LinkedProject[]): Promise<Map<string, LearnedMatcher>> {
  const out = new Map<string, LearnedMatcher>();
  const held = cache();
  const missing: LinkedProject[] = [];
  for (const p of linked) {
    if (!p.documentClasses.some((c) => c.centroid)) continue;
    const entry = held.get(p.id);
    if (entry?.key === `${p.id}:${p.version}`) out.set(p.id, entry.matcher);
    else missing.push(p);
  }
  if (!missing.length) return out;
  const rows = await db
    .select({ projectId: learnExports.projectId, model: learnExports.model, similarity: learnExports.similarity })
    .from(learnExports)
    .where(
      inArray(
        learnExports.projectId,
        missing.map((p) => p.id),
      ),
    );
  for (const p of missing) {
    const row = rows.find((r) => r.projectId === p.id);
    if (!row) continue;
    const matcher = learnedMatcher(row.model as LearnModel, centroidClasses(p.documentClasses), row.similarity);
    held.delete(p.id);
    held.set(p.id, { key: `${p.id}:${p.version}`, matcher });
    out.set(p.id, matcher);
  }
  // the least recently loaded go first
  for (const id of held.keys()) {
    if (held.size <= CACHED) break;
    held.delete(id);
  }
  return out;
}
