import { describe, expect, it } from "vitest";
import { TASK_FUNCTION_NAMES } from "@/lib/scheduler/functions";
import { TASK_FUNCTION_IMPLS } from "./index";

describe("TASK_FUNCTION_IMPLS", () => {
  it("registers every function of the catalogue, and only those", () => {
    expect(Object.keys(TASK_FUNCTION_IMPLS).sort()).toEqual([...TASK_FUNCTION_NAMES].sort());
    for (const n of TASK_FUNCTION_NAMES) expect(typeof TASK_FUNCTION_IMPLS[n]).toBe("function");
  });
});
