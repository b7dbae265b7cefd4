import { auditSystemsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listAuditSystems } from "@/lib/audit/queries";

export const GET = route(auditSystemsContract, async ({ db, caller }) => listAuditSystems(db, caller));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
