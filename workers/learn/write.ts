import { eq, inArray, max, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters, learnDocuments, learnModels, learnRuns, type Project, projects } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import type { LearnModel } from "@/lib/learn/engine";
import { assertLearnable } from "@/lib/learn/runs/rules";
import type { LearnRunSummary } from "@/lib/learn/runs/schemas";
import { toVectorBytes } from "@/lib/learn/vector-bytes";
import { holds, type LearnClaim, LearnClaimLost } from "./claim";
import type { Destination, RunKind, WritePlan } from "./plan";
import { type ClusterRow, deferWhileLocked, fingerprint, LearnClustersChanged, readClusters } from "./snapshot";

/** Keywords and samples computed for a cluster: `u:<id>` an existing one, `n:<index>` a new one. */
export type Computed = Map<string, { keywords: string[]; samples: number[] }>;

/** Documents written per statement (4 parameters each). */
const DOCUMENT_CHUNK = 1000;

type WriteInput = {
  claim: LearnClaim;
  project: Project;
  kind: RunKind;
  /** a full run's refitted model */
  model: LearnModel | undefined;
  /** the clusters as the run read them */
  clusters: readonly ClusterRow[];
  docs: readonly { id: number; vector?: Float32Array; text?: string }[];
  plan: WritePlan;
  computed: Computed;
  total: number;
};

const centroidBytes = (c: Float32Array) => (c.length ? toVectorBytes(c) : null);

/**
 * The end of a learn run, in one transaction and only while the claim still holds: the project row FOR UPDATE (a split
 * taking the next number waits), the clusters FOR UPDATE and unchanged since they were read (else
 * LearnClustersChanged: the run computes again), none locked (else LearnRunDeferred: it waits); then the model (full run), the clusters (kept ones
 * updated, new ones numbered on from the project's highest number, dissolved or emptied non-fixed ones removed, sizes
 * counted from the members), the documents (cluster, vector, learned_at) and the run Ready with its summary.
 */
export async function writeLearnRun(db: Database, input: WriteInput): Promise<LearnRunSummary> {
  const { claim, project, plan, computed } = input;
  await db.transaction(async (tx) => {
    const now = new Date();
    const held = await tx.update(learnRuns).set({ heartbeat: sql`now()` }).where(holds(claim)).returning({ id: learnRuns.id });
    if (!held.length) throw new LearnClaimLost(claim.run.id);
    const [current] = await tx.select().from(projects).where(eq(projects.id, project.id)).for("update");
    if (!current) throw new AppError("ProjectNotFound");
    assertLearnable(current);
    const clusters = await readClusters(tx, project.id).for("update");
    if (fingerprint(clusters) !== fingerprint(input.clusters)) throw new LearnClustersChanged();
    deferWhileLocked(clusters);

    if (input.model) {
      const values = { projectId: project.id, model: input.model, documents: input.docs.length, fitted: now };
      await tx.insert(learnModels).values(values).onConflictDoUpdate({ target: learnModels.projectId, set: values });
    }
    for (const u of plan.updates) {
      const described = computed.get(`u:${u.id}`);
      await tx
        .update(learnClusters)
        .set({
          centroid: centroidBytes(u.centroid),
          updated: now,
          ...(described ? { keywords: described.keywords, sampleIds: described.samples } : {}),
        })
        .where(eq(learnClusters.id, u.id));
    }
    const created: string[] = [];
    if (plan.inserts.length) {
      const [top] = await tx
        .select({ n: max(learnClusters.number) })
        .from(learnClusters)
        .where(eq(learnClusters.projectId, project.id));
      const first = (top?.n ?? 0) + 1;
      const rows = await tx
        .insert(learnClusters)
        .values(
          plan.inserts.map((c, i) => ({
            projectId: project.id,
            systemId: project.systemId,
            number: first + i,
            size: c.members.length,
            centroid: centroidBytes(c.centroid),
            keywords: computed.get(`n:${i}`)?.keywords ?? [],
            sampleIds: computed.get(`n:${i}`)?.samples ?? [],
            created: now,
            updated: now,
          })),
        )
        .returning({ id: learnClusters.id, number: learnClusters.number });
      for (const r of rows) created[r.number - first] = r.id;
    }
    await writeDocuments(tx, input, created, now);
    if (plan.deletes.length) await tx.delete(learnClusters).where(inArray(learnClusters.id, plan.deletes));
    // sizes from the members as they are now (a restarted job may have replaced documents meanwhile)
    await tx
      .update(learnClusters)
      .set({
        size: sql`(select count(*) from ${learnDocuments} where ${learnDocuments.clusterId} = ${learnClusters.id})::int`,
      })
      .where(eq(learnClusters.projectId, project.id));
    const ended = await tx
      .update(learnRuns)
      .set({ state: "Ready", done: input.total, total: input.total, summary: plan.summary, finished: now, errorCode: null })
      .where(holds(claim))
      .returning({ id: learnRuns.id });
    if (!ended.length) throw new LearnClaimLost(claim.run.id);
  });
  return plan.summary;
}

/**
 * The documents' side: every document with a new vector (all after a full run, the embedded ones after an incremental
 * run) and every one that moves, in chunks of one UPDATE … FROM (VALUES …); learned_at is set once (pending → learned).
 */
async function writeDocuments(tx: Database, input: WriteInput, created: string[], now: Date): Promise<void> {
  const resolve = (to: Destination): string | null =>
    to === null ? null : "existing" in to ? to.existing : (created[to.created] ?? null);
  const rows = new Map<number, { move: boolean; cluster: string | null; vector: Uint8Array | null }>();
  for (const d of input.docs) {
    // a full run's documents all have new vectors; an incremental run's new ones came with their text
    if (d.vector && (input.kind === "full" || d.text !== undefined)) {
      rows.set(d.id, { move: false, cluster: null, vector: toVectorBytes(d.vector) });
    }
  }
  for (const m of input.plan.moves) {
    const vector = rows.get(m.id)?.vector ?? null;
    rows.set(m.id, { move: true, cluster: resolve(m.to), vector });
  }
  const list = [...rows].sort((a, b) => a[0] - b[0]);
  for (let i = 0; i < list.length; i += DOCUMENT_CHUNK) {
    const values: SQL[] = list
      .slice(i, i + DOCUMENT_CHUNK)
      .map(
        ([id, r]) =>
          sql`(${id}::bigint, ${r.move}::boolean, ${r.cluster}::uuid, ${r.vector ? Buffer.from(r.vector) : null}::bytea)`,
      );
    await tx.execute(sql`
      update ${learnDocuments} as d set
        cluster_id = case when v.move then v.cluster_id else d.cluster_id end,
        vector = coalesce(v.vector, d.vector),
        learned_at = coalesce(d.learned_at, ${now.toISOString()}::timestamptz)
      from (values ${sql.join(values, sql`, `)}) as v(id, move, cluster_id, vector)
      where d.id = v.id and d.project_id = ${input.project.id}`);
  }
}
