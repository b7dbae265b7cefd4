import { describe, expect, it } from "vitest";
import { PROJECT_TYPES } from "@/db/schema/projects";
import { AppError } from "@/lib/errors/app-error";
import { sampleProjectDocument } from "@/tests/fixtures/project";
import {
  areaOf,
  assertFileArea,
  classesOf,
  isLearnType,
  learnedChanges,
  learnedClassesOf,
  withLearned,
  withoutLearned,
} from "./rules";

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

describe("learned classes of a linked extraction project (no name twice)", () => {
  const rule = { name: "Invoice", keywords: ["invoice"], patterns: [], fields: [] };
  const memo = { name: "Memo", keywords: ["memo"], patterns: [], fields: [] };

  it("a learned class named like a class of the file (whatever the case) teaches that class; others are added", () => {
    const classes = withLearned(
      [rule, memo],
      [
        { name: "invoice", centroid: "AAAA" },
        { name: "Letters", centroid: "BBBB" },
      ],
    );
    expect(classes).toEqual([
      { ...rule, centroid: "AAAA" },
      memo,
      { name: "Letters", keywords: [], patterns: [], fields: [], learned: true, centroid: "BBBB" },
    ]);
    expect(learnedClassesOf(classes)).toEqual([
      { name: "Invoice", centroid: "AAAA" },
      { name: "Letters", centroid: "BBBB" },
    ]);
    // what an earlier export taught is replaced; taken away, the file's classes are as they were
    expect(withLearned(classes, [{ name: "Letters", centroid: "CCCC" }])).toEqual([
      rule,
      memo,
      { name: "Letters", keywords: [], patterns: [], fields: [], learned: true, centroid: "CCCC" },
    ]);
    expect(withoutLearned(classes)).toEqual([rule, memo]);
  });

  it("names what an export changes: added, replaced, unchanged, removed", () => {
    const before = withLearned(
      [rule, memo],
      [
        { name: "Letters", centroid: "B" },
        { name: "Old", centroid: "O" },
      ],
    );
    const after = withLearned(before, [
      { name: "Invoice", centroid: "A" },
      { name: "Letters", centroid: "B" },
      { name: "Memo", centroid: "M" },
      { name: "Reports", centroid: "R" },
    ]);
    expect(after.map((c) => c.name)).toEqual(["Invoice", "Memo", "Letters", "Reports"]);
    expect(learnedChanges(before, after)).toEqual({
      added: ["Reports"],
      replaced: ["Invoice", "Memo"],
      unchanged: ["Letters"],
      removed: ["Old"],
    });
  });
});

describe("classesOf: the project's locale goes with its date and amount fields (issue 24 §2)", () => {
  it("fills the locale of each date and amount field without one, and nothing else", () => {
    const doc = sampleProjectDocument({ locale: "de-DE" });
    doc.documentClasses[0]!.fields[1] = { ...doc.documentClasses[0]!.fields[1]!, locale: "en-US" };
    const [invoice, letter] = classesOf(doc);
    expect(invoice!.fields.map((f) => [f.name, f.locale])).toEqual([
      ["invoiceNumber", undefined],
      ["total", "en-US"],
      ["date", "de-DE"],
    ]);
    expect(letter!.fields[0]).not.toHaveProperty("locale");
  });

  it("fills the text of each field without one, of every type (issue 24 §1)", () => {
    const doc = sampleProjectDocument({ text: "layout" });
    doc.documentClasses[0]!.fields[0] = { ...doc.documentClasses[0]!.fields[0]!, text: "reading" };
    const [invoice, letter] = classesOf(doc);
    expect(invoice!.fields.map((f) => [f.name, f.text])).toEqual([
      ["invoiceNumber", "reading"],
      ["total", "layout"],
      ["date", "layout"],
    ]);
    expect(letter!.fields[0]).toMatchObject({ text: "layout" });
    expect(letter!.fields[0]).not.toHaveProperty("locale");
  });

  it("keeps the fields as they are without a project locale or text", () => {
    const doc = sampleProjectDocument();
    expect(classesOf(doc).map((c) => c.fields)).toEqual(doc.documentClasses.map((c) => c.fields));
    expect(classesOf(doc)[0]!.fields[2]).toBe(doc.documentClasses[0]!.fields[2]);
  });
});
