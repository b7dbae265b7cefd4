import { AuditTrailSkeleton } from "@/components/audit/audit-trail-skeleton";

/** Shown at once while the search runs. */
export default AuditTrailSkeleton;
