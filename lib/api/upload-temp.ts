import { readdir, readFile, rm, stat } from "node:fs/promises";
import { resolveFile } from "@/lib/files/store";
import { log } from "@/lib/log";
import type { UploadedFile } from "./multipart";

/** Temp files of uploads, below the file store: the same volume, so a rename into place never copies. */
export const UPLOADS_DIR = "uploads";

/** Temp files left by a process that died in an upload go after an hour (each process looks once an hour). */
const STALE_MS = 60 * 60 * 1000;
let lastSweep = 0;

async function sweep(): Promise<void> {
  const names = await readdir(resolveFile(UPLOADS_DIR)).catch(() => [] as string[]);
  for (const name of names) {
    const full = resolveFile(`${UPLOADS_DIR}/${name}`);
    const info = await stat(full).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(full, { force: true });
  }
}

/** Starts a sweep when this process has not swept for an hour; never waits for it. */
export function sweepStaleUploads(): void {
  if (Date.now() - lastSweep < STALE_MS) return;
  lastSweep = Date.now();
  sweep().catch((err: unknown) => log.warn({ err }, "sweeping stale uploads failed"));
}

/** The bytes of a kept file part (read back from its temp file when it was large). */
export async function fileBytes(file: UploadedFile): Promise<Uint8Array> {
  return file.bytes ?? (file.tempPath ? new Uint8Array(await readFile(resolveFile(file.tempPath))) : new Uint8Array());
}
