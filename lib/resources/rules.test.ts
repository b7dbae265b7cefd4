import { describe, expect, it } from "vitest";
import { csvFirstColumn, levelProblem, poolNameProblem, resourceNameProblem, searchedLevels } from "./rules";

describe("resource rules (spec operations §5, §9)", () => {
  it("names: required, at most 50 characters, the type's extension, no path", () => {
    expect(resourceNameProblem(" ", "Csv")?.code).toBe("resources_error_noName");
    expect(resourceNameProblem(`${"a".repeat(46)}.csv`, "Csv")).toBeNull();
    expect(resourceNameProblem(`${"a".repeat(47)}.csv`, "Csv")).toEqual({
      code: "resources_error_nameLengthExceeded",
      params: { max: 50 },
    });
    expect(resourceNameProblem("a.CSV", "Csv")).toBeNull();
    expect(resourceNameProblem("a.txt", "Csv")).toEqual({
      code: "resources_error_fileExtensions",
      params: { type: "Csv", extension: ".csv" },
    });
    expect(resourceNameProblem("keys.txt", "LanguageKeyFile")).toBeNull();
    expect(resourceNameProblem("keys.csv", "LanguageKeyFile")?.code).toBe("resources_error_fileExtensions");
    expect(resourceNameProblem("p.xml", "Profile")).toBeNull();
    expect(resourceNameProblem("p.json", "Profile")?.code).toBe("resources_error_fileExtensions");
    expect(resourceNameProblem("anything.bin", "Other")).toBeNull();
    for (const bad of ["a/b.csv", "a\\b.csv", "..", "a\u0000.csv"]) {
      expect(resourceNameProblem(bad, bad === ".." ? "Other" : "Csv")?.code).toBe("resources_error_invalidName");
    }
    expect(poolNameProblem("")?.code).toBe("resources_error_noPool");
    expect(poolNameProblem("a".repeat(51))?.code).toBe("TooLong");
  });

  it("levels: the Supersystem holds Global only, other systems the rest; project levels need a project", () => {
    expect(levelProblem({ level: "Global", isSupersystem: true, projectId: undefined })).toBeNull();
    expect(levelProblem({ level: "System", isSupersystem: true, projectId: undefined })?.code).toBe("ResourceLevelNotSupported");
    expect(levelProblem({ level: "Global", isSupersystem: false, projectId: undefined })?.code).toBe("ResourceLevelNotSupported");
    expect(levelProblem({ level: "System", isSupersystem: false, projectId: undefined })).toBeNull();
    expect(levelProblem({ level: "System", isSupersystem: false, projectId: "p" })?.code).toBe("ResourceLevelNotSupported");
    expect(levelProblem({ level: "Project", isSupersystem: false, projectId: undefined })?.code).toBe("ResourceDataMissing");
    expect(levelProblem({ level: "ProjectCustomizing", isSupersystem: false, projectId: "p" })).toBeNull();
  });

  it("processing searches the most specific level first, Global only when allowed", () => {
    expect(searchedLevels({ hasProject: true, canReadGlobalResources: true })).toEqual([
      "ProjectCustomizing",
      "Project",
      "System",
      "Global",
    ]);
    expect(searchedLevels({ hasProject: true, canReadGlobalResources: false })).toEqual([
      "ProjectCustomizing",
      "Project",
      "System",
    ]);
    expect(searchedLevels({ hasProject: false, canReadGlobalResources: false })).toEqual(["System"]);
  });

  it("a lookup CSV's first column, lower case, with ; , or tab and quotes", () => {
    expect(csvFirstColumn('\uFEFFACME;x\r\n"Beta;Co",y\nGamma\tz\n\n  delta  \n')).toEqual(
      new Set(["acme", "beta;co", "gamma", "delta"]),
    );
  });
});
