import { describe, expect, it } from "vitest";
import { PROJECT_TYPES } from "@/db/schema/projects";
import { AppError } from "@/lib/errors/app-error";
import { areaOf, assertFileArea, isLearnType } from "./rules";

describe("the two lists of projects", () => {
  it("learn projects are of type Learn or LinkedLearn; every other type is the projects'", () => {
    expect(PROJECT_TYPES.filter(isLearnType)).toEqual(["Learn", "LinkedLearn"]);
    expect(PROJECT_TYPES.map(areaOf)).toEqual(["extraction", "learn", "extraction", "learn", "extraction", "extraction"]);
  });

  it("a project file must declare a type of the list it is added to", () => {
    expect(() => assertFileArea({ type: "Learn" }, "learn")).not.toThrow();
    expect(() => assertFileArea({ type: "LinkedExtraction" }, "extraction")).not.toThrow();
    try {
      assertFileArea({ type: "Extraction" }, "learn");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).entries[0]).toMatchObject({
        code: "projects_error_invalidFile",
        params: { problem: "wrongType", type: "Extraction", expected: "learn" },
      });
    }
  });
});
