import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { dataDir } from "@/lib/env";

/** DESIGN.md "files": everything under DATA_DIR/files (a shared volume across nodes). */
export function filesRoot(): string {
  return path.join(dataDir(), "files");
}

/** A relative path below the files root; refuses anything that would leave it. */
export function resolveFile(relative: string): string {
  const root = filesRoot();
  const full = path.resolve(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`path escapes the file store: ${relative}`);
  return full;
}

/** A file name as stored: no directories, no control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "_").trim();
  return (cleaned === "." || cleaned === ".." ? "_" : cleaned).slice(0, 200) || "file";
}

export function writeStoredFile(relative: string, bytes: Uint8Array): Promise<void> {
  return writeStoredFiles(path.posix.dirname(relative), [{ name: path.posix.basename(relative), bytes }]);
}

/** A file to store: its bytes, or an upload's temp file below the file store (moved, never copied). */
export type StoredFileSource = { name: string; bytes?: Uint8Array; tempPath?: string };

/** Several files into one folder: the folder is made once (each file system call counts on a busy node). */
export async function writeStoredFiles(dir: string, files: StoredFileSource[]): Promise<void> {
  const full = resolveFile(dir);
  await mkdir(full, { recursive: true });
  await Promise.all(
    files.map((f) => {
      const target = resolveFile(`${dir}/${f.name}`);
      return f.tempPath ? rename(resolveFile(f.tempPath), target) : writeFile(target, f.bytes ?? new Uint8Array());
    }),
  );
}

export function readStoredFile(relative: string): Promise<Buffer> {
  return readFile(resolveFile(relative));
}

export async function removeStored(relative: string): Promise<void> {
  await rm(resolveFile(relative), { recursive: true, force: true });
}

/** The entries of a stored folder by kind (names only); none when it does not exist. */
export async function listStored(relative: string): Promise<{ folders: string[]; files: string[] }> {
  const entries = await readdir(resolveFile(relative), { withFileTypes: true }).catch(() => []);
  return {
    folders: entries.filter((e) => e.isDirectory()).map((e) => e.name),
    files: entries.filter((e) => e.isFile()).map((e) => e.name),
  };
}
