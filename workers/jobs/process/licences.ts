import type { Database } from "@/db/client";
import { AppError } from "@/lib/errors/app-error";
import { removeStored } from "@/lib/files/store";
import { recordFeatureUsages } from "@/lib/licences/services/record-feature-usage";
import { failed, type Prepared } from "./prepared";

/**
 * The batch's Ready jobs against their systems' licences (one transaction per system and feature): a learn project's
 * job first takes one `LearnDocuments` per document it keeps, then every job its `Pages`. A job a licence refuses
 * ends in Error with LicenceLimitReached naming the feature, and takes nothing of the features after it.
 */
export async function countLicenceFeatures(db: Database, batch: Prepared[]): Promise<Prepared[]> {
  const list = [...batch];
  await countFeature(db, list, "LearnDocuments", (p) => (p.kept ? p.kept.length : null));
  await countFeature(db, list, "Pages", (p) => p.metrics.pages);
  return list;
}

/** One feature for the Ready jobs of `list` that `amountOf` gives an amount (null: the feature is not theirs). */
async function countFeature(
  db: Database,
  list: Prepared[],
  featureId: string,
  amountOf: (p: Prepared) => number | null,
): Promise<void> {
  const bySystem = new Map<string, { index: number; amount: number }[]>();
  list.forEach((p, index) => {
    const amount = p.state === "Ready" ? amountOf(p) : null;
    if (amount === null) return;
    const systemId = p.claim.job.systemId;
    bySystem.set(systemId, [...(bySystem.get(systemId) ?? []), { index, amount }]);
  });
  for (const [systemId, entries] of bySystem) {
    const results = await recordFeatureUsages(db, { systemId, featureId, amounts: entries.map((e) => e.amount) });
    for (const [k, { index }] of entries.entries()) {
      const p = list[index];
      if (!p || !results[k] || !("refused" in results[k])) continue;
      await removeStored(p.attemptDir);
      list[index] = failed(p, new AppError("LicenceLimitReached", { feature: featureId }));
    }
  }
}
