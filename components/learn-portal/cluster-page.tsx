"use client";

import { ArrowLeftIcon, CheckCircle2Icon, FileTextIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { LearnClusterChoice, LearnClusterDocumentDto, LearnClusterDto } from "@/lib/learn/clusters/schemas";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import { learnPortalHref } from "../learn/links";
import { ClusterDocuments } from "./cluster-documents";
import { ClusterForm } from "./cluster-form";
import { ClusterLockBar } from "./cluster-lock-bar";
import { MergeClusters } from "./merge-clusters";
import { useClusterLock } from "./use-cluster-lock";

type Props = {
  project: LearnProjectDto;
  cluster: LearnClusterDto;
  documents: LearnClusterDocumentDto[];
  totalDocuments: number;
  page: number;
  pageSize: number;
  /** the project's other clusters */
  choices: LearnClusterChoice[];
  userId: string;
  canBreakLocks: boolean;
};

/** A cluster's page, its editor (docs/decisions.md "Learn clusters"): opened, it holds the cluster's lock. */
export function ClusterPage(props: Props) {
  const t = useTranslations("learnPortal");
  const { project, cluster } = props;
  const deleted = project.deletedAt !== null;
  // lib/learn/access.ts lockedByOther, on the API's shape: a lock whose user was deleted is nobody's own
  const lockedByOthers = cluster.locked && cluster.lockedById !== props.userId;
  // a lock of one's own found at opening (a tab that died) is renewed and given back like one the page takes
  const lock = useClusterLock({
    projectId: project.id,
    clusterId: cluster.id,
    userId: props.userId,
    takeOnOpen: !deleted && !lockedByOthers,
  });
  const editable = !deleted && !lockedByOthers;
  const overview = learnPortalHref(project.systemName, project.id);
  const title = cluster.name ?? t("clusterNumber", { number: cluster.number });

  return (
    <div className="grid gap-6" data-testid="cluster-page">
      <div>
        <Button variant="ghost" size="sm" onClick={() => lock.leaveTo(overview)} data-testid="back-to-overview">
          <ArrowLeftIcon />
          {t("backToClusters")}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere">
          {cluster.name !== null && <span className="mr-2 text-muted-foreground tabular-nums">#{cluster.number}</span>}
          {title}
        </h1>
        <Badge variant="secondary" className="tabular-nums">
          <FileTextIcon aria-hidden />
          {t("documentsCount", { count: cluster.size })}
        </Badge>
        {cluster.complete && (
          <Badge variant="success">
            <CheckCircle2Icon aria-hidden />
            {t("complete")}
          </Badge>
        )}
      </div>
      {cluster.keywords.length > 0 && (
        <ul className="-mt-3 flex flex-wrap gap-1" aria-label={t("keywords")}>
          {cluster.keywords.map((word) => (
            <li key={word}>
              <Badge variant="outline">{word}</Badge>
            </li>
          ))}
        </ul>
      )}
      <ClusterLockBar
        cluster={cluster}
        userId={props.userId}
        deleted={deleted}
        canBreakLocks={props.canBreakLocks}
        pending={lock.pending}
        onLock={lock.lock}
        onRelease={lock.release}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <ClusterForm projectId={project.id} cluster={cluster} editable={editable} />
        <MergeClusters
          projectId={project.id}
          cluster={cluster}
          choices={props.choices}
          userId={props.userId}
          editable={editable}
        />
      </div>
      <ClusterDocuments
        project={project}
        cluster={cluster}
        documents={props.documents}
        total={props.totalDocuments}
        page={props.page}
        pageSize={props.pageSize}
        choices={props.choices}
        userId={props.userId}
        editable={editable}
      />
    </div>
  );
}
