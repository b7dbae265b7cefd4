import { z } from "zod";
import { AUDIT_CATEGORIES, AUDIT_OPERATIONS } from "@/db/schema/audit";
import {
  AUDIT_EXPORT_MAX,
  ZAuditExportQuery,
  ZAuditPage,
  ZAuditSearchQuery,
  ZAuditSystem,
  ZAuditSystemQuery,
} from "@/lib/audit/schemas";
import { defineContract } from "../contract";

/**
 * spec operations §7 "Audit trail" (DESIGN.md "Operational areas" → Audit trail; docs/decisions.md "Audit trail").
 * No contract-level permission: ManageAdminAuditTrail (Supersystem) reads every system's rows, ManageAuditTrail its
 * own system's, and neither role list holds the other's roles; lib/audit/access.ts decides per call. The portal reads
 * the export with its browser session.
 */
const base = { tag: "Audit trail", auth: "bearer" } as const;
const ITEM = {
  id: 4711,
  timestamp: "2025-03-15T10:30:00.000Z",
  category: "Project",
  operation: "Update",
  systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  systemName: "Acme",
  project: "Invoices",
  username: "admin",
  deputy: "Acme",
  value: '{"id":"0b8e2f9c-1d2a-4c3b-9e4f-5a6b7c8d9e0f","name":"Invoices","previousName":"Invoice"}',
};
const names = (example: string[]) => z.array(z.string()).meta({ examples: [example] });

export const searchAuditTrailContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail",
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["ManageAuditTrail", "ManageAdminAuditTrail"],
  summary:
    "Search the audit trail, newest first: `value` with `*` wildcards (case-insensitive, against the change's JSON " +
    "text), categories[] and operations[] in bracket form (or plain: categories=User&categories=Project), systemId, project, user, start, end, pageSize, page (0-based)",
  query: ZAuditSearchQuery,
  response: ZAuditPage,
  example: { response: { items: [ITEM], totalCount: 1, pageNumber: 0, pageSize: 25 } },
  errors: ["EndBeforeStart", "SystemNotFound"],
});

export const auditCategoriesContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail/categories",
  summary: "The categories of the audit trail (spec operations §3)",
  response: z.array(z.enum(AUDIT_CATEGORIES)).meta({ examples: [[...AUDIT_CATEGORIES]] }),
  errors: ["AccessDenied"],
});

export const auditOperationsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail/operations",
  summary: "The operations of the audit trail (spec operations §3)",
  response: z.array(z.enum(AUDIT_OPERATIONS)).meta({ examples: [[...AUDIT_OPERATIONS]] }),
  errors: ["AccessDenied"],
});

export const auditSystemsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail/systems",
  summary:
    "The systems the caller may search: for ManageAdminAuditTrail the Supersystem, every system and the ids of " +
    "deleted systems with rows (name null); otherwise the caller's own system",
  response: z.array(ZAuditSystem),
  example: {
    response: [
      { id: "0b8f6a3e-2c1d-4e5f-9a7b-3c4d5e6f7a8b", name: "Supersystem" },
      { id: ITEM.systemId, name: "Acme" },
      { id: "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a", name: null },
    ],
  },
  errors: ["AccessDenied"],
});

export const auditProjectsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail/projects",
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["ManageAuditTrail", "ManageAdminAuditTrail"],
  summary: "The project names that occur in the rows of a system (default: the caller's own), by name",
  query: ZAuditSystemQuery,
  response: names(["Invoices", "Orders"]),
  errors: ["SystemNotFound"],
});

export const auditUsersContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail/users",
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["ManageAuditTrail", "ManageAdminAuditTrail"],
  summary: "The user names that occur in the rows of a system (default: the caller's own), by name",
  query: ZAuditSystemQuery,
  response: names(["admin", "jane", "system"]),
  errors: ["SystemNotFound"],
});

export const exportAuditTrailContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/v3/audittrail/export",
  // before the input is read: a caller who may do none of it gets 403, not a field error (issue 23 walk)
  permission: ["ManageAuditTrail", "ManageAdminAuditTrail"],
  summary: `The whole result of a search (the search's query without paging) as CSV, newest first; at most ${AUDIT_EXPORT_MAX} rows`,
  query: ZAuditExportQuery,
  download: { mediaType: "text/csv", fileName: "audittrail-{date}.csv" },
  session: true,
  errors: ["EndBeforeStart", "SystemNotFound", "AuditExportTooLarge"],
});
