import { and, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { archivedPeriods, auditTrail, systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { type ArchiveColumn, type ArchiveScope, type ArchiveSource, isoText, periodRows, timedRows } from "./archive-source";
import { downloadTypeNumber } from "./rules";

const t = auditTrail;
const TYPE = downloadTypeNumber("AuditTrail");
/** Rows deleted per statement by `clean`: short transactions however much is cleaned. */
const CLEAN_BATCH = 10_000;

/** spec operations §3 "Audit-trail item" plus the ids, the system's name and the deputy. */
const COLUMNS: ArchiveColumn[] = [
  { name: "id", value: t.id, raw: true },
  { name: "timestamp", value: isoText(t.timestamp, true) },
  { name: "category", value: t.category },
  { name: "operation", value: t.operation },
  { name: "systemId", value: t.systemId },
  { name: "system", value: systems.name },
  { name: "projectId", value: t.projectId },
  { name: "project", value: t.project },
  { name: "userId", value: t.userId },
  { name: "username", value: t.username },
  { name: "deputy", value: t.deputy },
  { name: "value", value: t.value },
];
export const AUDIT_ARCHIVE_COLUMNS = COLUMNS.map((c) => c.name);

function inScope(scope: ArchiveScope): SQL | undefined {
  if (scope.kind === "all") return undefined;
  // rows without a system (changes in the admin portal) belong to the Supersystem's archive
  return scope.withoutSystem ? or(eq(t.systemId, scope.systemId), isNull(t.systemId)) : eq(t.systemId, scope.systemId);
}

/**
 * The audit trail as its archives hold it (AuditTrailArchiver, and the downloads page's "archive now"). Deleting audit
 * rows is itself recorded: `clean` writes, for each deleted batch (at most CLEAN_BATCH rows), one row of the trail
 * naming the task and the count, in the batch's transaction.
 */
export const auditTrailSource: ArchiveSource = {
  type: "AuditTrail",
  displayStem: "AuditTrail",
  entryStem: "audit-trail",
  columns: AUDIT_ARCHIVE_COLUMNS,

  ...timedRows({ table: t, time: t.timestamp, systemId: t.systemId, key: t.id, inScope }),

  ...periodRows({
    columns: COLUMNS,
    from: sql`${t} left join ${systems} on ${systems.id} = ${t.systemId}`,
    time: t.timestamp,
    key: t.id,
    inScope,
    analyze: [t, systems],
  }),

  async clean(db, { before, systemId, supersystemId, task }) {
    const archived = sql`exists (select 1 from ${archivedPeriods} p where p.type = ${TYPE} and p.rows > 0
      and ${t.timestamp} >= p.period_start and ${t.timestamp} < p.period_end
      and ${systemId ? sql`p.target = ${systemId}` : sql`(p.target = 'all' or p.target = coalesce(${t.systemId}::text, ${supersystemId}))`})`;
    const due = and(lt(t.timestamp, before), systemId ? eq(t.systemId, systemId) : undefined, archived);
    let deleted = 0;
    for (;;) {
      // each batch and the audit-trail row that records it in one transaction: no rows gone unrecorded
      const count = await db.transaction(async (tx) => {
        const batch = tx.select({ id: t.id }).from(t).where(due).limit(CLEAN_BATCH);
        const rows = await tx.delete(t).where(inArray(t.id, batch)).returning({ id: t.id });
        if (rows.length > 0) {
          await writeAudit(tx, null, {
            category: "SchedulerTask",
            operation: "Delete",
            systemId,
            value: { task: task.name, function: task.function, deletedArchivedRows: rows.length },
          });
        }
        return rows.length;
      });
      deleted += count;
      if (count < CLEAN_BATCH) return deleted;
    }
  },
};
