import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { assertLearnProjectLive, learnDocumentText } from "./rules";

describe("learn rules", () => {
  it("keeps a document's text without the NUL characters PostgreSQL's text refuses", () => {
    expect(learnDocumentText("a\u0000b\u0000\u0000c")).toBe("abc");
    const clean = "Invoice\n\tTotal: 12 € \u{1F4C4}";
    expect(learnDocumentText(clean)).toBe(clean);
  });

  it("refuses a soft-deleted learn project with LearnProjectDeleted and its name", () => {
    expect(() => assertLearnProjectLive({ name: "Mail", deletedAt: null })).not.toThrow();
    try {
      assertLearnProjectLive({ name: "Mail", deletedAt: new Date() });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).entries).toEqual([{ code: "LearnProjectDeleted", params: { name: "Mail" } }]);
    }
  });
});
