import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licenceAlertNotices, systems } from "@/db/schema";
import { ALERT_LEVELS, type AlertLevel } from "@/lib/licences/alerts";
import { licenceGraph, listLicences } from "@/lib/licences/queries";
import type { LicenceBasicDto } from "@/lib/licences/schemas";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail/send-mail";
import { composeLicenceAlertMail } from "@/lib/mail/templates";
import { TASK_CONFIG_SCHEMAS } from "@/lib/scheduler/functions";
import { type MailRecipient, usersToMail } from "@/lib/users/queries";
import type { TaskFunction } from "./types";

const rank = (level: AlertLevel) => ALERT_LEVELS.indexOf(level);

/**
 * LicenceAlertsNotifier (DESIGN.md "Licence alerts"; docs/decisions.md): computes each licence's alert level in scope
 * (lib/licences, as the licence pages show it) and, when a licence reaches a level worse than the one this task last
 * notified (warning → critical → expired), notifies once:
 * - notifyViaEventLog: one structured warn line in the server log (`event: "licenceAlert"`);
 * - notifyViaEmail: a mail in each recipient's language to the licence administrators.
 * The level notified is kept per licence and task (licence_alert_notices); when the licence gets better (renewed,
 * limits raised, a new period) the kept level follows it down, so a later worsening notifies again. With neither
 * channel enabled nothing is notified and nothing kept. A mail that cannot be sent keeps the level unnoticed, so the
 * next run tries again, and the run ends in error after the other licences were handled.
 *
 * Scope and recipients: the global run covers every licence and mails the active users of the Supersystem who manage
 * licences (ManageAdminLicence) and the administrators (ManageSystemConfig) of the systems that use the licence,
 * directly or through a virtual licence. A system's run covers the licence that system uses (and, for a virtual one,
 * its children) and mails that system's administrators only.
 */
export const licenceAlertsNotifier: TaskFunction = async ({ db, task, systemId, now }) => {
  const config = TASK_CONFIG_SCHEMAS.LicenceAlertsNotifier.parse(task.configuration);
  const graph = await licenceGraph(db);
  const systemLicences = await db
    .select({ id: systems.id, name: systems.name, licenceId: systems.licenceId, type: systems.type })
    .from(systems)
    .where(isNotNull(systems.licenceId));

  let inScope = await listLicences(db, { now });
  if (systemId) {
    const own = systemLicences.find((s) => s.id === systemId)?.licenceId;
    const ids = own ? descendants(graph, own) : new Set<string>();
    inScope = inScope.filter((l) => ids.has(l.id));
  }
  const notices = new Map(
    (await db.select().from(licenceAlertNotices).where(eq(licenceAlertNotices.taskId, task.id))).map((n) => [n.licenceId, n]),
  );
  const channels = config.notifyViaEventLog || config.notifyViaEmail;

  let notified = 0;
  let atLevel = 0;
  let reset = 0;
  const failures: string[] = [];
  for (const licence of inScope) {
    const previous = notices.get(licence.id)?.level ?? null;
    const level = licence.level;
    if (level) atLevel++;
    if (!level || (previous && rank(level) < rank(previous))) {
      // better than notified: the kept level follows it down (none left when it raises no alert)
      if (previous) {
        if (level)
          await db
            .update(licenceAlertNotices)
            .set({ level, notifiedAt: now })
            .where(and(eq(licenceAlertNotices.licenceId, licence.id), eq(licenceAlertNotices.taskId, task.id)));
        else
          await db
            .delete(licenceAlertNotices)
            .where(and(eq(licenceAlertNotices.licenceId, licence.id), eq(licenceAlertNotices.taskId, task.id)));
        reset++;
      }
      continue;
    }
    if (previous === level || !channels) continue;

    if (config.notifyViaEventLog) {
      log.warn(
        {
          event: "licenceAlert",
          task: task.name,
          taskId: task.id,
          systemId,
          licenceId: licence.id,
          licenceName: licence.name,
          level,
          previousLevel: previous,
          alerts: licence.alerts,
        },
        `licence ${licence.id} reached alert level ${level}`,
      );
    }
    if (config.notifyViaEmail) {
      const systemIds = systemId ? [systemId] : systemsUsing(graph, systemLicences, licence.id);
      try {
        for (const r of await recipients(db, { global: !systemId, systemIds })) {
          await sendMail(
            db,
            composeLicenceAlertMail({
              ...r,
              to: r.email,
              licence: { id: licence.id, name: licence.name },
              level,
              alerts: licence.alerts,
            }),
          );
        }
      } catch (err) {
        log.error({ task: task.name, licenceId: licence.id, err }, "licence alert mail failed");
        failures.push(`${licence.id}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
    }
    await db
      .insert(licenceAlertNotices)
      .values({ licenceId: licence.id, taskId: task.id, level, notifiedAt: now })
      .onConflictDoUpdate({
        target: [licenceAlertNotices.licenceId, licenceAlertNotices.taskId],
        set: { level, notifiedAt: now },
      });
    notified++;
  }

  const message = channels
    ? `${notified} licence alert(s) notified, ${atLevel} of ${inScope.length} licence(s) at an alert level, ${reset} reset`
    : `no notification channel enabled; ${atLevel} of ${inScope.length} licence(s) at an alert level`;
  if (failures.length) throw new Error(`${message}; mail failed for ${failures.join("; ")}`);
  return { message, details: { notified, atLevel, licences: inScope.length, reset } };
};

/** The licence and, for a virtual one, its children at any depth. */
function descendants(graph: Awaited<ReturnType<typeof licenceGraph>>, id: string): Set<string> {
  const seen = new Set<string>();
  const visit = (x: string) => {
    if (seen.has(x)) return;
    seen.add(x);
    for (const child of graph.get(x)?.children ?? []) visit(child);
  };
  visit(id);
  return seen;
}

/** The tenant systems that use a licence: directly, or through a virtual licence holding it at any depth. */
function systemsUsing(
  graph: Awaited<ReturnType<typeof licenceGraph>>,
  systemLicences: { id: string; licenceId: string | null; type: string }[],
  licenceId: LicenceBasicDto["id"],
): string[] {
  return systemLicences
    .filter((s) => s.type !== "Super" && s.licenceId && descendants(graph, s.licenceId).has(licenceId))
    .map((s) => s.id);
}

/** The Supersystem's licence administrators (global run) and the systems' administrators, one mail per address. */
async function recipients(db: Database, opts: { global: boolean; systemIds: string[] }): Promise<MailRecipient[]> {
  const found = [
    ...(opts.global ? await usersToMail(db, { permission: "ManageAdminLicence", supersystem: true }) : []),
    ...(await usersToMail(db, { permission: "ManageSystemConfig", systemIds: opts.systemIds })),
  ];
  return [...new Map(found.map((r) => [r.email.toLowerCase(), r])).values()];
}
