import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters, type Project, projects, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { inArea, projectForCaller, systemForProjects } from "@/lib/projects/queries";
import type { LEARN_PROJECT_TYPES } from "@/lib/projects/rules";
import { CLUSTER_LOCK_LAPSE_MS } from "./clusters/rules";
import type { LearnProjectDto } from "./schemas";

type LearnType = (typeof LEARN_PROJECT_TYPES)[number];

export function toLearnProjectDto(p: Project, systemName: string): LearnProjectDto {
  return {
    id: p.id,
    name: p.name,
    systemId: p.systemId,
    systemName,
    version: p.version,
    // the row is of a learn type: inArea("learn") or projectForCaller(…, "learn") chose it
    type: p.type as LearnType,
    updating: p.updating,
    deletedAt: p.deletedAt?.toISOString() ?? null,
    linkedProjectId: p.linkedProjectId,
    learn: p.learnSettings ?? null,
  };
}

/** GET v3/systems/{id}/learnProjects: a system's learn projects by name, the soft-deleted ones only when asked. */
export async function listLearnProjects(
  db: Database,
  params: { systemId: string; includeDeleted?: boolean },
): Promise<LearnProjectDto[]> {
  const rows = await db
    .select({ project: projects, systemName: systems.name })
    .from(projects)
    .innerJoin(systems, eq(systems.id, projects.systemId))
    .where(
      and(
        eq(projects.systemId, params.systemId),
        inArea("learn"),
        params.includeDeleted ? undefined : isNull(projects.deletedAt),
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((r) => toLearnProjectDto(r.project, r.systemName));
}

/**
 * A learn project the caller manages (deleted ones too: they are read, never changed); 404 when unknown, foreign or
 * an extraction project, 403 in its own system without ManageProjects.
 */
export async function learnProjectForCaller(db: Database, caller: Caller, id: string) {
  return projectForCaller(db, caller, id, "learn");
}

/** The learn list of a system the caller manages projects of (GET v3/systems/{id}/learnProjects, GET v3/learn/projects). */
export async function learnProjectsForCaller(
  db: Database,
  opts: { caller: Caller; systemId: string; includeDeleted: boolean },
): Promise<LearnProjectDto[]> {
  const system = await systemForProjects(db, opts.caller, opts.systemId);
  return listLearnProjects(db, { systemId: system.id, includeDeleted: opts.includeDeleted });
}

/**
 * The condition "the cluster's lock is held at `now`" (lib/learn/clusters/rules.ts lockHeld): taken, and its holder seen within
 * CLUSTER_LOCK_LAPSE_MS. `alias` names the clusters' table in a subquery of raw SQL.
 */
export function lockHeldSql(now: Date = new Date(), alias?: string): SQL {
  const since = new Date(now.getTime() - CLUSTER_LOCK_LAPSE_MS).toISOString();
  if (alias) {
    const c = sql.raw(alias);
    return sql`(${c}.locked_at is not null and coalesce(${c}.lock_seen, ${c}.locked_at) > ${since}::timestamptz)`;
  }
  return sql`(${learnClusters.lockedAt} is not null and coalesce(${learnClusters.lockSeen}, ${learnClusters.lockedAt}) > ${since}::timestamptz)`;
}

/**
 * The learn project that exports its clusters into an extraction project (projects.linked_project_id; at most one),
 * for the extraction project's page: its id, name and whether it is deleted. Undefined when none is linked.
 */
export async function linkedLearnProjectOf(db: Database, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, deletedAt: projects.deletedAt })
    .from(projects)
    .where(and(eq(projects.linkedProjectId, projectId), inArea("learn")));
  return row;
}
