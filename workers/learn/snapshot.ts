import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";

/** People changed the project's clusters while the run computed: its result no longer fits them. */
export class LearnClustersChanged extends Error {
  constructor() {
    super("The clusters were changed while the learn run ran; ask for the run again.");
  }
}

/** The project's clusters as the run read them; `fingerprint` tells whether they changed before the write. */
export type ClusterRow = {
  id: string;
  number: number;
  name: string | null;
  complete: boolean;
  updated: Date;
  lockedAt: Date | null;
  lockedByName: string | null;
  stale: boolean;
};

export function fingerprint(rows: readonly Pick<ClusterRow, "id" | "updated">[]): string {
  return rows
    .map((r) => `${r.id}@${r.updated.getTime()}`)
    .sort()
    .join(",");
}

export function readClusters(db: Database, projectId: string) {
  return db
    .select({
      id: learnClusters.id,
      number: learnClusters.number,
      name: learnClusters.name,
      complete: learnClusters.complete,
      updated: learnClusters.updated,
      lockedAt: learnClusters.lockedAt,
      lockedByName: learnClusters.lockedByName,
      stale: sql<boolean>`(${learnClusters.centroid} is null or jsonb_array_length(${learnClusters.keywords}) = 0)`,
    })
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number));
}
