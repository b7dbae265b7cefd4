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
  const [result] = await recordFeatureUsages(db, { ...opts, amounts: [opts.amount] });
  if (!result || "refused" in result) throw new AppError("LicenceLimitReached", { feature: opts.featureId });
  return result;
}

export type UsageResult = { licenceId: string | null } | { refused: true };

/**
 * recordFeatureUsage for several amounts of one system at once (a batch of jobs), in one transaction: each amount is
 * served or refused in order, as if recorded one after the other.
 */
export async function recordFeatureUsages(
  db: Database,
  opts: { systemId: string; featureId: string; amounts: number[]; now?: Date },
): Promise<UsageResult[]> {
  const now = opts.now ?? new Date();
  const [system] = await db.select({ licenceId: systems.licenceId }).from(systems).where(eq(systems.id, opts.systemId));
  const licenceId = system?.licenceId;
  if (!licenceId) return opts.amounts.map(() => ({ licenceId: null }));
  return db.transaction(async (tx) => {
    // one counter at a time per installation: two jobs cannot both take the last pages
    await tx.execute(sql`select pg_advisory_xact_lock(4912503)`);
    const nodes = await licenceGraph(tx);
    const used = usageOf(await usageMap(tx, [...nodes.keys()]), now);
    // what this call has taken so far, per licence and period
    const taken = new Map<string, { licenceId: string; period: string; count: number }>();
    const results: UsageResult[] = [];
    for (const amount of opts.amounts) {
      // a licence counts as available only when it can take the whole amount (usage + amount <= limit),
      // so a virtual licence passes a job its primary cannot finish on to the next child
      const wouldUse: typeof used = (id, featureId, status) =>
        used(id, featureId, status) +
        (featureId === opts.featureId ? (taken.get(`${id}|${periodKey(status, now)}`)?.count ?? 0) : 0) +
        Math.max(0, amount - 1);
      const served = resolveFeature(nodes, licenceId, opts.featureId, wouldUse, now);
      if (!served) {
        results.push({ refused: true });
        continue;
      }
      const period = periodKey(served.state.status, now);
      const key = `${served.licenceId}|${period}`;
      const entry = taken.get(key) ?? { licenceId: served.licenceId, period, count: 0 };
      entry.count += amount;
      taken.set(key, entry);
      results.push({ licenceId: served.licenceId });
    }
    for (const t of taken.values()) {
      await tx
        .insert(licenceUsage)
        .values({ licenceId: t.licenceId, featureId: opts.featureId, period: t.period, count: t.count })
        .onConflictDoUpdate({
          target: [licenceUsage.licenceId, licenceUsage.featureId, licenceUsage.period],
          set: { count: sql`${licenceUsage.count} + ${t.count}` },
        });
    }
    return results;
  });
}
