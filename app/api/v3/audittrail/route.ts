import { searchAuditTrailContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { searchAuditTrail } from "@/lib/audit/queries";
import { toAuditFilters } from "@/lib/audit/schemas";

export const GET = route(searchAuditTrailContract, async ({ db, caller, query }) =>
  searchAuditTrail(db, { caller, search: { ...toAuditFilters(query), page: query.page, pageSize: query.pageSize } }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
