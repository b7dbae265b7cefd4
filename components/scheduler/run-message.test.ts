import { describe, expect, it } from "vitest";
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

describe("runSeconds", () => {
  it("is the time between start and finish in seconds, none while a run has not finished", () => {
    expect(runSeconds({ started: "2025-01-01T00:00:00.000Z", finished: "2025-01-01T00:00:01.234Z" })).toBe(1.234);
    expect(runSeconds({ started: "2025-01-01T00:00:00.000Z", finished: null })).toBeNull();
  });
});
