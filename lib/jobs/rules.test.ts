import { describe, expect, it } from "vitest";
import { JOB_STATES, type JobState } from "@/db/schema/jobs";
import { allows, canTransition, isProcessing, JOB_ACTIONS, JOB_TRANSITIONS, type JobAction } from "./rules";

const job = (state: JobState, preventDelete = false) => ({ state, preventDelete });

describe("spec operations §4: processing", () => {
  it("counts every state but Ready and Error as processing", () => {
    expect(JOB_STATES.filter((s) => !isProcessing(s))).toEqual(["Ready", "Error"]);
  });
});

describe("the transition table (DESIGN.md Job states)", () => {
  it("leads a job New -> Waiting -> Assigned -> Processing -> Ready | Error", () => {
    const path: [keyof typeof JOB_TRANSITIONS, JobState][] = [
      ["queue", "New"],
      ["claim", "Waiting"],
      ["start", "Assigned"],
      ["succeed", "Processing"],
    ];
    for (const [t, from] of path) expect(canTransition(t, from), `${t} from ${from}`).toBe(true);
    expect(path.map(([t]) => JOB_TRANSITIONS[t].to)).toEqual(["Waiting", "Assigned", "Processing", "Ready"]);
    expect(JOB_TRANSITIONS.fail.to).toBe("Error");
  });

  it("restarts and removes only finished jobs; nothing leaves Removed or Undefined", () => {
    for (const t of ["restart", "remove"] as const) {
      expect(JOB_STATES.filter((s) => canTransition(t, s))).toEqual(["Ready", "Error"]);
    }
    for (const t of Object.keys(JOB_TRANSITIONS) as (keyof typeof JOB_TRANSITIONS)[]) {
      expect(canTransition(t, "Removed"), t).toBe(false);
      expect(canTransition(t, "Undefined"), t).toBe(false);
    }
  });

  it("takes a worker's claim back, or to another worker, only while it is claimed", () => {
    for (const t of ["reclaim", "release", "succeed", "fail"] as const) {
      expect(JOB_STATES.filter((s) => canTransition(t, s))).toEqual(["Assigned", "Processing"]);
    }
    expect(JOB_STATES.filter((s) => canTransition("start", s))).toEqual(["Assigned"]);
  });
});

describe("spec operations §4: which job actions each state allows", () => {
  // rows: the states; columns: restart, delete, toggleLock, download, changeLogLevel, viewFiles
  const expected: Record<JobState, string> = {
    Undefined: "----L-",
    New: "----L-",
    Waiting: "----L-",
    Assigned: "----L-",
    Processing: "------",
    Ready: "RDTWLF",
    Error: "RDTWLF",
    Removed: "------",
  };
  const letters: Record<JobAction, string> = {
    restart: "R",
    delete: "D",
    toggleLock: "T",
    download: "W",
    changeLogLevel: "L",
    viewFiles: "F",
  };

  it("follows the table", () => {
    const actions = Object.keys(JOB_ACTIONS) as JobAction[];
    const actual = Object.fromEntries(
      JOB_STATES.map((s) => [s, actions.map((a) => (allows(a, job(s)) ? letters[a] : "-")).join("")]),
    );
    expect(actual).toEqual(expected);
  });

  it("refuses delete for a protected job, but lets it be unlocked", () => {
    expect(allows("delete", job("Ready", true))).toBe(false);
    expect(allows("toggleLock", job("Ready", true))).toBe(true);
  });
});
