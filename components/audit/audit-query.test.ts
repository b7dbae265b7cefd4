import { describe, expect, it } from "vitest";
import {
  activeAuditFilterCount,
  auditEndBeforeStart,
  auditExportHref,
  auditFiltersToQuery,
  auditSearchQuery,
  EMPTY_AUDIT_FILTERS,
  readAuditFilters,
  wrappedValue,
} from "./audit-query";

describe("the audit trail's search in the URL query", () => {
  it("reads bracket arrays (one value or several), drops unknown categories and operations", () => {
    const filters = readAuditFilters({
      value: "invoice",
      "categories[]": ["Project", "Job", "User"],
      "operations[]": "Delete",
      systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      start: "2025-03-01T00:00:00.000Z",
    });
    expect(filters).toEqual({
      ...EMPTY_AUDIT_FILTERS,
      value: "invoice",
      categories: ["User", "Project"],
      operations: ["Delete"],
      systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      start: "2025-03-01T00:00:00.000Z",
    });
    expect(readAuditFilters({})).toEqual(EMPTY_AUDIT_FILTERS);
  });

  it("writes the page's query as typed and the API's with the value wrapped in *", () => {
    const filters = { ...EMPTY_AUDIT_FILTERS, value: " in*ce ", categories: ["User" as const, "Project" as const], user: "max" };
    expect(auditFiltersToQuery(filters, { wrap: false }).toString()).toBe(
      "value=in*ce&categories%5B%5D=User&categories%5B%5D=Project&user=max",
    );
    expect(auditFiltersToQuery(filters, { wrap: true }).get("value")).toBe("*in*ce*");
    expect(auditSearchQuery(filters, 50).toString()).toMatch(/&pageSize=50&page=0$/);
    expect(auditExportHref(EMPTY_AUDIT_FILTERS)).toBe("/api/v3/audittrail/export");
    expect(auditExportHref({ ...EMPTY_AUDIT_FILTERS, value: "x" })).toBe("/api/v3/audittrail/export?value=*x*");
    expect(wrappedValue("  ")).toBe("");
  });

  it("knows an end before the start (spec operations §5) and counts the applied filters", () => {
    expect(auditEndBeforeStart({ start: "2025-03-02T00:00:00Z", end: "2025-03-01T23:59:59Z" })).toBe(true);
    expect(auditEndBeforeStart({ start: "2025-03-01T00:00:00Z", end: "2025-03-01T00:00:00Z" })).toBe(false);
    expect(auditEndBeforeStart({ start: "", end: "2025-03-01T00:00:00Z" })).toBe(false);
    expect(activeAuditFilterCount(EMPTY_AUDIT_FILTERS)).toBe(0);
    expect(activeAuditFilterCount({ ...EMPTY_AUDIT_FILTERS, value: "a", categories: ["User", "System"], end: "x" })).toBe(3);
  });
});
