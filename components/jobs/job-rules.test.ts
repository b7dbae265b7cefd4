import { describe, expect, it } from "vitest";
import { JOB_STATES, type JobState } from "@/db/schema/jobs";
import { canDelete, canDownload, canEditLogLevel, canRestart, canToggleLock, isProcessing, sizeInKb } from "./job-rules";

const job = (state: JobState, preventDelete = false) => ({ state, preventDelete });

describe("spec operations §4: which job actions are enabled", () => {
  it("counts every state but Ready and Error as processing", () => {
    expect(JOB_STATES.filter((s) => !isProcessing(job(s)))).toEqual(["Ready", "Error"]);
  });

  it("enables download, lock, restart and delete only for finished jobs", () => {
    for (const state of JOB_STATES) {
      const done = state === "Ready" || state === "Error";
      expect(canDownload(job(state)), state).toBe(done);
      expect(canToggleLock(job(state)), state).toBe(done);
      expect(canRestart(job(state)), state).toBe(done);
      expect(canDelete(job(state)), state).toBe(done);
    }
  });

  it("disables delete for a protected job", () => {
    expect(canDelete(job("Ready", true))).toBe(false);
    expect(canToggleLock(job("Ready", true))).toBe(true);
  });

  it("lets the log level change unless Processing (or removed)", () => {
    expect(JOB_STATES.filter((s) => !canEditLogLevel(job(s)))).toEqual(["Processing", "Removed"]);
  });

  it("shows file sizes in KB, rounded up", () => {
    expect([0, 1, 1024, 1025].map(sizeInKb)).toEqual([0, 1, 1, 2]);
  });
});
