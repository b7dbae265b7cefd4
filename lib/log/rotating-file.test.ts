import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isDataDirPath } from "@/lib/settings/schemas";
import { RotatingFile } from "./rotating-file";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "log-file-test-"));
  dirs.push(dir);
  return path.join(dir, "logs", "service.log");
}

const line = (n: number) => `${JSON.stringify({ n, msg: "x".repeat(20) })}\n`;

describe("a rotated log file", () => {
  it("makes its folder, appends, and past the size renames to .1 … keeping as many old files as asked", () => {
    const file = tempFile();
    const out = new RotatingFile(file, { maxBytes: 100, keep: 2 });
    for (let n = 0; n < 12; n++) out.write(line(n));
    out.close();
    expect(readdirSync(path.dirname(file)).sort()).toEqual(["service.log", "service.log.1", "service.log.2"]);
    const numbers = (name: string) =>
      readFileSync(path.join(path.dirname(file), name), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { n: number }).n);
    // each line whole, the newest in the current file, the older ones in .1 and .2, the oldest dropped
    expect(numbers("service.log.2").at(-1)).toBeLessThan(numbers("service.log.1")[0] ?? -1);
    expect(numbers("service.log.1").at(-1)).toBeLessThan(numbers("service.log")[0] ?? 12);
    expect([...numbers("service.log.2"), ...numbers("service.log.1"), ...numbers("service.log")].at(-1)).toBe(11);
  });

  it("a second writer of the same file follows the first one's rotation instead of rotating again", () => {
    const file = tempFile();
    const a = new RotatingFile(file, { maxBytes: 100, keep: 3 });
    const b = new RotatingFile(file, { maxBytes: 100, keep: 3 });
    a.write(line(1));
    b.write(line(2));
    a.write(line(3)); // past 100 bytes: a rotates
    b.write(line(4)); // b's file is now .1 and past the size: b opens the new one, renames nothing
    b.write(line(5));
    a.close();
    b.close();
    const names = readdirSync(path.dirname(file)).sort();
    expect(names).toEqual(["service.log", "service.log.1"]);
    const text = (name: string) => readFileSync(path.join(path.dirname(file), name), "utf8");
    expect(text("service.log.1")).toBe(line(1) + line(2) + line(3) + line(4));
    expect(text("service.log")).toBe(line(5));
  });
});

describe("a log file's path (the service configuration's fileLoggingFile)", () => {
  it("is relative, below DATA_DIR, without . or .. or control characters", () => {
    for (const ok of ["logs/service.log", "service.log", "a/b/c.log", ""]) expect(isDataDirPath(ok), ok).toBe(true);
    for (const bad of [
      "/var/log/x.log",
      "\\\\server\\x.log",
      "C:\\x.log",
      "../x.log",
      "logs/../../x",
      "logs/./x",
      ".",
      "logs/",
      "a\u0000b",
    ])
      expect(isDataDirPath(bad), bad).toBe(false);
  });
});
