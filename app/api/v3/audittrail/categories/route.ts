import { AUDIT_CATEGORIES } from "@/db/schema/audit";
import { auditCategoriesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertReadsAuditTrail } from "@/lib/audit/queries";

export const GET = route(auditCategoriesContract, async ({ caller }) => {
  assertReadsAuditTrail(caller);
  return [...AUDIT_CATEGORIES];
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
