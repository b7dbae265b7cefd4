import type { Database } from "@/db/client";
import type { StoredDocumentClass } from "@/db/schema";
import { readStoredFile } from "@/lib/files/store";
import { resourceFilePath } from "./files";
import { resolveResource } from "./queries";
import { csvFirstColumn } from "./rules";

/** The lookup names of a project's fields (lower case, once each). */
export function lookupNames(classes: readonly StoredDocumentClass[]): string[] {
  return [...new Set(classes.flatMap((c) => c.fields.flatMap((f) => (f.lookup ? [f.lookup.toLowerCase()] : []))))];
}

/**
 * The first-column values of each lookup Csv a project's fields name, as a job of the system and project sees
 * them (resolveResource: the most specific level wins). A name no level holds is left out: its fields miss.
 */
export async function lookupSets(
  db: Database,
  params: { systemId: string; projectId: string | null; classes: readonly StoredDocumentClass[] },
): Promise<Map<string, Set<string>>> {
  const sets = new Map<string, Set<string>>();
  for (const name of lookupNames(params.classes)) {
    const resource = await resolveResource(db, { systemId: params.systemId, projectId: params.projectId, name, type: "Csv" });
    if (!resource) continue;
    const bytes = await readStoredFile(resourceFilePath(resource)).catch(() => null);
    if (bytes) sets.set(name, csvFirstColumn(bytes.toString("utf8")));
  }
  return sets;
}
