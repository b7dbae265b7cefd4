import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type LearnRun, learnClusters, learnDocuments, learnExports, learnRuns, projects, systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { isLearnType, LEARN_PROJECT_TYPES } from "@/lib/projects/rules";
import { clusterLabel } from "../clusters/rules";
import { learnProjectForCaller, lockHeldSql } from "../queries";
import type { LearnRunDto, LearnRunPage } from "./schemas";

export function toLearnRunDto(r: LearnRun): LearnRunDto {
  return {
    id: r.id,
    projectId: r.projectId,
    state: r.state,
    trigger: r.trigger,
    onlyChanged: r.onlyChanged,
    requestedBy: r.requestedByName,
    total: r.total,
    done: r.done,
    summary: r.summary ?? null,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
    errorParameter: r.errorParameter ?? null,
    waitingFor: null,
    created: r.created.toISOString(),
    started: r.started?.toISOString() ?? null,
    finished: r.finished?.toISOString() ?? null,
  };
}

/**
 * The runs as the API and the portal show them: a Waiting run of a project with a held cluster lock names that cluster
 * and its holder (`waitingFor`): it starts once the lock is released or lapses.
 */
export async function toLearnRunDtos(db: Database, runs: readonly LearnRun[]): Promise<LearnRunDto[]> {
  const dtos = runs.map(toLearnRunDto);
  for (const dto of dtos) {
    if (dto.state !== "Waiting") continue;
    const locked = await heldLockOf(db, dto.projectId);
    if (locked) dto.waitingFor = { cluster: clusterLabel(locked), user: locked.lockedByName ?? "?" };
  }
  return dtos;
}

/**
 * A learn project for a change a person or the service makes: the caller's (404 unknown or foreign, 403 without
 * ManageProjects), or, without a caller (a task, a setting), any learn project.
 */
export async function learnProjectFor(db: Database, caller: Caller | null, projectId: string) {
  if (caller) return learnProjectForCaller(db, caller, projectId);
  const [row] = await db
    .select({ project: projects, systemName: systems.name })
    .from(projects)
    .innerJoin(systems, eq(systems.id, projects.systemId))
    .where(eq(projects.id, projectId));
  if (!row || !isLearnType(row.project.type)) throw new AppError("ProjectNotFound");
  return row;
}

/** The run of a project that waits or runs (at most one: learn_runs_one_open_idx), if any. */
export async function openLearnRun(db: Database, projectId: string): Promise<LearnRun | undefined> {
  const [run] = await db
    .select()
    .from(learnRuns)
    .where(and(eq(learnRuns.projectId, projectId), inArray(learnRuns.state, ["Waiting", "Running"])));
  return run;
}

/** The first cluster of a project (by number) whose lock is held now, if any: what a learn run waits for. */
export async function heldLockOf(db: Database, projectId: string) {
  const [locked] = await db
    .select({ number: learnClusters.number, name: learnClusters.name, lockedByName: learnClusters.lockedByName })
    .from(learnClusters)
    .where(and(eq(learnClusters.projectId, projectId), lockHeldSql()))
    .orderBy(asc(learnClusters.number))
    .limit(1);
  return locked;
}

/** A project's runs, newest first. */
export async function listLearnRuns(
  db: Database,
  params: { projectId: string; page: number; pageSize: number },
): Promise<LearnRunPage> {
  const where = eq(learnRuns.projectId, params.projectId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(learnRuns)
      .where(where)
      .orderBy(desc(learnRuns.created), desc(learnRuns.id))
      .limit(params.pageSize)
      .offset(params.page * params.pageSize),
    db.select({ n: count() }).from(learnRuns).where(where),
  ]);
  return { items: await toLearnRunDtos(db, rows), totalCount: total?.n ?? 0 };
}

/** GET v3/learn/projects/{id}/runs: the runs of a learn project the caller manages. */
export async function learnRunsForCaller(
  db: Database,
  opts: { caller: Caller; projectId: string; page: number; pageSize: number },
): Promise<LearnRunPage> {
  const { project } = await learnProjectForCaller(db, opts.caller, opts.projectId);
  return listLearnRuns(db, { projectId: project.id, page: opts.page, pageSize: opts.pageSize });
}

/** GET v3/learn/projects/{id}/runs/{runId}: one run with its progress; 404 LearnRunNotFound when not of that project. */
export async function learnRunForCaller(
  db: Database,
  opts: { caller: Caller; projectId: string; runId: number },
): Promise<LearnRunDto> {
  const { project } = await learnProjectForCaller(db, opts.caller, opts.projectId);
  const [run] = await db
    .select()
    .from(learnRuns)
    .where(and(eq(learnRuns.id, opts.runId), eq(learnRuns.projectId, project.id)));
  if (!run) throw new AppError("LearnRunNotFound");
  const [dto] = await toLearnRunDtos(db, [run]);
  return dto ?? toLearnRunDto(run);
}

const timestamp = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(String(value)));

/**
 * The learn projects the run triggers look at (StartLearnEngine, GroupPendingDocuments, LearnCompleteCluster): live
 * ones (not deleted), of a system or of every system, each with what decides whether it gets a run or an export now.
 * One statement, a few subqueries per project along the tables' project indexes.
 */
export async function learnProjectsToWatch(db: Database, params: { systemId: string | null }) {
  // qualified: inside a subquery drizzle would name the outer column without its table
  const pid = sql.raw(`"projects"."id"`);
  const linked = sql.raw(`"projects"."linked_project_id"`);
  const rows = await db
    .select({
      id: projects.id,
      name: projects.name,
      systemId: projects.systemId,
      updating: projects.updating,
      linkedProjectId: projects.linkedProjectId,
      pending: sql<number>`(select count(*) from ${learnDocuments} d where d.project_id = ${pid} and d.learned_at is null)::int`,
      newestPending: sql<unknown>`(select max(d.created) from ${learnDocuments} d where d.project_id = ${pid} and d.learned_at is null)`,
      openRun: sql<boolean>`exists (select 1 from ${learnRuns} r where r.project_id = ${pid} and r.state in ('Waiting', 'Running'))`,
      locked: sql<boolean>`exists (select 1 from ${learnClusters} c where c.project_id = ${pid} and ${lockHeldSql(new Date(), "c")})`,
      lastRunState: sql<
        string | null
      >`(select r.state from ${learnRuns} r where r.project_id = ${pid} order by r.created desc, r.id desc limit 1)`,
      lastRunCode: sql<
        string | null
      >`(select r.error_code from ${learnRuns} r where r.project_id = ${pid} order by r.created desc, r.id desc limit 1)`,
      lastRunFinished: sql<unknown>`(select r.finished from ${learnRuns} r where r.project_id = ${pid} order by r.created desc, r.id desc limit 1)`,
      lastReady: sql<unknown>`(select max(r.finished) from ${learnRuns} r where r.project_id = ${pid} and r.state = 'Ready')`,
      clustersUpdated: sql<unknown>`(select max(c.updated) from ${learnClusters} c where c.project_id = ${pid})`,
      staleClusters: sql<boolean>`exists (select 1 from ${learnClusters} c where c.project_id = ${pid} and c.centroid is null and c.size > 0)`,
      exported: sql<unknown>`(select e.exported from ${learnExports} e where e.project_id = ${linked} and e.learn_project_id = ${pid})`,
    })
    .from(projects)
    .where(
      and(
        inArray(projects.type, [...LEARN_PROJECT_TYPES]),
        isNull(projects.deletedAt),
        params.systemId ? eq(projects.systemId, params.systemId) : undefined,
      ),
    )
    .orderBy(asc(projects.systemId), asc(projects.name));
  return rows.map((r) => ({
    ...r,
    newestPending: timestamp(r.newestPending),
    lastRunFinished: timestamp(r.lastRunFinished),
    lastReady: timestamp(r.lastReady),
    clustersUpdated: timestamp(r.clustersUpdated),
    exported: timestamp(r.exported),
  }));
}
export type WatchedLearnProject = Awaited<ReturnType<typeof learnProjectsToWatch>>[number];

/** The extraction projects of a system that a learn project may export into (spec §3 types Extraction, LinkedExtraction). */
export async function exportTargets(db: Database, systemId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.systemId, systemId), inArray(projects.type, ["Extraction", "LinkedExtraction"])))
    .orderBy(asc(projects.name));
}
