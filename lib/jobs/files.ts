import { zipSync } from "fflate";
import type { JobFile } from "@/db/schema";
import { readStoredFile } from "@/lib/files/store";

/** Where a job's files live below DATA_DIR/files. */
export function jobDir(systemId: string, jobId: number): string {
  return `systems/${systemId}/jobs/${jobId}`;
}

const TEXT_SUFFIX = ".txt";

/**
 * The names of the work files holding the extracted text of a job's order files, in their order: the order file's
 * name with ".txt" added unless it already ends so (invoice.pdf → invoice.pdf.txt, invoice.txt → invoice.txt), so each
 * names its order file and two order files differing only in their extension never share one. Should two still meet
 * ("a" and "a.txt"), the later one is numbered ("a (2).txt").
 */
export function workFileNames(orderNames: string[]): string[] {
  const taken = new Set<string>();
  return orderNames.map((name) => {
    const cut = name.toLowerCase().endsWith(TEXT_SUFFIX) ? name.length - TEXT_SUFFIX.length : name.length;
    const [stem, suffix] = [name.slice(0, cut), name.slice(cut) || TEXT_SUFFIX];
    let candidate = `${stem}${suffix}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${suffix}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

const LAYOUT_SUFFIX = ".layout.txt";

/**
 * The names of the work files holding the layout text of a job's order files (issue 24 §1), beside `workFileNames`'
 * (unchanged): ".layout" before the text work file's ".txt" (invoice.pdf.layout.txt, invoice.layout.txt). A name
 * another work file of the job already has (an order file named so) is numbered ("a.pdf (2).layout.txt").
 */
export function layoutWorkFileNames(orderNames: string[]): string[] {
  const texts = workFileNames(orderNames);
  const taken = new Set(texts.map((name) => name.toLowerCase()));
  return texts.map((name) => {
    const stem = name.slice(0, name.length - TEXT_SUFFIX.length);
    let candidate = `${stem}${LAYOUT_SUFFIX}`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${LAYOUT_SUFFIX}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** GET jobs/{id}/download: the job's files as a zip, in folders order/, work/ and result/. */
export async function jobZip(files: JobFile[]): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[`${f.kind}/${f.name}`] = new Uint8Array(await readStoredFile(f.path));
  return zipSync(entries, { level: 6 });
}
