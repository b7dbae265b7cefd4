import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { projectJsonSchema } from "./json-schema";
import { PROJECT_FILE_EXAMPLE, ZProjectDocument } from "./schemas";

describe("the JSON Schema of project.json (issue 24 §3)", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(projectJsonSchema());

  it("accepts its example, which the upload's own check accepts too and which uses every option", () => {
    expect(validate(PROJECT_FILE_EXAMPLE), JSON.stringify(validate.errors)).toBe(true);
    expect(ZProjectDocument.safeParse(PROJECT_FILE_EXAMPLE).success).toBe(true);
    const text = JSON.stringify(PROJECT_FILE_EXAMPLE);
    for (const option of [
      "requiredKeywords",
      "excludeKeywords",
      "priority",
      "lines",
      "match",
      "value",
      "locale",
      "dateFormats",
      "decimalSeparator",
      '"text"',
      "lookup",
      "replace",
      "requiredPatterns",
    ])
      expect(text).toContain(option);
    for (const match of ["last", "sum", "all", "max"]) expect(text).toContain(`"match":"${match}"`);
  });

  it("refuses what the upload refuses where a JSON Schema can say it", () => {
    const wrong = (change: (doc: Record<string, any>) => void) => {
      const doc = JSON.parse(JSON.stringify(PROJECT_FILE_EXAMPLE));
      change(doc);
      return validate(doc);
    };
    expect(wrong((d) => (d.documentClasses[0].fields[3].match = "median"))).toBe(false);
    expect(wrong((d) => (d.documentClasses[0].priority = "high"))).toBe(false);
    expect(wrong((d) => (d.documentClasses[0].lines.columns.qty = "money"))).toBe(false);
    expect(wrong((d) => (d.text = "columns"))).toBe(false);
    expect(wrong((d) => delete d.documentClasses)).toBe(false);
  });

  it("describes every member of a class, a field and line items", () => {
    const schema = projectJsonSchema() as any;
    const documentClass = schema.properties.documentClasses.items;
    for (const part of [schema, documentClass, documentClass.properties.fields.items, documentClass.properties.lines])
      for (const [name, member] of Object.entries(part.properties as Record<string, { description?: string }>))
        expect(member.description, name).toBeTruthy();
  });
});
