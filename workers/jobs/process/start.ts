import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type StoredDocumentClass as DocumentClass, type Job, type JobFile, jobFiles, jobs, projects } from "@/db/schema";
import { enter, leaves } from "@/lib/jobs/transitions";
import { learnedClassifiers } from "@/lib/learn/export/classifier";
import type { LearnedMatcher } from "@/lib/processing/classify";
import type { LookupSets } from "@/lib/processing/fields";
import { projectOcrImages, projectOcrLanguages } from "@/lib/processing/ocr";
import { isLearnType } from "@/lib/projects/rules";
import { lookupNames, lookupSets } from "@/lib/resources/lookups";
import { workerSettings } from "@/lib/settings/worker-settings";
import { anyClaimHolds, type Claim } from "../claim";

/**
 * What the jobs of a batch need from the database: their order files, their projects' document classes and the
 * lookup resources their fields name (by "systemId:projectId"; only projects with lookup fields), which of their
 * projects are learn projects (DESIGN.md "Learn": their documents are kept for learning, not classified), and the
 * learned classifiers of linked extraction projects (by project id; lib/learn/export/classifier.ts).
 */
export type JobInputs = {
  orders: Map<number, JobFile[]>;
  classes: Map<string, DocumentClass[]>;
  learned?: Map<string, LearnedMatcher>;
  lookups: Map<string, LookupSets>;
  learn: Map<string, LearnTarget>;
  /** the OCR languages of projects that name theirs (project property `OcrLanguages`), by project id */
  ocrLanguages?: Map<string, string[]>;
  /** the projects whose property `OcrImages` is on: images of pages with a text layer are read by OCR too */
  ocrImages?: Set<string>;
  /** worker configuration jsonFormat (spec operations §9): how result.json is written */
  jsonFormat?: "Compact" | "Nice";
  /** worker configuration documentTimeoutSeconds: the time one document may take */
  documentTimeoutSeconds?: number;
  /** worker configuration documentMemoryMegabytes: the memory one document may take */
  documentMemoryMegabytes?: number;
};

/** A learn project a job goes to: deleted ones take no documents (spec operations §4). */
type LearnTarget = { name: string; deleted: boolean };

/** The key of a job's lookup resources in JobInputs.lookups. */
export const lookupKey = (job: Job) => `${job.systemId}:${job.projectId}`;

/**
 * Claimed jobs become Processing (one statement for the batch) and their order files and projects are read (one
 * statement each), so a batch of jobs costs three round trips before its documents are read.
 */
export async function startJobs(db: Database, claims: Claim[]): Promise<JobInputs> {
  if (!claims.length) return { orders: new Map(), classes: new Map(), lookups: new Map(), learn: new Map() };
  const ids = claims.map((c) => c.job.id);
  const projectIds = [...new Set(claims.flatMap((c) => (c.job.projectId ? [c.job.projectId] : [])))];
  const [, files, rows, settings] = await Promise.all([
    db
      .update(jobs)
      .set({ ...enter("start"), started: sql`now()` })
      .where(and(anyClaimHolds(claims), leaves("start"))),
    db
      .select()
      .from(jobFiles)
      .where(and(inArray(jobFiles.jobId, ids), eq(jobFiles.kind, "order")))
      .orderBy(jobFiles.id),
    projectIds.length
      ? db
          .select({
            id: projects.id,
            name: projects.name,
            type: projects.type,
            version: projects.version,
            deletedAt: projects.deletedAt,
            documentClasses: projects.documentClasses,
            properties: projects.properties,
          })
          .from(projects)
          .where(inArray(projects.id, projectIds))
      : Promise.resolve([]),
    workerSettings(db),
  ]);
  const orders = new Map<number, JobFile[]>();
  for (const f of files) orders.set(f.jobId, [...(orders.get(f.jobId) ?? []), f]);
  // a learn project's jobs are not classified: no classes, so no lookups either
  const classes = new Map(rows.map((r) => [r.id, isLearnType(r.type) ? [] : r.documentClasses]));
  const learn = new Map(
    rows.filter((r) => isLearnType(r.type)).map((r) => [r.id, { name: r.name, deleted: r.deletedAt !== null }]),
  );
  // DESIGN.md "Resources": resolved by level once per system and project of the batch, read before processing
  const lookups = new Map<string, LookupSets>();
  for (const { job } of claims) {
    const projectClasses = job.projectId ? classes.get(job.projectId) : undefined;
    if (!projectClasses || !lookupNames(projectClasses).length || lookups.has(lookupKey(job))) continue;
    lookups.set(
      lookupKey(job),
      await lookupSets(db, { systemId: job.systemId, projectId: job.projectId, classes: projectClasses }),
    );
  }
  // "the learned model when the project is linked to a learn project": read once per batch, kept per project version
  const learned = await learnedClassifiers(
    db,
    rows.filter((r) => r.type === "LinkedExtraction"),
  );
  const ocrLanguages = new Map(
    rows.flatMap((r) => {
      const languages = projectOcrLanguages(r.properties);
      return languages ? [[r.id, languages] as const] : [];
    }),
  );
  const ocrImages = new Set(rows.filter((r) => projectOcrImages(r.properties)).map((r) => r.id));
  return {
    orders,
    classes,
    lookups,
    learn,
    learned,
    ocrLanguages,
    ocrImages,
    jsonFormat: settings.jsonFormat,
    documentTimeoutSeconds: settings.documentTimeoutSeconds,
    documentMemoryMegabytes: settings.documentMemoryMegabytes,
  };
}
