import type { LearnCluster } from "@/db/schema";

// Pure rules of learn clusters (no database): their names, their locks in time, merges, excerpts.

/** spec operations §4, §9: a cluster lock older than this is broken (BreakOldClusterLocks). */
export const CLUSTER_LOCK_MAX_MS = 12 * 60 * 60 * 1000;
/**
 * docs/decisions.md "Learn clusters": a lock whose holder gave no sign of life (taking or renewing it, the open cluster
 * page's heartbeat) for this long has lapsed: it is held by nobody, so a browser that died blocks no one for long.
 */
export const CLUSTER_LOCK_LAPSE_MS = 3 * 60_000;
/** How often the open cluster page says it is still there (several beats fit into a lapse, throttled tabs too). */
export const CLUSTER_LOCK_HEARTBEAT_MS = 30_000;

/**
 * How a cluster is named wherever it is named (the portal in both languages, messages, the audit trail, waiting runs):
 * its name, else "Cluster 7" (messages "learnPortal.clusterNumber", the same words in English and German).
 */
export function clusterLabel(cluster: Pick<LearnCluster, "number" | "name">): string {
  return cluster.name ?? `Cluster ${cluster.number}`;
}

/** When the lock's holder was last seen (a lock from before heartbeats: when it was taken). */
export function lockSeenAt(cluster: Pick<LearnCluster, "lockedAt" | "lockSeen">): Date | null {
  return cluster.lockedAt === null ? null : (cluster.lockSeen ?? cluster.lockedAt);
}

/** Whether the cluster's lock is held at `now`: taken, and its holder seen within CLUSTER_LOCK_LAPSE_MS. */
export function lockHeld(cluster: Pick<LearnCluster, "lockedAt" | "lockSeen">, now: Date): boolean {
  const seen = lockSeenAt(cluster);
  return seen !== null && now.getTime() - seen.getTime() < CLUSTER_LOCK_LAPSE_MS;
}

/** Whether the cluster has a lock that has lapsed (taken, its holder not seen for CLUSTER_LOCK_LAPSE_MS). */
export function lockLapsed(cluster: Pick<LearnCluster, "lockedAt" | "lockSeen">, now: Date): boolean {
  return cluster.lockedAt !== null && !lockHeld(cluster, now);
}

/**
 * The name a merge keeps (docs/decisions.md "Learn clusters"): the target's (the first id), else the first named
 * one among the others in the order they were given; null when none has a name.
 */
export function mergedName(clusters: readonly Pick<LearnCluster, "name">[]): string | null {
  return clusters.find((c) => c.name !== null)?.name ?? null;
}

/** Keywords a merged cluster shows until the next run computes its own: the target's first, then new ones, at most `max`. */
export function mergedKeywords(clusters: readonly Pick<LearnCluster, "keywords">[], max = KEYWORDS_KEPT): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of clusters.flatMap((c) => c.keywords)) {
    const key = word.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(word);
    if (out.length === max) break;
  }
  return out;
}

/** How many keywords a merge keeps (a run writes its own count). */
export const KEYWORDS_KEPT = 20;

/** The start of a document's text as one line: white space collapsed, at most `max` characters, "…" when cut. */
export function excerptOf(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  // never cut a surrogate pair in two
  return `${(/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd()}…`;
}
