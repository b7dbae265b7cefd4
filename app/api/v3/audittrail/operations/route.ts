import { AUDIT_OPERATIONS } from "@/db/schema/audit";
import { auditOperationsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertReadsAuditTrail } from "@/lib/audit/queries";

export const GET = route(auditOperationsContract, async ({ caller }) => {
  assertReadsAuditTrail(caller);
  return [...AUDIT_OPERATIONS];
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
