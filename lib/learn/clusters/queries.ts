import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type LearnCluster, learnClusters, learnDocuments } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { learnProjectForCaller, lockHeldSql } from "../queries";
import { listLearnRuns } from "../runs/queries";
import type { LearnRunDto } from "../runs/schemas";
import { excerptOf, lockHeld } from "./rules";
import {
  DOCUMENT_EXCERPT_CHARS,
  type LearnClusterChoice,
  type LearnClusterDocumentPage,
  type LearnClusterDto,
  type LearnCounts,
  type LearnDocumentDto,
  SAMPLE_EXCERPT_CHARS,
  SAMPLES_PER_CLUSTER,
} from "./schemas";

// Reads of a learn project's clusters, documents and runs (DESIGN.md "Learn"). The functions named …ForCaller check
// the caller (ManageProjects in the project's system, 404 for a foreign one) first; the others take a project the
// caller was checked for (the learn portal's pages, the services after their change).

type Sample = LearnClusterDto["samples"][number];

/** Enough of a text for an excerpt of `chars` after its white space is collapsed. */
const head = (chars: number) => sql<string>`left(${learnDocuments.text}, ${chars * 2})`;

/**
 * The sample documents of clusters (docs/decisions.md "Learn clusters"): the run's choice (`sample_ids`, best first)
 * where those are still members, then the cluster's first documents by id, up to SAMPLES_PER_CLUSTER.
 */
async function samplesOf(db: Database, clusters: readonly LearnCluster[]): Promise<Map<string, Sample[]>> {
  const result = new Map<string, Sample[]>(clusters.map((c) => [c.id, []]));
  if (!clusters.length) return result;
  const ids = clusters.map((c) => c.id);
  const chosenIds = clusters.flatMap((c) => c.sampleIds.slice(0, SAMPLES_PER_CLUSTER));
  const columns = {
    documentId: learnDocuments.id,
    clusterId: learnDocuments.clusterId,
    jobId: learnDocuments.jobId,
    file: learnDocuments.file,
    text: head(SAMPLE_EXCERPT_CHARS),
  };
  const chosen = chosenIds.length
    ? await db
        .select(columns)
        .from(learnDocuments)
        .where(and(inArray(learnDocuments.id, chosenIds), inArray(learnDocuments.clusterId, ids)))
    : [];
  // the first documents of each cluster, through the (cluster_id, id) index
  const first: unknown = await db.execute(
    sql`select d.id as "documentId", d.cluster_id as "clusterId", d.job_id as "jobId", d.file, d.text
        from ${learnClusters}
        cross join lateral (
          select id, cluster_id, job_id, file, left(text, ${SAMPLE_EXCERPT_CHARS * 2}) as text
          from ${learnDocuments} where cluster_id = ${learnClusters.id} order by id limit ${SAMPLES_PER_CLUSTER}
        ) d
        where ${inArray(learnClusters.id, ids)}`,
  );
  // postgres.js answers the rows, PGlite an object holding them
  const firstRows = (Array.isArray(first) ? first : (first as { rows: unknown[] }).rows) as typeof chosen;
  for (const cluster of clusters) {
    const own = (rows: typeof chosen) => rows.filter((r) => r.clusterId === cluster.id);
    const byRun = own(chosen).sort((a, b) => cluster.sampleIds.indexOf(a.documentId) - cluster.sampleIds.indexOf(b.documentId));
    const picked = [...byRun, ...own(firstRows).filter((r) => !byRun.some((s) => s.documentId === r.documentId))];
    result.set(
      cluster.id,
      picked.slice(0, SAMPLES_PER_CLUSTER).map((r) => ({
        documentId: Number(r.documentId),
        jobId: r.jobId === null ? null : Number(r.jobId),
        file: r.file,
        excerpt: excerptOf(r.text, SAMPLE_EXCERPT_CHARS),
      })),
    );
  }
  return result;
}

/** Clusters as the API answers them, with their samples. */
export async function toClusterDtos(db: Database, clusters: readonly LearnCluster[]): Promise<LearnClusterDto[]> {
  const samples = await samplesOf(db, clusters);
  const now = new Date();
  return clusters.map((c) => {
    // a lapsed lock is nobody's (lib/learn/clusters/rules.ts lockHeld): shown free
    const held = lockHeld(c, now);
    return {
      id: c.id,
      number: c.number,
      name: c.name,
      complete: c.complete,
      locked: held,
      lockedBy: held ? c.lockedByName : null,
      lockedById: held ? c.lockedBy : null,
      lockedAt: held ? (c.lockedAt?.toISOString() ?? null) : null,
      size: c.size,
      keywords: c.keywords,
      samples: samples.get(c.id) ?? [],
      updated: c.updated.toISOString(),
    };
  });
}

/** A project's clusters by number. */
export async function projectClusters(db: Database, projectId: string): Promise<LearnClusterDto[]> {
  const rows = await db
    .select()
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number));
  return toClusterDtos(db, rows);
}

/** One cluster of a project; 404 LearnClusterNotFound when the project has no such cluster. */
export async function projectCluster(db: Database, projectId: string, clusterId: string): Promise<LearnClusterDto> {
  const [row] = await db
    .select()
    .from(learnClusters)
    .where(and(eq(learnClusters.projectId, projectId), eq(learnClusters.id, clusterId)));
  if (!row) throw new AppError("LearnClusterNotFound");
  const [dto] = await toClusterDtos(db, [row]);
  if (!dto) throw new AppError("LearnClusterNotFound");
  return dto;
}

/** A page of a cluster's documents, by id. */
export async function clusterDocuments(
  db: Database,
  params: { projectId: string; clusterId: string; page: number; pageSize: number },
): Promise<LearnClusterDocumentPage> {
  const where = and(eq(learnDocuments.projectId, params.projectId), eq(learnDocuments.clusterId, params.clusterId));
  const [total] = await db.select({ n: count() }).from(learnDocuments).where(where);
  const rows = await db
    .select({
      id: learnDocuments.id,
      jobId: learnDocuments.jobId,
      file: learnDocuments.file,
      pages: learnDocuments.pages,
      text: head(DOCUMENT_EXCERPT_CHARS),
      created: learnDocuments.created,
    })
    .from(learnDocuments)
    .where(where)
    .orderBy(asc(learnDocuments.id))
    .limit(params.pageSize)
    .offset(params.page * params.pageSize);
  return {
    items: rows.map(({ text, created, ...r }) => ({
      ...r,
      excerpt: excerptOf(text, DOCUMENT_EXCERPT_CHARS),
      created: created.toISOString(),
    })),
    totalCount: total?.n ?? 0,
  };
}

/** One document of a project with its whole text; 404 LearnDocumentNotFound. */
export async function projectDocument(db: Database, projectId: string, documentId: number): Promise<LearnDocumentDto> {
  const [row] = await db
    .select()
    .from(learnDocuments)
    .where(and(eq(learnDocuments.projectId, projectId), eq(learnDocuments.id, documentId)));
  if (!row) throw new AppError("LearnDocumentNotFound");
  return {
    id: row.id,
    clusterId: row.clusterId,
    jobId: row.jobId,
    file: row.file,
    pages: row.pages,
    created: row.created.toISOString(),
    learnedAt: row.learnedAt?.toISOString() ?? null,
    text: row.text,
  };
}

/** The figures of a project's overview: its documents by where they stand, its clusters by how far they are. */
export async function learnCounts(db: Database, projectId: string): Promise<LearnCounts> {
  const [documents] = await db
    .select({
      documents: count(),
      clustered: count(learnDocuments.clusterId),
      pending: sql<number>`count(*) filter (where ${learnDocuments.learnedAt} is null)`.mapWith(Number),
      unclustered:
        sql<number>`count(*) filter (where ${learnDocuments.learnedAt} is not null and ${learnDocuments.clusterId} is null)`.mapWith(
          Number,
        ),
    })
    .from(learnDocuments)
    .where(eq(learnDocuments.projectId, projectId));
  const [clusters] = await db
    .select({
      clusters: count(),
      named: count(learnClusters.name),
      complete: sql<number>`count(*) filter (where ${learnClusters.complete})`.mapWith(Number),
      locked: sql<number>`count(*) filter (where ${lockHeldSql()})`.mapWith(Number),
    })
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId));
  return {
    documents: documents?.documents ?? 0,
    clustered: documents?.clustered ?? 0,
    pending: documents?.pending ?? 0,
    unclustered: documents?.unclustered ?? 0,
    clusters: clusters?.clusters ?? 0,
    named: clusters?.named ?? 0,
    complete: clusters?.complete ?? 0,
    locked: clusters?.locked ?? 0,
  };
}

/** A project's latest learn runs, newest first (none before its first run). */
export async function latestRuns(db: Database, projectId: string, limit = 5): Promise<LearnRunDto[]> {
  return (await listLearnRuns(db, { projectId, page: 0, pageSize: limit })).items;
}

/** GET v3/learn/projects/{id}/clusters. */
export async function clustersForCaller(db: Database, opts: { caller: Caller; projectId: string }) {
  const { project } = await learnProjectForCaller(db, opts.caller, opts.projectId);
  return projectClusters(db, project.id);
}

/** GET v3/learn/projects/{id}/clusters/{clusterId}/documents. */
export async function clusterDocumentsForCaller(
  db: Database,
  opts: { caller: Caller; projectId: string; clusterId: string; page: number; pageSize: number },
) {
  const { project } = await learnProjectForCaller(db, opts.caller, opts.projectId);
  await projectCluster(db, project.id, opts.clusterId);
  return clusterDocuments(db, { ...opts, projectId: project.id });
}

/** GET v3/learn/projects/{id}/documents/{documentId}. */
export async function documentForCaller(db: Database, opts: { caller: Caller; projectId: string; documentId: number }) {
  const { project } = await learnProjectForCaller(db, opts.caller, opts.projectId);
  return projectDocument(db, project.id, opts.documentId);
}

/** GET v3/learn/projects/{id}/clusters/{clusterId}. */
export async function clusterForCaller(db: Database, opts: { caller: Caller; projectId: string; clusterId: string }) {
  const { project } = await learnProjectForCaller(db, opts.caller, opts.projectId);
  return projectCluster(db, project.id, opts.clusterId);
}

/** A page of a project's clusters by number (the learn portal's overview). */
export async function pagedClusters(
  db: Database,
  projectId: string,
  paging: { page: number; pageSize: number },
): Promise<{ items: LearnClusterDto[]; totalCount: number }> {
  const [total] = await db.select({ n: count() }).from(learnClusters).where(eq(learnClusters.projectId, projectId));
  const rows = await db
    .select()
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number))
    .limit(paging.pageSize)
    .offset(paging.page * paging.pageSize);
  return { items: await toClusterDtos(db, rows), totalCount: total?.n ?? 0 };
}

/** A project's clusters as a choice (merge with, move to): number, name, size and the lock's holder, by number. */
export async function clusterChoices(db: Database, projectId: string): Promise<LearnClusterChoice[]> {
  const rows = await db
    .select({
      id: learnClusters.id,
      number: learnClusters.number,
      name: learnClusters.name,
      size: learnClusters.size,
      lockedById: learnClusters.lockedBy,
      lockedBy: learnClusters.lockedByName,
      lockedAt: learnClusters.lockedAt,
      lockSeen: learnClusters.lockSeen,
    })
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number));
  const now = new Date();
  return rows.map(({ lockedAt, lockSeen, lockedBy, lockedById, ...r }) => {
    const held = lockHeld({ lockedAt, lockSeen }, now);
    return { ...r, locked: held, lockedBy: held ? lockedBy : null, lockedById: held ? lockedById : null };
  });
}
