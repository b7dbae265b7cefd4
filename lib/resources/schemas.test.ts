import { describe, expect, it } from "vitest";
import { ZResourceForm } from "./schemas";

const problems = (input: Record<string, unknown>) =>
  (ZResourceForm.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]);

describe("the resource form's schema", () => {
  it("reports every rule at once, each under its field", () => {
    expect(problems({ type: "", subtype: "", file: null, name: "" })).toEqual([
      ["type", "resources_error_noType"],
      ["subtype", "resources_error_noPool"],
      ["file", "resources_error_noFileSelected"],
      ["name", "resources_error_noName"],
    ]);
  });

  it("names the missing pool with its own rule, whether empty, blank or left out", () => {
    for (const subtype of ["", " ", undefined, null]) {
      expect(problems({ type: "Csv", subtype, file: null, name: "a.csv" })[0], String(subtype)).toEqual([
        "subtype",
        "resources_error_noPool",
      ]);
    }
  });

  it("checks the name's extension and length while the file is missing", () => {
    expect(problems({ type: "Csv", subtype: "P", file: null, name: "wrong.txt" })).toEqual([
      ["file", "resources_error_noFileSelected"],
      ["name", JSON.stringify({ code: "resources_error_fileExtensions", params: { type: "Csv", extension: ".csv" } })],
    ]);
    expect(problems({ type: "Csv", subtype: "P", file: null, name: `${"n".repeat(47)}.csv` })[1]).toEqual([
      "name",
      JSON.stringify({ code: "resources_error_nameLengthExceeded", params: { max: 50 } }),
    ]);
  });

  it("accepts a file and a fitting name", () => {
    const file = new File(["4711;ACME\n"], "suppliers.csv");
    expect(problems({ type: "Csv", subtype: "P", file, name: "suppliers.csv" })).toEqual([]);
    expect(problems({ type: "Csv", subtype: "P", file: new File([], "empty.csv"), name: "empty.csv" })).toEqual([
      ["file", "resources_error_noFileSelected"],
    ]);
  });
});
