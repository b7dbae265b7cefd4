import { asc, eq } from "drizzle-orm";
import { learnClusters, learnDocuments, learnRuns } from "@/db/schema";
import { getDb } from "@/lib/db";
import { learnDocuments as fixtureDocuments, type LearnKind } from "../fixtures/learn-documents";
import { makeProject } from "./factories";

/** A learn project made in the database (type Learn, no classes), optionally with learn settings. */
export async function makeLearnProjectRow(opts: {
  systemId: string;
  learnSettings?: { similarity?: number; minClusterSize?: number };
}) {
  const { project } = await makeProject({
    systemId: opts.systemId,
    type: "Learn",
    documentClasses: [],
    learnSettings: opts.learnSettings ?? null,
  });
  return project;
}

/** Pending documents of the fixture's kinds, as a learn project's jobs would have kept them (no job). */
export async function addLearnDocuments(project: { id: string; systemId: string }, kinds: LearnKind[], count: number, from = 0) {
  const db = await getDb();
  const docs = fixtureDocuments(kinds, count, from);
  const rows = await db
    .insert(learnDocuments)
    .values(docs.map((d) => ({ projectId: project.id, systemId: project.systemId, file: d.name, text: d.text, pages: 1 })))
    .returning({ id: learnDocuments.id, file: learnDocuments.file });
  return rows;
}

/** A project's clusters by number, each with the files of its documents (sorted). */
export async function clustersOf(projectId: string) {
  const db = await getDb();
  const clusters = await db
    .select()
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number));
  const docs = await db
    .select({ id: learnDocuments.id, file: learnDocuments.file, clusterId: learnDocuments.clusterId })
    .from(learnDocuments)
    .where(eq(learnDocuments.projectId, projectId));
  return clusters.map((c) => ({
    ...c,
    files: docs
      .filter((d) => d.clusterId === c.id)
      .map((d) => d.file)
      .sort(),
  }));
}

/** The kind of a fixture file name (invoice-3.txt → invoice). */
export const kindOf = (file: string) => file.replace(/-\d+\.txt$/, "");

export async function runRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(learnRuns).where(eq(learnRuns.id, id));
  if (!row) throw new Error(`no learn run ${id}`);
  return row;
}

/** Waits until a check holds (polling), or fails after the timeout. */
export async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in time");
}
