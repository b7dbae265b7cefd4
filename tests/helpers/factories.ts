import { randomBytes } from "node:crypto";
import {
  jobs,
  type LearnCluster,
  learnClusters,
  learnDocuments,
  licences,
  type NewSystem,
  type NewUser,
  projects,
  systems,
  users,
} from "@/db/schema";
import { hashPassword } from "@/lib/auth/passwords";
import { sealSecret } from "@/lib/crypto/secrets";
import { hashToken } from "@/lib/crypto/tokens";
import { getDb } from "@/lib/db";
import { writeStoredFile } from "@/lib/files/store";
import { jobDir } from "@/lib/jobs/files";
import { ensureScheduler } from "@/lib/scheduler/internal-tasks";

export const PASSWORD = "Test-Passw0rd";

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** A system made directly in the database (the systems service arrives with its issue). */
export async function makeSystem(overrides: Partial<NewSystem> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(systems)
    .values({ name: uniqueName("Sys"), type: "Local", ...overrides })
    .returning();
  if (!row) throw new Error("no system");
  await ensureScheduler(db, row.id, row.type === "Super");
  return row;
}

export async function makeUser(overrides: Partial<NewUser> & { systemId: string; password?: string }) {
  const db = await getDb();
  const { password = PASSWORD, ...rest } = overrides;
  const [row] = await db
    .insert(users)
    .values({ name: uniqueName("user"), roles: [], passwordHash: await hashPassword(password), ...rest })
    .returning();
  if (!row) throw new Error("no user");
  return row;
}

/** A licence row made directly in the database (its file checks are tested in tests/integration/licences.test.ts). */
export async function makeLicence(overrides: Partial<typeof licences.$inferInsert> = {}) {
  const db = await getDb();
  const [row] = await db
    .insert(licences)
    .values({
      id: uniqueName("LIC"),
      name: "Test licence",
      customer: "Test customer",
      expiration: "2099-12-31",
      station: "*",
      features: [{ id: "Pages", status: "Limited", limit: 1000, expiration: null }],
      source: "file",
      ...overrides,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A project made directly in the database with the sample document classes (tests/fixtures/project.ts). */
export async function makeProject(overrides: Partial<typeof projects.$inferInsert> & { systemId: string }) {
  const db = await getDb();
  const key = `key-${randomBytes(8).toString("hex")}`;
  const [row] = await db
    .insert(projects)
    .values({
      name: uniqueName("Project"),
      documentClasses: [
        {
          name: "Invoice",
          keywords: ["invoice", "amount due", "Rechnung"],
          patterns: ["invoice\\s+(no|number)"],
          fields: [
            { name: "invoiceNumber", pattern: "invoice\\s+(?:no|number)[.:]?\\s*([A-Z0-9-]+)", type: "string" },
            { name: "total", pattern: "total[:\\s]+(?:EUR|€|\\$)?\\s*([0-9.,]+)", type: "amount" },
          ],
        },
        {
          name: "Letter",
          keywords: ["dear", "sincerely"],
          patterns: ["yours\\s+sincerely"],
          fields: [{ name: "subject", pattern: "subject[:\\s]+(.+)", type: "string" }],
        },
      ],
      submissionKeyHash: hashToken(key),
      submissionKeySealed: sealSecret(key),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no project");
  return { project: row, submissionKey: key };
}

/**
 * A job row made directly in the database in any state (its life through the API is tested in
 * tests/integration/jobs.test.ts), with one stored order file under its folder when `withFile`.
 */
export async function makeJob(
  overrides: Partial<typeof jobs.$inferInsert> & { systemId: string; withFile?: boolean },
): Promise<typeof jobs.$inferSelect> {
  const db = await getDb();
  const { withFile = false, ...values } = overrides;
  const [row] = await db
    .insert(jobs)
    .values({ authHash: hashToken(randomBytes(8).toString("hex")), projectName: "Project", state: "Waiting", ...values })
    .returning();
  if (!row) throw new Error("no job");
  if (withFile) await writeStoredFile(`${jobDir(row.systemId, row.id)}/order/a.txt`, new TextEncoder().encode("text"));
  return row;
}

type ClusterSpec = {
  /** its documents' texts, or how many made-up ones */
  documents: number | string[];
  name?: string | null;
  complete?: boolean;
  keywords?: string[];
  /** `at` when it was taken, `seen` its holder's last sign of life (default: `at`) */
  lockedBy?: { id: string; name: string; at?: Date; seen?: Date };
};

/**
 * A learn project made directly in the database with its documents and the clusters a learn run would have made
 * (the run itself is the learn engine's): each cluster numbered from 1 with its size, keywords and learned documents;
 * `pending` documents no run has placed yet, `unclustered` learned ones in no cluster. `jobId` is every document's job.
 */
export async function makeLearnProject(opts: {
  systemId: string;
  clusters?: ClusterSpec[];
  pending?: number;
  unclustered?: number;
  jobId?: number | null;
  project?: Partial<typeof projects.$inferInsert>;
}) {
  const db = await getDb();
  const { project } = await makeProject({ systemId: opts.systemId, type: "Learn", documentClasses: [], ...opts.project });
  const learned = new Date();
  const insertDocuments = async (texts: string[], clusterId: string | null, learnedAt: Date | null) =>
    texts.length
      ? (
          await db
            .insert(learnDocuments)
            .values(
              texts.map((text, i) => ({
                projectId: project.id,
                systemId: project.systemId,
                jobId: opts.jobId ?? null,
                file: `doc-${i + 1}.txt`,
                text,
                pages: 1,
                clusterId,
                learnedAt,
              })),
            )
            .returning({ id: learnDocuments.id })
        ).map((r) => r.id)
      : [];
  const texts = (n: number, what: string) => Array.from({ length: n }, (_, i) => `${what} document ${i + 1}`);

  const clusters: (LearnCluster & { documentIds: number[] })[] = [];
  const made = new Date();
  for (const [index, spec] of (opts.clusters ?? []).entries()) {
    const own = typeof spec.documents === "number" ? texts(spec.documents, `Cluster ${index + 1}`) : spec.documents;
    const [row] = await db
      .insert(learnClusters)
      .values({
        projectId: project.id,
        systemId: project.systemId,
        number: index + 1,
        name: spec.name ?? null,
        complete: spec.complete ?? false,
        keywords: spec.keywords ?? [`word${index + 1}`],
        size: own.length,
        lockedBy: spec.lockedBy?.id ?? null,
        lockedByName: spec.lockedBy?.name ?? null,
        // a lock taken on the cluster as it was made: not changed since (an unlock asks for no learn run)
        updated: made,
        lockedAt: spec.lockedBy ? (spec.lockedBy.at ?? made) : null,
        lockSeen: spec.lockedBy ? (spec.lockedBy.seen ?? spec.lockedBy.at ?? made) : null,
      })
      .returning();
    if (!row) throw new Error("no cluster");
    clusters.push({ ...row, documentIds: await insertDocuments(own, row.id, learned) });
  }
  const pending = await insertDocuments(texts(opts.pending ?? 0, "Pending"), null, null);
  const unclustered = await insertDocuments(texts(opts.unclustered ?? 0, "Unclustered"), null, learned);
  return { project, clusters, pending, unclustered };
}
