import { and, asc, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnDocuments, learnModels, type Project, projects } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { type ClusterResult, closestDocuments, clusterKeywords, embed, type LearnModel } from "@/lib/learn/engine";
import { assertLearnable, isFixedCluster, learnOptions } from "@/lib/learn/runs/rules";
import type { LearnRunSummary } from "@/lib/learn/runs/schemas";
import { fromVectorBytes } from "@/lib/learn/vector-bytes";
import { type LearnClaim, reportProgress } from "./claim";
import { clusterFor, fitModelFor } from "./compute";
import { type ClusterBefore, planWrite, progressTotal, type RunKind, runKind } from "./plan";
import { type ClusterRow, deferWhileLocked, LearnClustersChanged, readClusters } from "./snapshot";
import { type Computed, writeLearnRun } from "./write";

/** Keywords a run keeps per cluster, and sample documents (closest to the centroid). */
export const KEYWORDS = 10;
export const SAMPLES = 3;
/** Documents embedded between two looks at the event loop (and, at most every PROGRESS_EVERY_MS, a progress write). */
const EMBED_CHUNK = 250;
const PROGRESS_EVERY_MS = 1000;
/** A run recomputes this often when people changed clusters while it ran; then it ends in Error. */
const CONFLICT_RETRIES = 2;
/** Texts read per statement (the ids of clusters whose keywords are computed again). */
const TEXT_CHUNK = 5000;

type Doc = { id: number; clusterId: string | null; text?: string; vector?: Float32Array };

/**
 * One learn run of a claimed run (docs/decisions.md "Learn runs and export"): reads the project, its clusters and
 * documents, embeds and clusters with the engine (a full run fits the model anew), computes keywords and samples of the
 * clusters that changed, and writes everything in one transaction (./write.ts). Progress is written every second while
 * it embeds. Throws AppError for a project that may not be learned now, LearnRunDeferred while a cluster is locked (at
 * the start or at the write), LearnClustersChanged when people kept changing clusters meanwhile, LearnClaimLost when
 * the run was taken over.
 */
export async function executeLearnRun(db: Database, claim: LearnClaim): Promise<LearnRunSummary> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptLearnRun(db, claim);
    } catch (error) {
      if (!(error instanceof LearnClustersChanged) || attempt >= CONFLICT_RETRIES) throw error;
    }
  }
}

async function attemptLearnRun(db: Database, claim: LearnClaim): Promise<LearnRunSummary> {
  const [project] = await db.select().from(projects).where(eq(projects.id, claim.run.projectId));
  if (!project) throw new AppError("ProjectNotFound");
  assertLearnable(project);
  const clusters = await readClusters(db, project.id);
  deferWhileLocked(clusters);
  const [stored] = await db.select({ model: learnModels.model }).from(learnModels).where(eq(learnModels.projectId, project.id));
  let kind = runKind({ onlyChanged: claim.run.onlyChanged, hasModel: stored !== undefined });
  let docs: Doc[] = [];
  let model = stored?.model as LearnModel | undefined;
  if (kind === "incremental" && model) {
    docs = await readIncremental(db, project.id, model.dimension);
    // vectors of another dimension than the model's cannot be placed against it: the run becomes a full one
    if (docs.some((d) => d.vector === undefined && d.text === undefined)) kind = "full";
  }
  if (kind === "full") docs = await readAll(db, project.id);

  const toEmbed = docs.filter((d) => d.vector === undefined);
  const total = progressTotal(kind, docs.length, toEmbed.length);
  let done = 0;
  let lastReport = 0;
  const report = async (units: number, force = false) => {
    done = Math.min(total, done + units);
    if (!force && Date.now() - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = Date.now();
    await reportProgress(db, claim, { done, total });
  };
  await report(0, true);

  if (kind === "full" && docs.length > 0) {
    model = await fitModelFor(docs.map((d) => d.text ?? ""));
    await report(docs.length, true);
  }
  if (model) {
    for (let i = 0; i < toEmbed.length; i += EMBED_CHUNK) {
      const chunk = toEmbed.slice(i, i + EMBED_CHUNK);
      for (const d of chunk) d.vector = embed(model, d.text ?? "");
      await report(chunk.length);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  const before = clustersBefore(clusters, docs);
  const result = await cluster(docs, before, kind, project);
  await report(kind === "full" ? docs.length : toEmbed.length, true);

  const plan = planWrite({ kind, before, result });
  const computed = await describeClusters(db, { model, docs, plan });
  return writeLearnRun(db, {
    claim,
    project,
    kind,
    model: kind === "full" && docs.length > 0 ? model : undefined,
    clusters,
    docs,
    plan,
    computed,
    total,
  });
}

/** Every document with its text (a full run embeds them all with the refitted model). */
async function readAll(db: Database, projectId: string): Promise<Doc[]> {
  const rows = await db
    .select({ id: learnDocuments.id, clusterId: learnDocuments.clusterId, text: learnDocuments.text })
    .from(learnDocuments)
    .where(eq(learnDocuments.projectId, projectId))
    .orderBy(asc(learnDocuments.id));
  return rows.map((r) => ({ id: r.id, clusterId: r.clusterId, text: r.text }));
}

/**
 * An incremental run's documents: the learned ones with their stored vectors (no text: the texts of clusters that
 * change are read later, see describeClusters) and the pending ones (no vector yet) with their texts. A learned vector
 * of another dimension comes back with neither (the caller turns the run into a full one).
 */
async function readIncremental(db: Database, projectId: string, dimension: number): Promise<Doc[]> {
  const [learned, pending] = await Promise.all([
    db
      .select({ id: learnDocuments.id, clusterId: learnDocuments.clusterId, vector: learnDocuments.vector })
      .from(learnDocuments)
      .where(and(eq(learnDocuments.projectId, projectId), isNotNull(learnDocuments.learnedAt), isNotNull(learnDocuments.vector))),
    db
      .select({ id: learnDocuments.id, clusterId: learnDocuments.clusterId, text: learnDocuments.text })
      .from(learnDocuments)
      .where(and(eq(learnDocuments.projectId, projectId), or(isNull(learnDocuments.learnedAt), isNull(learnDocuments.vector)))),
  ]);
  const docs: Doc[] = learned.map((r) => {
    const vector = r.vector ? fromVectorBytes(r.vector) : undefined;
    return { id: r.id, clusterId: r.clusterId, vector: vector?.length === dimension ? vector : undefined };
  });
  docs.push(...pending.map((r) => ({ id: r.id, clusterId: r.clusterId, text: r.text })));
  return docs.sort((a, b) => a.id - b.id);
}

function clustersBefore(clusters: readonly ClusterRow[], docs: readonly Doc[]): ClusterBefore[] {
  const members = new Map<string, number[]>(clusters.map((c) => [c.id, []]));
  for (const d of docs) if (d.clusterId) members.get(d.clusterId)?.push(d.id);
  return clusters.map((c) => ({ id: c.id, fixed: isFixedCluster(c), members: members.get(c.id) ?? [], stale: c.stale }));
}

async function cluster(
  docs: readonly Doc[],
  before: readonly ClusterBefore[],
  kind: RunKind,
  project: Project,
): Promise<ClusterResult> {
  const withVectors = docs.filter((d): d is Doc & { vector: Float32Array } => d.vector !== undefined);
  if (!withVectors.length) {
    // no documents: the fixed clusters stay (empty), the others go
    return {
      clusters: before.filter((c) => c.fixed).map((c) => ({ key: c.id, members: [], centroid: new Float32Array(0) })),
      unclustered: [],
    };
  }
  return clusterFor({
    documents: withVectors.map((d) => ({ key: String(d.id), vector: d.vector })),
    clusters: before.map((c) => ({ key: c.id, fixed: c.fixed, members: c.members.map(String) })),
    options: { ...learnOptions(project.learnSettings), onlyChanged: kind === "incremental" },
  });
}

/**
 * Keywords and samples of the clusters the plan recomputes (all after a full run; the changed, new and stale ones after
 * an incremental run). Texts not at hand (learned documents of an incremental run) are read for those clusters only.
 */
async function describeClusters(
  db: Database,
  opts: { model: LearnModel | undefined; docs: readonly Doc[]; plan: ReturnType<typeof planWrite> },
): Promise<Computed> {
  const { model, docs, plan } = opts;
  const byId = new Map(docs.map((d) => [d.id, d]));
  const targets = [
    ...plan.updates.filter((u) => u.recompute).map((u) => ({ key: `u:${u.id}`, members: u.members, centroid: u.centroid })),
    ...plan.inserts.map((c, i) => ({ key: `n:${i}`, members: c.members, centroid: c.centroid })),
  ];
  const missing = [...new Set(targets.flatMap((t) => t.members))].filter((id) => byId.get(id)?.text === undefined);
  const texts = new Map<number, string>();
  for (const d of docs) if (d.text !== undefined) texts.set(d.id, d.text);
  for (let i = 0; i < missing.length; i += TEXT_CHUNK) {
    const rows = await db
      .select({ id: learnDocuments.id, text: learnDocuments.text })
      .from(learnDocuments)
      .where(inArray(learnDocuments.id, missing.slice(i, i + TEXT_CHUNK)));
    for (const r of rows) texts.set(r.id, r.text);
  }
  const out: Computed = new Map();
  for (const t of targets) {
    const keywords = model
      ? clusterKeywords(
          model,
          t.members.flatMap((m) => texts.get(m) ?? []),
          KEYWORDS,
        )
      : [];
    const members = t.members.flatMap((m) => {
      const vector = byId.get(m)?.vector;
      return vector ? [{ key: String(m), vector }] : [];
    });
    const samples = closestDocuments(t.centroid, members, SAMPLES).map(Number);
    out.set(t.key, { keywords, samples });
  }
  return out;
}
