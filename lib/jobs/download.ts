import { zipSync } from "fflate";
import type { JobFile } from "@/db/schema";
import { readStoredFile } from "@/lib/files/store";

/** GET jobs/{id}/download: the job's files as a zip, in folders order/, work/ and result/. */
export async function jobZip(files: JobFile[]): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[`${f.kind}/${f.name}`] = new Uint8Array(await readStoredFile(f.path));
  return zipSync(entries, { level: 6 });
}
