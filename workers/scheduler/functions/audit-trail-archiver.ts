import { auditTrailSource } from "@/lib/downloads/audit-trail-source";
import { runArchiver } from "./archiver";
import type { TaskFunction } from "./types";

/**
 * AuditTrailArchiver (spec operations §3, §5, §9; DESIGN.md "Downloads"): the audit trail packed by month or week
 * (./archiver.ts); its rows as lib/downloads/audit-trail-source.ts reads and cleans them.
 */
export const auditTrailArchiver: TaskFunction = (run) => runArchiver(auditTrailSource, run);
