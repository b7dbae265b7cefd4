import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module without types
import { circles, folderOf, readLayers } from "./check-imports.mjs";

describe("check-imports", () => {
  it("reads the layers of the folder order, comments left out", () => {
    const markdown = "# A\n\n### Folder order\n\ntext\n\n```\ndb messages  # the bottom\nlib/log\n\nlib/db # next\n```\n\n## B\n";
    expect(readLayers(markdown)).toEqual([["db", "messages"], ["lib/log"], ["lib/db"]]);
  });

  it("names a file's folder: an area of lib/ (a file lib/x.ts is the folder lib/x), else the top folder", () => {
    expect([folderOf("lib/auth/guard.ts"), folderOf("lib/db.ts"), folderOf("db/schema/jobs.ts"), folderOf("proxy.ts")]).toEqual([
      "lib/auth",
      "lib/db",
      "db",
      "proxy",
    ]);
  });

  it("finds every circle of files, a file importing itself too, and nothing in a chain", () => {
    const edge = (from: string, to: string) => ({ from, to });
    const found = circles(
      ["a", "b", "c", "d", "e", "f"],
      [edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("c", "d"), edge("d", "e"), edge("f", "f")],
    );
    expect(found).toEqual([["a", "b", "c"], ["f"]]);
  });
});
