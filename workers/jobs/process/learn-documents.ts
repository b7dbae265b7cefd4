import { inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnDocuments, type NewLearnDocument, projects } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { learnDocumentText } from "@/lib/learn/rules";
import { failed, type Prepared } from "./prepared";

/**
 * spec operations §4: a learn project deleted while its job was worked on takes no documents; the job ends in Error
 * LearnProjectDeleted instead (its files are removed after the commit: the attempt folders answered). The learn
 * projects' rows are read FOR SHARE, so a soft delete waits until this batch is recorded.
 */
export async function refuseDeletedLearnProjects(tx: Database, list: Prepared[]): Promise<string[]> {
  const keeping = list.flatMap((p, i) => (p.state === "Ready" && p.kept && p.claim.job.projectId ? [i] : []));
  if (!keeping.length) return [];
  const projectIds = [...new Set(keeping.map((i) => list[i]?.claim.job.projectId ?? ""))];
  const rows = await tx
    .select({ id: projects.id, name: projects.name, deletedAt: projects.deletedAt })
    .from(projects)
    .where(inArray(projects.id, projectIds))
    .for("share");
  const live = new Map(rows.map((r) => [r.id, r]));
  const dirs: string[] = [];
  for (const i of keeping) {
    const p = list[i];
    const project = p?.claim.job.projectId ? live.get(p.claim.job.projectId) : undefined;
    if (!p || (project && !project.deletedAt)) continue;
    dirs.push(p.attemptDir);
    list[i] = failed(p, project ? new AppError("LearnProjectDeleted", { name: project.name }) : new AppError("ProjectNotFound"));
  }
  return dirs;
}

/** Rows of learn_documents inserted per statement (6 parameters a row, far below PostgreSQL's 65 535). */
const LEARN_DOCUMENT_CHUNK = 1000;

/**
 * The documents of the learn jobs recorded Ready, pending (learned_at null); an earlier run's rows of the job go (a
 * restart replaces them, as it replaces the work and result files). A run that ends in Error leaves the earlier rows:
 * they were read, and a deleted learn project's documents are changed no more.
 */
export async function keepLearnDocuments(tx: Database, held: Prepared[]): Promise<void> {
  const learnJobs = held.filter((p) => p.state === "Ready" && p.kept);
  if (!learnJobs.length) return;
  await tx.delete(learnDocuments).where(
    inArray(
      learnDocuments.jobId,
      learnJobs.map((p) => p.claim.job.id),
    ),
  );
  const rows: NewLearnDocument[] = learnJobs.flatMap(({ claim: { job }, kept }) =>
    job.projectId && kept
      ? kept.map((d) => ({
          projectId: job.projectId ?? "",
          systemId: job.systemId,
          jobId: job.id,
          file: d.file,
          text: learnDocumentText(d.text),
          pages: d.pages,
        }))
      : [],
  );
  for (let i = 0; i < rows.length; i += LEARN_DOCUMENT_CHUNK) {
    await tx.insert(learnDocuments).values(rows.slice(i, i + LEARN_DOCUMENT_CHUNK));
  }
}
