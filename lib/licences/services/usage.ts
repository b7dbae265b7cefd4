import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licenceUsage, systems } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { periodKey, resolveFeature } from "../features";
import { licenceGraph, usageMap, usageOf } from "../queries";

/**
 * Counts `amount` of a feature (Pages, Documents, Jobs, …) against a system's licence (DESIGN.md
 * "Processing a job"): a virtual licence serves it from its first child that has it available. A system
 * without a licence is not limited. Refused with LicenceLimitReached when no licence can serve it.
 */
export async function recordFeatureUsage(
  db: Database,
  opts: { systemId: string; featureId: string; amount: number; now?: Date },
): Promise<{ licenceId: string | null }> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [system] = await tx.select({ licenceId: systems.licenceId }).from(systems).where(eq(systems.id, opts.systemId));
    if (!system?.licenceId) return { licenceId: null };
    // one counter at a time per installation: two jobs cannot both take the last pages
    await tx.execute(sql`select pg_advisory_xact_lock(4912503)`);
    const nodes = await licenceGraph(tx);
    const used = usageOf(await usageMap(tx, [...nodes.keys()]), now);
    // a licence counts as available only when it can take the whole amount (usage + amount <= limit),
    // so a virtual licence passes a job its primary cannot finish on to the next child
    const wouldUse: typeof used = (licenceId, featureId, status) =>
      used(licenceId, featureId, status) + Math.max(0, opts.amount - 1);
    const served = resolveFeature(nodes, system.licenceId, opts.featureId, wouldUse, now);
    if (!served) throw new AppError("LicenceLimitReached", { feature: opts.featureId });
    const period = periodKey(served.state.status, now);
    await tx
      .insert(licenceUsage)
      .values({ licenceId: served.licenceId, featureId: opts.featureId, period, count: opts.amount })
      .onConflictDoUpdate({
        target: [licenceUsage.licenceId, licenceUsage.featureId, licenceUsage.period],
        set: { count: sql`${licenceUsage.count} + ${opts.amount}` },
      });
    return { licenceId: served.licenceId };
  });
}
