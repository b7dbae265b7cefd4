import { z } from "zod";
import { LEARN_RUN_STATES, LEARN_RUN_TRIGGERS } from "@/db/schema/learn";
import { zPage, zPageSize } from "@/lib/paging";
import { ZProject } from "@/lib/projects/schemas";
import { ZLearnProject } from "../schemas";

/** How many runs GET …/runs answers by default (the page's history of runs). */
export const LEARN_RUNS_PAGE_SIZE = 25;

/**
 * POST v3/learn/projects/{id}/run and the "learn now" control: `onlyChanged` (StartLearnEngine's, spec operations §3)
 * places the documents posted since the last run into the clusters as they are; false clusters every document that is
 * not in a fixed (named or complete) cluster anew with a refitted model. A project without a model yet always gets a
 * full run.
 */
export const ZLearnRunRequest = z
  .object({ onlyChanged: z.boolean().default(true) })
  .meta({ id: "LearnRunRequest", examples: [{ onlyChanged: true }, { onlyChanged: false }] });

/** The summary of a Ready run (docs/decisions.md "Learn runs and export"). */
export const LEARN_RUN_SUMMARY_KEYS = ["documents", "placed", "newClusters", "changedClusters", "unclustered"] as const;
export type LearnRunSummary = Record<(typeof LEARN_RUN_SUMMARY_KEYS)[number], number>;

/**
 * A learn run with its progress: `done` of `total` work units (a document fitted, embedded or placed counts one unit
 * per step, so a full run has three per document), its summary once Ready, its error once failed.
 */
export const LEARN_RUN_EXAMPLE = {
  id: 42,
  projectId: "3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
  state: "Ready" as const,
  trigger: "Manual" as const,
  onlyChanged: false,
  requestedBy: "maria",
  total: 3600,
  done: 3600,
  summary: { documents: 1200, placed: 1187, newClusters: 9, changedClusters: 0, unclustered: 13 },
  errorCode: null,
  errorMessage: null,
  errorParameter: null,
  waitingFor: null,
  created: "2026-05-04T09:30:00.000Z",
  started: "2026-05-04T09:30:00.210Z",
  finished: "2026-05-04T09:30:04.870Z",
};

export const ZLearnRun = z
  .object({
    id: z.number().int(),
    projectId: z.uuid(),
    state: z.enum(LEARN_RUN_STATES),
    trigger: z.enum(LEARN_RUN_TRIGGERS),
    onlyChanged: z.boolean(),
    /** who asked for it; null when the service did (a task, a setting) */
    requestedBy: z.string().nullable(),
    total: z.number().int(),
    done: z.number().int(),
    summary: z.record(z.string(), z.number()).nullable(),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    /** the error's parameters (its text in another language is errorCode's message with these) */
    errorParameter: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
    /** a Waiting run that waits for a cluster's lock: that cluster and who holds it; the run starts once it is gone */
    waitingFor: z.object({ cluster: z.string(), user: z.string() }).nullable(),
    created: z.iso.datetime(),
    started: z.iso.datetime().nullable(),
    finished: z.iso.datetime().nullable(),
  })
  .meta({ id: "LearnRun", examples: [LEARN_RUN_EXAMPLE] });
export type LearnRunDto = z.infer<typeof ZLearnRun>;

export const ZLearnRunPage = z.object({ items: z.array(ZLearnRun), totalCount: z.number().int() }).meta({ id: "LearnRunPage" });
export type LearnRunPage = z.infer<typeof ZLearnRunPage>;

/** GET v3/learn/projects/{id}/runs: newest first, paged as every list (spec §9). */
export const ZLearnRunsQuery = z.object({
  page: zPage(),
  pageSize: zPageSize(LEARN_RUNS_PAGE_SIZE),
});

/** POST v3/learn/projects/{id}/export (DESIGN.md "Learn"): the extraction project that takes the learned classes. */
export const ZLearnExport = z
  .object({ projectId: z.uuid({ error: "InvalidId" }) })
  .meta({ id: "LearnExport", examples: [{ projectId: "9c8b7a6f-5e4d-4c3b-8a29-1f0e9d8c7b6a" }] });

/**
 * What an export changes of the extraction project's classes, by name (lib/projects/rules.ts learnedChanges): added,
 * replaced (a class of that name learns something else; a class of the project file keeps its rules and fields),
 * unchanged, removed (learned before, exported no more).
 */
export const ZLearnExportChanges = z
  .object({
    added: z.array(z.string()),
    replaced: z.array(z.string()),
    unchanged: z.array(z.string()),
    removed: z.array(z.string()),
  })
  .meta({ id: "LearnExportChanges" });
export type LearnExportChanges = z.infer<typeof ZLearnExportChanges>;

/** What an export would change, asked before it (the portal's export control). */
export type LearnExportPreview = {
  project: { id: string; name: string };
  classes: string[];
  changes: LearnExportChanges;
  /** the project that loses its learned classes when the export moves the link there, else null */
  unlinks: { id: string; name: string } | null;
};

/** What an export did: the learn project (now LinkedLearn), the extraction project (LinkedExtraction) and its learned classes. */
export const ZLearnExportResult = z
  .object({
    learnProject: ZLearnProject,
    project: ZProject,
    /** the complete named clusters that became document classes, by cluster number */
    classes: z.array(z.string()),
    changes: ZLearnExportChanges,
  })
  .meta({
    id: "LearnExportResult",
    examples: [
      {
        learnProject: {
          id: "3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
          name: "Incoming mail",
          systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
          systemName: "Acme",
          version: 2,
          type: "LinkedLearn",
          updating: false,
          deletedAt: null,
          linkedProjectId: "9c8b7a6f-5e4d-4c3b-8a29-1f0e9d8c7b6a",
          learn: null,
        },
        project: {
          id: "9c8b7a6f-5e4d-4c3b-8a29-1f0e9d8c7b6a",
          name: "Inbox",
          systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
          systemName: "Acme",
          version: 4,
          type: "LinkedExtraction",
          properties: [],
          versionProperties: [],
          updating: false,
          documentClasses: ["Memo", "Invoices", "Delivery notes"],
        },
        classes: ["Invoices", "Delivery notes"],
        changes: { added: ["Delivery notes"], replaced: ["Invoices"], unchanged: [], removed: [] },
      },
    ],
  });
export type LearnExportResult = z.infer<typeof ZLearnExportResult>;
