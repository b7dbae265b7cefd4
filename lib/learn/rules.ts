import type { LearnCluster, Project } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

// Pure rules of learn projects (no database).

/** spec operations §4: a soft-deleted learn project takes no jobs and is changed no more. */
export function assertLearnProjectLive(project: Pick<Project, "name" | "deletedAt">): void {
  if (project.deletedAt) throw new AppError("LearnProjectDeleted", { name: project.name });
}

/**
 * The text a learn document keeps: what the document's reading produced, without NUL characters, which PostgreSQL's
 * text refuses (a PDF's text layer may hold them); the work file keeps the text as read.
 */
export function learnDocumentText(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}

/** spec operations §4, §9: a cluster lock older than this is broken (BreakOldClusterLocks). */
export const CLUSTER_LOCK_MAX_MS = 12 * 60 * 60 * 1000;

type ClusterLock = Pick<LearnCluster, "number" | "name" | "lockedBy" | "lockedByName" | "lockedAt">;

/** How a cluster is named in messages: its name, else its running number ("#7"). */
export function clusterLabel(cluster: Pick<LearnCluster, "number" | "name">): string {
  return cluster.name ?? `#${cluster.number}`;
}

/**
 * Whether someone other than `userId` holds the cluster's lock. A lock is held while `locked_at` is set; a lock whose
 * user was deleted (`locked_by` null) is nobody's own, so only an administrator or BreakOldClusterLocks ends it.
 */
export function lockedByOther(cluster: ClusterLock, userId: string): boolean {
  return cluster.lockedAt !== null && cluster.lockedBy !== userId;
}

/**
 * docs/decisions.md "Learn clusters": a cluster another user holds the lock of is changed by nobody else (409
 * LearnClusterLocked); a free cluster and one's own are changed without ceremony.
 */
export function assertClusterChangeable(cluster: ClusterLock, userId: string): void {
  if (lockedByOther(cluster, userId)) {
    throw new AppError("LearnClusterLocked", { cluster: clusterLabel(cluster), user: cluster.lockedByName ?? "?" });
  }
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
