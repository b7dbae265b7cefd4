import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licenceChildren, licences, systems } from "@/db/schema";
import { type AlertLevel, computeAlerts, daysLeft, highestLevel, type LicenceAlert } from "@/lib/licences/alerts";
import { featureState, remaining } from "@/lib/licences/features";
import { usageMap, usageOf } from "@/lib/licences/queries";

/** A limited feature of a licence: its limit in the current period, what is used and what is left. */
export type FeatureFigure = { id: string; limit: number; usage: number; left: number; percentUsed: number };

/**
 * A licence as the dashboards and the metrics show it: days to its expiration and what its limited features have
 * left, with the alerts of its own alert configuration (lib/licences/alerts.ts: by default 30 days, 80 % used), so
 * the dashboard warns exactly when the licence page and the LicenceAlertsNotifier do.
 */
export type LicenceFigure = {
  id: string;
  name: string;
  isVirtual: boolean;
  expiration: string | null;
  /** whole days to the expiration (0 on its last day, negative when past); null without one (virtual) */
  daysLeft: number | null;
  features: FeatureFigure[];
  alerts: LicenceAlert[];
  level: AlertLevel | null;
};

async function figuresOf(db: Database, where: { ids?: string[] }, now: Date): Promise<LicenceFigure[]> {
  if (where.ids && !where.ids.length) return [];
  const rows = await db
    .select({
      id: licences.id,
      name: licences.name,
      isVirtual: licences.isVirtual,
      expiration: licences.expiration,
      features: licences.features,
      alertConfiguration: licences.alertConfiguration,
    })
    .from(licences)
    .where(where.ids ? inArray(licences.id, where.ids) : undefined)
    .orderBy(asc(licences.name));
  const used = usageOf(
    await usageMap(
      db,
      rows.map((r) => r.id),
    ),
    now,
  );
  return rows.map((row) => {
    const states = row.features.map((f) => featureState(f, used(row.id, f.id, f.status), now));
    const alerts = row.expiration
      ? computeAlerts({ expiration: row.expiration, features: states, config: row.alertConfiguration, now })
      : [];
    const features = row.features.flatMap((f, i): FeatureFigure[] => {
      const usage = states[i]?.usage ?? 0;
      const left = remaining(f, usage);
      if (left === null || !f.limit) return [];
      return [{ id: f.id, limit: f.limit, usage, left, percentUsed: Math.floor((usage * 100) / f.limit) }];
    });
    return {
      id: row.id,
      name: row.name,
      isVirtual: row.isVirtual,
      expiration: row.expiration,
      daysLeft: row.expiration ? daysLeft(row.expiration, now) : null,
      features,
      alerts,
      level: highestLevel(alerts),
    };
  });
}

/** Every licence (the admin dashboard, the metrics). */
export function allLicenceFigures(db: Database, params: { now?: Date } = {}): Promise<LicenceFigure[]> {
  return figuresOf(db, {}, params.now ?? new Date());
}

/**
 * The licence of one system and, when it is virtual, the licences that serve it (its children, their children, …):
 * the system dashboard. Empty when the system has no licence (it is not limited).
 */
export async function systemLicenceFigures(db: Database, params: { systemId: string; now?: Date }): Promise<LicenceFigure[]> {
  const [system] = await db.select({ licenceId: systems.licenceId }).from(systems).where(eq(systems.id, params.systemId));
  if (!system?.licenceId) return [];
  const ids = [system.licenceId];
  // the child tree, each licence once (a cycle is refused when children are set, but a stored one must not loop here)
  for (let level = [system.licenceId]; level.length; ) {
    const children = await db
      .select({ childId: licenceChildren.childId })
      .from(licenceChildren)
      .where(inArray(licenceChildren.parentId, level))
      .orderBy(asc(licenceChildren.position));
    level = children.map((c) => c.childId).filter((id) => !ids.includes(id));
    ids.push(...level);
  }
  const figures = await figuresOf(db, { ids }, params.now ?? new Date());
  // the system's own licence first, then the ones that serve it in their order
  return ids.flatMap((id) => figures.filter((f) => f.id === id));
}

/** The licences the dashboards name: those with an alert, the most severe first. */
export function licencesNeedingAttention(figures: readonly LicenceFigure[]): LicenceFigure[] {
  const rank = (f: LicenceFigure) => (f.level === "expired" ? 0 : f.level === "critical" ? 1 : 2);
  return figures.filter((f) => f.level !== null).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
