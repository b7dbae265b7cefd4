import { describe, expect, it } from "vitest";
import type { StoredDocumentClass } from "@/db/schema";
import { exportContentHash } from "./content";

const rule: StoredDocumentClass = {
  name: "Memo",
  keywords: ["memorandum"],
  patterns: [],
  fields: [{ name: "date", pattern: "(\\d{4}-\\d{2}-\\d{2})", type: "date" }],
};
const learned: StoredDocumentClass = {
  name: "Invoices",
  keywords: [],
  patterns: [],
  fields: [],
  learned: true,
  centroid: "AACAPw==",
};

describe("the content hash of an export", () => {
  it("is the same for the classes as jsonb gives them back (keys in another order)", () => {
    const readBack = JSON.parse(
      '[{"name":"Memo","fields":[{"type":"date","name":"date","pattern":"(\\\\d{4}-\\\\d{2}-\\\\d{2})"}],"patterns":[],"keywords":["memorandum"]},' +
        '{"centroid":"AACAPw==","learned":true,"fields":[],"name":"Invoices","patterns":[],"keywords":[]}]',
    ) as StoredDocumentClass[];
    expect(exportContentHash(readBack, 0.5)).toBe(exportContentHash([rule, learned], 0.5));
  });

  it("differs when a centroid, a name, the order of the classes or the similarity differs", () => {
    const base = exportContentHash([rule, learned], 0.5);
    expect(exportContentHash([rule, { ...learned, centroid: "AAAAPw==" }], 0.5)).not.toBe(base);
    expect(exportContentHash([rule, { ...learned, name: "Bills" }], 0.5)).not.toBe(base);
    expect(exportContentHash([learned, rule], 0.5)).not.toBe(base);
    expect(exportContentHash([rule, learned], 0.6)).not.toBe(base);
    expect(exportContentHash([rule], 0.5)).not.toBe(base);
  });
});
