import { z } from "zod";
import { codeIssue } from "@/lib/errors/issues";
import { zPage, zPageSize } from "@/lib/paging";
import { PROJECT_NAME_MAX } from "@/lib/projects/schemas";

// The learn API beyond the spec (DESIGN.md "Learn"): a learn project's clusters, their documents and runs.

/** A cluster's name becomes the name of a document class when it is exported: the same limit. */
export const CLUSTER_NAME_MAX = PROJECT_NAME_MAX;
/** Documents one split or move takes (a page of the portal shows at most 100). */
export const CLUSTER_DOCUMENTS_MAX = 1000;
/** Clusters one merge takes. */
export const MERGE_CLUSTERS_MAX = 100;
/** Sample documents shown per cluster, and the characters of each excerpt. */
export const SAMPLES_PER_CLUSTER = 3;
export const SAMPLE_EXCERPT_CHARS = 240;
/** The characters of a document's excerpt in the list of a cluster's documents. */
export const DOCUMENT_EXCERPT_CHARS = 160;

const CLUSTER_ID = "8d2f6c1a-3b4e-4f5a-9c6d-7e8f9a0b1c2d";
const OTHER_CLUSTER_ID = "9e3a7d2b-4c5f-4a6b-8d7e-8f9a0b1c2d3e";
const ZUuid = (example: string) => z.uuid({ error: "InvalidId" }).meta({ example });
const ZDocumentId = z.number().int().positive();

/** An array's refinement: no value twice (the entry names the repeated one's index). */
function distinct<T>(values: T[], ctx: z.RefinementCtx) {
  const seen = new Set<T>();
  for (const [index, value] of values.entries()) {
    if (seen.has(value)) ctx.addIssue(codeIssue("InvalidField", [index], { reason: "named twice" }));
    seen.add(value);
  }
}

export const ZLearnClusterParams = z.object({
  id: ZUuid("3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d"),
  clusterId: ZUuid(CLUSTER_ID),
});
export const ZLearnDocumentParams = z.object({
  id: ZUuid("3b2a1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d"),
  documentId: z.coerce.number({ error: "InvalidId" }).int("InvalidId").positive("InvalidId").meta({ example: 4711 }),
});

/**
 * A cluster's name: trimmed, at most CLUSTER_NAME_MAX characters, unique in its project whatever the case; empty or
 * null takes the name away (it shows its number again).
 */
export const ZClusterName = z
  .string()
  .trim()
  .max(CLUSTER_NAME_MAX)
  .nullable()
  .transform((name) => (name === "" ? null : name));

/** PUT v3/learn/projects/{id}/clusters/{clusterId}: its name, its complete mark, or both. */
export const ZLearnClusterUpdate = z
  .object({ name: ZClusterName.optional(), complete: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (v.name === undefined && v.complete === undefined) ctx.addIssue(codeIssue("Required", ["name"]));
  })
  .meta({
    id: "LearnClusterUpdate",
    examples: [{ name: "Invoices" }, { complete: true }, { name: "Reminders", complete: true }],
  });

/** The cluster page's form: its name (empty: none) and its complete mark, saved together. */
export const ZLearnClusterForm = z.object({ name: z.string().trim().max(CLUSTER_NAME_MAX), complete: z.boolean() });

/** POST v3/learn/projects/{id}/clusters/merge: two or more clusters of the project; the first is kept. */
export const ZLearnClusterMerge = z
  .object({
    ids: z
      .array(z.uuid({ error: "InvalidId" }))
      .min(2)
      .max(MERGE_CLUSTERS_MAX)
      .superRefine(distinct),
  })
  .meta({ id: "LearnClusterMerge", examples: [{ ids: [CLUSTER_ID, OTHER_CLUSTER_ID] }] });

/** POST v3/learn/projects/{id}/clusters/{clusterId}/split: documents of the cluster that form a new cluster. */
export const ZLearnClusterSplit = z
  .object({ documentIds: z.array(ZDocumentId).min(1).max(CLUSTER_DOCUMENTS_MAX).superRefine(distinct) })
  .meta({ id: "LearnClusterSplit", examples: [{ documentIds: [4711, 4712] }] });

/** POST v3/learn/projects/{id}/clusters/{clusterId}/move: documents of the cluster that go to another of the project. */
export const ZLearnDocumentsMove = z
  .object({
    documentIds: z.array(ZDocumentId).min(1).max(CLUSTER_DOCUMENTS_MAX).superRefine(distinct),
    to: z.uuid({ error: "InvalidId" }),
  })
  .meta({ id: "LearnDocumentsMove", examples: [{ documentIds: [4711], to: OTHER_CLUSTER_ID }] });

/** GET …/clusters/{clusterId}/documents: the page (spec §9 sizes; first page 0). */
export const ZLearnDocumentsQuery = z.object({
  pageSize: zPageSize(),
  page: zPage(),
});

export const ZLearnClusterSample = z.object({
  documentId: z.number().int(),
  /** null once CleanUpLearnJobs removed its job */
  jobId: z.number().int().nullable(),
  file: z.string(),
  excerpt: z.string(),
});

/** One cluster (DESIGN.md "Learn": id, name, complete, locked, size, keywords, samples; plus number and the lock's holder). */
export const ZLearnCluster = z
  .object({
    id: z.uuid(),
    /** the project's running number of the cluster ("Cluster 7" while it has no name) */
    number: z.number().int(),
    name: z.string().nullable(),
    complete: z.boolean(),
    locked: z.boolean(),
    /** the user name of the lock's holder */
    lockedBy: z.string().nullable(),
    lockedById: z.uuid().nullable(),
    lockedAt: z.iso.datetime().nullable(),
    size: z.number().int(),
    /** its top terms, best first (the learn run's) */
    keywords: z.array(z.string()),
    /** up to 3 documents that show it: the run's choice, else its first documents */
    samples: z.array(ZLearnClusterSample),
    updated: z.iso.datetime(),
  })
  .meta({
    id: "LearnCluster",
    examples: [
      {
        id: CLUSTER_ID,
        number: 7,
        name: "Invoices",
        complete: false,
        locked: true,
        lockedBy: "anna",
        lockedById: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
        lockedAt: "2026-11-04T09:12:44.000Z",
        size: 412,
        keywords: ["invoice", "amount due", "vat"],
        samples: [
          { documentId: 4711, jobId: 1234, file: "scan-0001.pdf", excerpt: "INVOICE No. 2026-118 Amount due: 1,280.00 EUR…" },
        ],
        updated: "2026-11-04T09:12:44.000Z",
      },
    ],
  });
export type LearnClusterDto = z.infer<typeof ZLearnCluster>;

/** A cluster as a choice of the learn portal (merge with, move to). */
export type LearnClusterChoice = Pick<LearnClusterDto, "id" | "number" | "name" | "size" | "locked" | "lockedBy" | "lockedById">;

/** A document in the list of a cluster's documents. */
export const ZLearnClusterDocument = z.object({
  id: z.number().int(),
  jobId: z.number().int().nullable(),
  file: z.string(),
  pages: z.number().int(),
  excerpt: z.string(),
  created: z.iso.datetime(),
});
export type LearnClusterDocumentDto = z.infer<typeof ZLearnClusterDocument>;

export const ZLearnClusterDocumentPage = z
  .object({ items: z.array(ZLearnClusterDocument), totalCount: z.number().int() })
  .meta({ id: "LearnClusterDocumentPage" });
export type LearnClusterDocumentPage = z.infer<typeof ZLearnClusterDocumentPage>;

/** One document of a learn project with its whole text. */
export const ZLearnDocument = z
  .object({
    id: z.number().int(),
    clusterId: z.uuid().nullable(),
    jobId: z.number().int().nullable(),
    file: z.string(),
    pages: z.number().int(),
    created: z.iso.datetime(),
    /** null: posted since the last learn run (pending) */
    learnedAt: z.iso.datetime().nullable(),
    text: z.string(),
  })
  .meta({ id: "LearnDocument" });
export type LearnDocumentDto = z.infer<typeof ZLearnDocument>;

/** The figures of a learn project's overview. */
export type LearnCounts = {
  /** every document its jobs brought */
  documents: number;
  /** in a cluster */
  clustered: number;
  /** posted since the last run */
  pending: number;
  /** learned, but in no cluster (too few alike) */
  unclustered: number;
  clusters: number;
  named: number;
  complete: number;
  locked: number;
};
