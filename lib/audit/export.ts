import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { CSV_BOM, csvLine } from "@/lib/csv";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { auditBatches, auditFilterFor, countAudit } from "./queries";
import { AUDIT_EXPORT_MAX, type AuditFilters, type AuditItem } from "./schemas";

/** The columns of the export: the item's fields, the timestamp in UTC (ISO 8601). */
export const AUDIT_CSV_HEADER = [
  "id",
  "timestamp",
  "category",
  "operation",
  "systemId",
  "system",
  "project",
  "user",
  "deputy",
  "value",
] as const;

export function auditCsvRow(item: AuditItem): string {
  return csvLine([
    item.id,
    item.timestamp,
    item.category,
    item.operation,
    item.systemId,
    item.systemName,
    item.project,
    item.username,
    item.deputy,
    item.value,
  ]);
}

/**
 * GET v3/audittrail/export: the whole result of a search as CSV (UTF-8 with byte order mark), newest first, streamed
 * in batches as the client reads. The access is that of the search; a result above AUDIT_EXPORT_MAX rows is refused
 * before anything is sent (AuditExportTooLarge), so that a download is never cut short silently.
 */
export async function auditExport(
  db: Database,
  opts: { caller: Caller; filters: AuditFilters; now?: Date },
): Promise<{ fileName: string; stream: ReadableStream<Uint8Array> }> {
  const filter = await auditFilterFor(db, opts.caller, opts.filters.systemId);
  const count = await countAudit(db, filter, opts.filters);
  if (count > AUDIT_EXPORT_MAX) throw new AppError("AuditExportTooLarge", { count, max: AUDIT_EXPORT_MAX });
  const batches = auditBatches(db, filter, opts.filters);
  const encoder = new TextEncoder();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(AUDIT_CSV_HEADER)));
        return;
      }
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(auditCsvRow).join("")));
      } catch (err) {
        log.error({ err }, "audit trail export failed");
        controller.error(err);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = (opts.now ?? new Date()).toISOString().slice(0, 10);
  return { fileName: `audittrail-${day}.csv`, stream };
}
