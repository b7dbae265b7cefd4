import { CheckCircle2Icon, FileTextIcon, LockIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import type { LearnClusterDto } from "@/lib/learn/clusters/schemas";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import { learnClusterHref } from "../learn/links";

/** Keywords a card shows. */
const CARD_KEYWORDS = 6;

/**
 * One cluster of the overview: its name with its number, or "Cluster 7" while it has none (the one name of an unnamed
 * cluster everywhere, lib/learn/clusters/rules.ts clusterLabel), as the link to its page; size, badges, top keywords,
 * a sample.
 */
export async function ClusterCard({ cluster, project }: { cluster: LearnClusterDto; project: LearnProjectDto }) {
  const t = await getTranslations("learnPortal");
  const [sample] = cluster.samples;
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-xs focus-within:ring-[3px] focus-within:ring-ring/50"
      data-testid="cluster-card"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere">
          <Link
            href={learnClusterHref(project.systemName, project.id, cluster.id)}
            className="outline-none hover:underline focus-visible:underline"
          >
            {cluster.name === null ? (
              t("clusterNumber", { number: cluster.number })
            ) : (
              <>
                <span className="mr-1 text-muted-foreground tabular-nums">#{cluster.number}</span>
                {cluster.name}
              </>
            )}
          </Link>
        </h3>
        <Badge variant="secondary" className="tabular-nums">
          <FileTextIcon aria-hidden />
          {t("documentsCount", { count: cluster.size })}
        </Badge>
      </div>
      {(cluster.complete || cluster.locked) && (
        <div className="flex flex-wrap gap-1">
          {cluster.complete && (
            <Badge variant="success">
              <CheckCircle2Icon aria-hidden />
              {t("complete")}
            </Badge>
          )}
          {cluster.locked && (
            <Badge variant="warning" data-testid="lock-badge">
              <LockIcon aria-hidden />
              {t("lockedBy", { user: cluster.lockedBy ?? "?" })}
            </Badge>
          )}
        </div>
      )}
      {cluster.keywords.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t("keywords")}>
          {cluster.keywords.slice(0, CARD_KEYWORDS).map((word) => (
            <li key={word}>
              <Badge variant="outline">{word}</Badge>
            </li>
          ))}
        </ul>
      )}
      {sample && (
        <figure className="mt-auto min-w-0 text-sm">
          <blockquote className="line-clamp-3 text-muted-foreground wrap-anywhere">{sample.excerpt}</blockquote>
          <figcaption className="mt-1 truncate text-xs text-muted-foreground">{sample.file}</figcaption>
        </figure>
      )}
    </article>
  );
}
