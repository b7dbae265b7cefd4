import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import {
  RESOURCE_LEVELS,
  RESOURCE_TYPES,
  type Resource,
  type ResourcePool,
  resourcePools,
  resources,
  systems,
} from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { isSupersystemName } from "@/lib/auth/permissions";
import { systemForCaller } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import { readStoredFile } from "@/lib/files/store";
import { managesResourcesOf } from "./access";
import { resourceFilePath } from "./files";
import { isResourceType, searchedLevels } from "./rules";
import type { PoolDetailDto, ResourceDto, ResourcePoolDto, SubtypeDto } from "./schemas";

export type ResourceSystem = { id: string; name: string; isSupersystem: boolean; canReadGlobalResources: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The system, when the caller manages its resources; 404 when unknown or foreign, 403 in the caller's own. */
export async function systemForResources(db: Database, caller: Caller, systemId: string): Promise<ResourceSystem> {
  const { id, name, canReadGlobalResources } = await systemForCaller(
    db,
    caller,
    { id: systemId },
    { may: (s) => managesResourcesOf(caller, s) },
  );
  return { id, name, canReadGlobalResources, isSupersystem: isSupersystemName(name) };
}

/** A type from a path segment: 400 ResourceTypeUnknown when it is none of spec §3's. */
export function resourceType(value: string) {
  if (!isResourceType(value)) throw new AppError("ResourceTypeUnknown", { type: value });
  return value;
}

export function toResourceDto(r: Resource): ResourceDto {
  return {
    id: r.id,
    systemId: r.systemId,
    projectId: r.projectId,
    name: r.name,
    type: r.type,
    level: r.level,
    subtype: r.pool,
    subtypeId: r.poolId,
    size: r.size,
    lastUpdate: r.lastUpdate.toISOString(),
  };
}

const byLevel = (level: string) => RESOURCE_LEVELS.indexOf(level as (typeof RESOURCE_LEVELS)[number]);

async function subtypesOf(db: Database, systemId: string, type?: string): Promise<SubtypeDto[]> {
  const rows = await db
    .select({ pool: resourcePools, count: count(resources.id) })
    .from(resourcePools)
    .leftJoin(resources, eq(resources.poolId, resourcePools.id))
    .where(and(eq(resourcePools.systemId, systemId), type ? eq(resourcePools.type, type as ResourcePool["type"]) : undefined))
    .groupBy(resourcePools.id)
    .orderBy(asc(sql`lower(${resourcePools.name})`), asc(resourcePools.level));
  return rows.map(({ pool, count }) => ({
    id: pool.id,
    name: pool.name,
    type: pool.type,
    level: pool.level,
    projectId: pool.projectId,
    count,
  }));
}

/** GET v3/resources/Pool/{systemId}: one entry per type (spec §3 "Resource pool"), each with its pools. */
export async function listResourcePools(db: Database, caller: Caller, systemId: string): Promise<ResourcePoolDto[]> {
  const system = await systemForResources(db, caller, systemId);
  const subtypes = await subtypesOf(db, system.id);
  return RESOURCE_TYPES.map((type) => ({
    id: type,
    name: type,
    systemId: system.id,
    subtypes: subtypes.filter((s) => s.type === type),
  }));
}

/** GET v3/resources/pools/{systemId}: every pool of the system, of all types. */
export async function listSubtypes(db: Database, caller: Caller, systemId: string): Promise<SubtypeDto[]> {
  const system = await systemForResources(db, caller, systemId);
  return subtypesOf(db, system.id);
}

/** GET v3/resources/{systemId}/{type}[?subtypeId]: the pools of a type with their resources (spec §3 "Pool detail"). */
export async function listPoolDetails(
  db: Database,
  caller: Caller,
  params: { systemId: string; type: string; subtypeId?: string },
): Promise<PoolDetailDto[]> {
  const type = resourceType(params.type);
  const system = await systemForResources(db, caller, params.systemId);
  const pools = (await subtypesOf(db, system.id, type)).filter((p) => !params.subtypeId || p.id === params.subtypeId);
  if (params.subtypeId && !pools.length) throw new AppError("ResourcePoolNotFound");
  const rows = pools.length
    ? await db
        .select()
        .from(resources)
        .where(
          inArray(
            resources.poolId,
            pools.map((p) => p.id),
          ),
        )
        .orderBy(asc(sql`lower(${resources.name})`))
    : [];
  return pools.map((subtype) => ({
    type,
    subtype,
    resources: rows.filter((r) => r.poolId === subtype.id).map(toResourceDto),
  }));
}

/** A pool of the system by id or name (the least specific level first for a name: System, Global, then projects). */
export async function findPool(db: Database, systemId: string, type: string, subtype: string): Promise<ResourcePool | undefined> {
  const match = UUID.test(subtype) ? eq(resourcePools.id, subtype) : sql`lower(${resourcePools.name}) = lower(${subtype})`;
  const rows = await db
    .select()
    .from(resourcePools)
    .where(and(eq(resourcePools.systemId, systemId), eq(resourcePools.type, type as ResourcePool["type"]), match));
  return rows.sort((a, b) => byLevel(b.level) - byLevel(a.level))[0];
}

/** GET v3/resources/{systemId}/{type}/{subtype}/{name}: the resource's row and bytes. */
export async function readResourceForDownload(
  db: Database,
  caller: Caller,
  params: { systemId: string; type: string; subtype: string; name: string },
): Promise<{ resource: Resource; bytes: Buffer }> {
  const type = resourceType(params.type);
  const system = await systemForResources(db, caller, params.systemId);
  const pool = await findPool(db, system.id, type, params.subtype);
  if (!pool) throw new AppError("ResourcePoolNotFound");
  const [resource] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.poolId, pool.id), sql`lower(${resources.name}) = lower(${params.name})`));
  if (!resource) throw new AppError("ResourceNotFound", { name: params.name });
  const bytes = await readStoredFile(resourceFilePath(resource)).catch(() => {
    throw new AppError("ResourceNotFound", { name: params.name });
  });
  return { resource, bytes };
}

/**
 * DESIGN.md "Resources": a resource by name as processing sees it, from the most specific level: ProjectCustomizing
 * and Project (of the job's project), System, then Global (the Supersystem's, only when the system has
 * canReadGlobalResources). Within a level, the first pool by name holds it. Null when no level has it.
 */
export async function resolveResource(
  db: Database,
  params: { systemId: string; projectId?: string | null; name: string; type: Resource["type"] },
): Promise<Resource | null> {
  const [system] = await db
    .select({ canReadGlobalResources: systems.canReadGlobalResources })
    .from(systems)
    .where(eq(systems.id, params.systemId));
  if (!system) return null;
  const levels = searchedLevels({ hasProject: Boolean(params.projectId), canReadGlobalResources: system.canReadGlobalResources });
  const scopes = levels.map((level) => {
    if (level === "Global") {
      return and(
        eq(resources.level, "Global"),
        sql`${resources.systemId} in (select ${systems.id} from ${systems} where lower(${systems.name}) = 'supersystem')`,
      );
    }
    return and(
      eq(resources.level, level),
      eq(resources.systemId, params.systemId),
      level === "System" ? isNull(resources.projectId) : eq(resources.projectId, params.projectId ?? ""),
    );
  });
  const rows = await db
    .select()
    .from(resources)
    .where(and(eq(resources.type, params.type), sql`lower(${resources.name}) = lower(${params.name})`, or(...scopes)))
    .orderBy(asc(sql`lower(${resources.pool})`));
  return rows.sort((a, b) => byLevel(a.level) - byLevel(b.level))[0] ?? null;
}

/** One pool of the system with its resources (the pool detail page), or null when the system has no such pool. */
export async function poolDetailOf(
  db: Database,
  caller: Caller,
  params: { systemId: string; subtypeId: string },
): Promise<PoolDetailDto | null> {
  if (!UUID.test(params.subtypeId)) return null;
  const system = await systemForResources(db, caller, params.systemId);
  const [pool] = await db
    .select({ type: resourcePools.type })
    .from(resourcePools)
    .where(and(eq(resourcePools.id, params.subtypeId), eq(resourcePools.systemId, system.id)));
  if (!pool) return null;
  const [detail] = await listPoolDetails(db, caller, { systemId: system.id, type: pool.type, subtypeId: params.subtypeId });
  return detail ?? null;
}
