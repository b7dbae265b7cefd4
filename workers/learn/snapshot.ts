import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { learnClusters } from "@/db/schema";
import { clusterLabel, lockHeld } from "@/lib/learn/clusters/rules";

/** People changed the project's clusters while the run computed: its result no longer fits them. */
export class LearnClustersChanged extends Error {
  constructor() {
    super("The clusters were changed while the learn run ran; ask for the run again.");
  }
}

/**
 * A cluster of the project is locked (a person is editing it): the run goes back to Waiting and starts again once the
 * locks are released or lapse (docs/decisions.md "Learn runs and export").
 */
export class LearnRunDeferred extends Error {
  constructor(
    readonly cluster: string,
    readonly user: string,
  ) {
    super(`The learn run waits: the cluster ${cluster} is locked by ${user}.`);
  }
}

/** Throws LearnRunDeferred when a cluster's lock is held at `now` (a lapsed lock is nobody's). */
export function deferWhileLocked(clusters: readonly ClusterRow[], now = new Date()): void {
  const locked = clusters.find((c) => lockHeld(c, now));
  if (locked) throw new LearnRunDeferred(clusterLabel(locked), locked.lockedByName ?? "?");
}

/** The project's clusters as the run read them; `fingerprint` tells whether they changed before the write. */
export type ClusterRow = {
  id: string;
  number: number;
  name: string | null;
  complete: boolean;
  updated: Date;
  lockedAt: Date | null;
  lockSeen: Date | null;
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
      lockSeen: learnClusters.lockSeen,
      lockedByName: learnClusters.lockedByName,
      stale: sql<boolean>`(${learnClusters.centroid} is null or jsonb_array_length(${learnClusters.keywords}) = 0)`,
    })
    .from(learnClusters)
    .where(eq(learnClusters.projectId, projectId))
    .orderBy(asc(learnClusters.number));
}
