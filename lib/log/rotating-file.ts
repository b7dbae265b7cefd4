import { closeSync, fstatSync, mkdirSync, openSync, renameSync, statSync, writeSync } from "node:fs";
import path from "node:path";

/** docs/decisions.md "Service settings": a log file is rotated past 10 MiB, five old files kept (`.1` the newest). */
export const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const LOG_FILE_KEEP = 5;

/**
 * A log file appended line by line, beside stdout. Each line is one write to a file opened for appending, so the
 * processes that share the file (the server, `npm run worker`) never cut each other's lines. Past `maxBytes` the file
 * is renamed to `.1` (`.1` to `.2` …, the oldest dropped) and a new one begun; a process whose file another one has
 * renamed meanwhile only opens the new one.
 */
export class RotatingFile {
  private fd: number;

  constructor(
    readonly file: string,
    private readonly limits = { maxBytes: LOG_FILE_MAX_BYTES, keep: LOG_FILE_KEEP },
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.fd = openSync(file, "a", 0o640);
  }

  write(line: string): void {
    writeSync(this.fd, line);
    if (fstatSync(this.fd).size >= this.limits.maxBytes) this.rotate();
  }

  close(): void {
    closeSync(this.fd);
  }

  private rotate(): void {
    const current = statSync(this.file, { throwIfNoEntry: false });
    // still the file this process writes: rotate it; otherwise another process did, and its new file is taken
    if (current && current.ino === fstatSync(this.fd).ino) {
      for (let n = this.limits.keep - 1; n >= 1; n--) renameIfThere(`${this.file}.${n}`, `${this.file}.${n + 1}`);
      renameIfThere(this.file, `${this.file}.1`);
    }
    closeSync(this.fd);
    this.fd = openSync(this.file, "a", 0o640);
  }
}

function renameIfThere(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
