import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { readRunMessage, runSeconds } from "./run-message";

describe("readRunMessage", () => {
  it("recognises the engine's message for a function that is not available", () => {
    expect(readRunMessage("The function ArchiveMetrics is not available.")).toEqual({
      kind: "functionNotAvailable",
      name: "ArchiveMetrics",
    });
  });

  it("recognises a bare error code without parameters", () => {
    expect(readRunMessage("InternalError")).toEqual({ kind: "text", text: "InternalError" }); // needs {requestId}
    expect(readRunMessage("TaskNotFound")).toEqual({ kind: "code", code: "TaskNotFound" });
  });

  it("leaves the sentences of the task functions as they are", () => {
    expect(readRunMessage("3 job(s) removed.")).toEqual({ kind: "text", text: "3 job(s) removed." });
    expect(readRunMessage("The function is not available")).toEqual({ kind: "text", text: "The function is not available" });
    expect(readRunMessage("toString")).toEqual({ kind: "text", text: "toString" });
  });
});

describe("an archiver's summary (issue 23)", () => {
  const waiting =
    "0 archive(s) written (0 rows); no complete month yet: the first archive covers 2026-11 (2026-11-01 to 2026-11-30) " +
    "and is written on 2026-12-01";
  it("is recognised, with why nothing was written", () => {
    expect(readRunMessage(waiting)).toMatchObject({
      kind: "archive",
      summary: { archives: 0, waiting: { first: true, unit: "Month", key: "2026-11", due: "2026-12-01" } },
    });
  });

  it("reads in both languages", () => {
    const read = readRunMessage(waiting);
    if (read.kind !== "archive" || !read.summary.waiting) throw new Error("not an archive summary");
    const params = { ...read.summary.waiting, first: String(read.summary.waiting.first) };
    const t = (messages: typeof en) => createTranslator({ locale: "en-US", messages, namespace: "scheduler" });
    expect(t(en)("run_archive_written", { archives: 0, rows: 0 })).toBe("0 archives written (0 rows)");
    expect(t(en)("run_archive_waiting", params)).toBe(
      "no complete month yet: the first archive covers 2026-11 (2026-11-01 to 2026-11-30) and is written on 2026-12-01",
    );
    expect(t(de as typeof en)("run_archive_waiting", params)).toBe(
      "noch kein vollständiger Monat: Das erste Archiv umfasst 2026-11 (2026-11-01 bis 2026-11-30) und wird am 2026-12-01 geschrieben",
    );
    expect(t(de as typeof en)("run_archive_written", { archives: 1, rows: 1 })).toBe("1 Archiv geschrieben (1 Zeile)");
  });
});

describe("runSeconds", () => {
  it("is the time between start and finish in seconds, none while a run has not finished", () => {
    expect(runSeconds({ started: "2025-01-01T00:00:00.000Z", finished: "2025-01-01T00:00:01.234Z" })).toBe(1.234);
    expect(runSeconds({ started: "2025-01-01T00:00:00.000Z", finished: null })).toBeNull();
  });
});
