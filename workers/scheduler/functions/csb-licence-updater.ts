import { and, eq } from "drizzle-orm";
import { licences, systems } from "@/db/schema";
import { refreshCsbLicence } from "@/lib/licences/services/refresh-csb-licence";
import { log } from "@/lib/log";
import type { TaskFunction } from "./types";

/**
 * CsbLicenceUpdater (DESIGN.md "Cloud-service (CSB) licence"): fetches every cloud licence from its source again.
 * One failing source does not stop the others: every source is tried, then a run with failures ends as an error whose
 * message has the counts and the failing licences (the task list shows it), a run without as ok with the counts. A
 * system's run refreshes only the cloud licence that system uses.
 */
export const csbLicenceUpdater: TaskFunction = async ({ db, systemId }) => {
  const sources = systemId
    ? await db
        .select({ id: licences.id })
        .from(licences)
        .innerJoin(systems, eq(systems.licenceId, licences.id))
        .where(and(eq(licences.source, "csb"), eq(systems.id, systemId)))
    : await db.select({ id: licences.id }).from(licences).where(eq(licences.source, "csb"));
  let refreshed = 0;
  const failures: { id: string; error: string }[] = [];
  for (const { id } of sources) {
    try {
      await refreshCsbLicence(db, { caller: null, id });
      refreshed++;
    } catch (err) {
      log.error({ task: "CsbLicenceUpdater", licenceId: id, err }, "cloud licence refresh failed");
      failures.push({ id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  const message = `${refreshed} cloud licence(s) refreshed, ${failures.length} failed`;
  log.info({ task: "CsbLicenceUpdater", refreshed, failed: failures.length }, "task done");
  if (failures.length) throw new Error(`${message}: ${failures.map((f) => `${f.id}: ${f.error}`).join("; ")}`);
  return { message, details: { refreshed, failed: failures.length, failures } };
};
