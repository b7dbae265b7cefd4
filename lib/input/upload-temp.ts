import { readdir, readFile, rm, stat } from "node:fs/promises";
import { resolveFile } from "@/lib/files/store";
import { log } from "@/lib/log";

/** A file part: held in memory while the request's small budget lasts, else streamed to a temp file. */
export type UploadedFile = {
  field: string;
  name: string;
  contentType: string;
  size: number;
  /** the bytes, when they were small enough to keep */
  bytes?: Uint8Array;
  /** else the temp file (relative to the file store, below `uploads/`), moved or removed by `cleanup` */
  tempPath?: string;
};

/** Temp files of uploads, below the file store: the same volume, so a rename into place never copies. */
export const UPLOADS_DIR = "uploads";

/** Temp files left by a process that died in an upload go after an hour (each process looks once an hour). */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;
let lastSweep = 0;

/**
 * Removes upload temp files not written for STALE_UPLOAD_MS before `now` (no upload runs that long without writing);
 * answers how many. Each process sweeps now and then; the CleanUpProjects task sweeps for every node of the volume.
 */
export async function removeStaleUploads(now = new Date()): Promise<number> {
  const names = await readdir(resolveFile(UPLOADS_DIR)).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const full = resolveFile(`${UPLOADS_DIR}/${name}`);
    const info = await stat(full).catch(() => undefined);
    if (info?.isFile() && now.getTime() - info.mtimeMs > STALE_UPLOAD_MS) {
      await rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}

async function sweep(): Promise<void> {
  await removeStaleUploads();
}

/** Starts a sweep when this process has not swept for an hour; never waits for it. */
export function sweepStaleUploads(): void {
  if (Date.now() - lastSweep < STALE_UPLOAD_MS) return;
  lastSweep = Date.now();
  sweep().catch((err: unknown) => log.warn({ err }, "sweeping stale uploads failed"));
}

/** The bytes of a kept file part (read back from its temp file when it was large). */
export async function fileBytes(file: UploadedFile): Promise<Uint8Array> {
  return file.bytes ?? (file.tempPath ? new Uint8Array(await readFile(resolveFile(file.tempPath))) : new Uint8Array());
}
