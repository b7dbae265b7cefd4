import { exportAuditTrailContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { auditExport } from "@/lib/audit/export";
import { toAuditFilters } from "@/lib/audit/schemas";

export const GET = route(exportAuditTrailContract, async ({ db, caller, query }) => {
  const { fileName, stream } = await auditExport(db, { caller, filters: toAuditFilters(query) });
  return new Response(stream, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"` },
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";
