import { and, eq, isNotNull, lt, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences, sessions, users } from "@/db/schema";
import { refreshCsbLicence } from "@/lib/licences/services/refresh-csb-licence";
import { log } from "@/lib/log";
import { QUEUES } from "@/lib/queue/queues";
import { cleanUpJobs } from "./clean-up-jobs";

/** Expired sessions are kept this long for reference, then purged. */
const SESSION_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * LoginMaintenance (DESIGN.md "Lockout"): clears locks that have run out and purges sessions long
 * expired or revoked. Idempotent: running it twice changes nothing more.
 */
export async function processMaintenance(db: Database, data: unknown, now = new Date()) {
  const { task } = QUEUES.maintenance.payload.parse(data);
  switch (task) {
    case "LoginMaintenance": {
      const unlocked = await db
        .update(users)
        .set({ lockoutEnd: null, failedAccessCount: 0 })
        .where(and(isNotNull(users.lockoutEnd), lt(users.lockoutEnd, now)))
        .returning({ id: users.id });
      const before = new Date(now.getTime() - SESSION_RETENTION_MS);
      const purged = await db
        .delete(sessions)
        .where(or(lt(sessions.refreshValidUntil, before), lt(sessions.revokedAt, before)))
        .returning({ id: sessions.id });
      log.info({ task, unlocked: unlocked.length, purgedSessions: purged.length }, "maintenance done");
      return { unlocked: unlocked.length, purgedSessions: purged.length };
    }
    case "CleanUpJobsV2": {
      const result = await cleanUpJobs(db, now);
      log.info({ task, ...result }, "maintenance done");
      return result;
    }
    case "CsbLicenceUpdater": {
      // DESIGN.md "Cloud-service (CSB) licence": refreshed by this task; one failing source does not stop the others
      const sources = await db.select({ id: licences.id }).from(licences).where(eq(licences.source, "csb"));
      let refreshed = 0;
      for (const { id } of sources) {
        try {
          await refreshCsbLicence(db, { caller: null, id });
          refreshed++;
        } catch (err) {
          log.error({ task, licenceId: id, err }, "cloud licence refresh failed");
        }
      }
      log.info({ task, refreshed, failed: sources.length - refreshed }, "maintenance done");
      return { refreshed, failed: sources.length - refreshed };
    }
    default: {
      const never: never = task;
      throw new Error(`unknown maintenance task ${String(never)}`);
    }
  }
}
