import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Licence, licenceChildren, licences, licenceUsage, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { AppError } from "@/lib/errors/app-error";
import { canReadLicences } from "./access";
import { computeAlerts, highestLevel } from "./alerts";
import { featureState, type LicenceNode, periodKey } from "./features";
import type { LicenceBasicDto, LicenceDto } from "./schemas";

/** Every licence as a node of the parent–child graph (for cycle checks and feature resolution). */
export async function licenceGraph(db: Database): Promise<Map<string, LicenceNode>> {
  const [rows, links] = await Promise.all([
    db
      .select({ id: licences.id, expiration: licences.expiration, features: licences.features, isVirtual: licences.isVirtual })
      .from(licences),
    db.select().from(licenceChildren).orderBy(asc(licenceChildren.parentId), asc(licenceChildren.position)),
  ]);
  const nodes = new Map<string, LicenceNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      expiration: r.expiration ?? "9999-12-31",
      features: r.features,
      children: [],
      isVirtual: r.isVirtual,
    });
  }
  for (const l of links) nodes.get(l.parentId)?.children.push(l.childId);
  return nodes;
}

/** Usage of every feature of the given licences in the current period of its status. */
export async function usageMap(db: Database, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(licenceUsage).where(inArray(licenceUsage.licenceId, ids));
  return new Map(rows.map((r) => [`${r.licenceId}|${r.featureId}|${r.period}`, r.count]));
}

export function usageOf(map: Map<string, number>, now: Date) {
  return (licenceId: string, featureId: string, status: Parameters<typeof periodKey>[0]) =>
    map.get(`${licenceId}|${featureId}|${periodKey(status, now)}`) ?? 0;
}

function basic(
  row: Licence,
  usage: Map<string, number>,
  now: Date,
): LicenceBasicDto & { featureStates: ReturnType<typeof featureState>[] } {
  const used = usageOf(usage, now);
  const featureStates = row.features.map((f) => featureState(f, used(row.id, f.id, f.status), now));
  const alerts = row.expiration
    ? computeAlerts({ expiration: row.expiration, features: featureStates, config: row.alertConfiguration, now })
    : [];
  return {
    id: row.id,
    name: row.name,
    customer: row.customer,
    isVirtual: row.isVirtual,
    source: row.source,
    expiration: row.expiration,
    alerts,
    level: highestLevel(alerts),
    featureStates,
  };
}

/** GET v3/licences and /basic: physical and virtual licences with their alerts. */
export async function listLicences(db: Database, params: { now?: Date } = {}): Promise<LicenceBasicDto[]> {
  const now = params.now ?? new Date();
  const rows = await db.select().from(licences).orderBy(asc(licences.name));
  const usage = await usageMap(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const { featureStates: _, ...dto } = basic(r, usage, now);
    return dto;
  });
}

/** GET v3/licences/{id}: one licence with feature states (usage of the current period) and children. */
export async function getLicence(db: Database, params: { id: string; now?: Date }): Promise<LicenceDto | undefined> {
  const now = params.now ?? new Date();
  const [row] = await db.select().from(licences).where(eq(licences.id, params.id));
  if (!row) return undefined;
  const children = await db
    .select({ childId: licenceChildren.childId })
    .from(licenceChildren)
    .where(eq(licenceChildren.parentId, row.id))
    .orderBy(asc(licenceChildren.position));
  const { featureStates, ...dto } = basic(row, await usageMap(db, [row.id]), now);
  return {
    ...dto,
    system: row.systemId,
    station: row.station,
    mac: row.mac,
    issued: row.issued,
    features: featureStates,
    childLicences: children.map((c) => c.childId),
    alertConfiguration: row.alertConfiguration,
    csbUrl: row.csbUrl,
    csbCustomer: row.csbCustomer,
    csbUsername: row.csbUsername,
    csbPassword: row.csbPasswordEnc ? SECRET_PLACEHOLDER : null,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
  };
}

/** GET v3/licences/{id}/parents: the virtual licences that contain it. */
export async function licenceParents(db: Database, params: { id: string }): Promise<LicenceBasicDto[]> {
  const parents = await db
    .select({ id: licenceChildren.parentId })
    .from(licenceChildren)
    .where(eq(licenceChildren.childId, params.id));
  const ids = new Set(parents.map((p) => p.id));
  return (await listLicences(db)).filter((l) => ids.has(l.id));
}

/** The systems that use a licence (spec foundation §2 licence detail; its call path is not shown). */
export async function systemsUsingLicence(db: Database, params: { id: string }) {
  return db
    .select({ id: systems.id, name: systems.name })
    .from(systems)
    .where(eq(systems.licenceId, params.id))
    .orderBy(asc(systems.name));
}

/**
 * A licence for the caller: licence readers see any; a system's administrators see the one it uses. Refused, the
 * licence of the caller's own system (and, in the Supersystem, whose portal administers licences, any licence) is
 * 403; any other is 404 as if it did not exist, so that a tenant cannot probe for licence ids (lib/auth/access.ts).
 */
export async function readLicence(db: Database, caller: Caller, id: string): Promise<LicenceDto> {
  const licence = await getLicence(db, { id });
  if (licence && canReadLicences(caller)) return licence;
  const [own] = await db.select({ licenceId: systems.licenceId }).from(systems).where(eq(systems.id, caller.systemId));
  const ownLicence = own?.licenceId === id;
  if (licence && ownLicence && hasPermission(caller.roles, "ManageSystemConfig")) return licence;
  if (licence && (ownLicence || isSupersystemName(caller.systemName))) throw new AppError("AccessDenied");
  throw new AppError("LicenceNotFound", { id });
}

/** A licence of the child tree on the detail page (spec foundation §2); an unknown child id has no name. */
export type LicenceTreeNode = { id: string; name?: string; children: LicenceTreeNode[] };

/** The child tree of a virtual licence in order (primary first), nested for virtual children up to `depth` levels. */
export async function licenceChildTree(db: Database, params: { ids: string[]; depth?: number }): Promise<LicenceTreeNode[]> {
  const depth = params.depth ?? 5;
  const children = await Promise.all(params.ids.map((id) => getLicence(db, { id })));
  return Promise.all(
    children.map(async (child, i) =>
      child
        ? {
            id: child.id,
            name: child.name,
            children:
              child.isVirtual && depth > 0 ? await licenceChildTree(db, { ids: child.childLicences, depth: depth - 1 }) : [],
          }
        : { id: params.ids[i] ?? "", children: [] },
    ),
  );
}
