import { auditProjectsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listAuditNames } from "@/lib/audit/queries";

export const GET = route(auditProjectsContract, async ({ db, caller, query }) =>
  listAuditNames(db, { caller, systemId: query.systemId, column: "project" }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
