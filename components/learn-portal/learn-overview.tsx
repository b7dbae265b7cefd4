import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/portal/page-header";
import { Pager } from "@/components/shell/pager";
import type { LearnClusterDto, LearnCounts } from "@/lib/learn/clusters/schemas";
import type { LearnRunDto } from "@/lib/learn/runs/schemas";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import { ClusterCard } from "./cluster-card";
import { NoDocuments, NotLearnedYet } from "./learn-empty-states";
import { LearnFigures } from "./learn-figures";
import { LearnRunPanel } from "./learn-run-panel";
import { MyLocks } from "./my-locks";

type Props = {
  project: LearnProjectDto;
  counts: LearnCounts;
  runs: LearnRunDto[];
  /** the current page of the clusters, by number */
  clusters: LearnClusterDto[];
  totalClusters: number;
  page: number;
  pageSize: number;
  /** shown while the project has no documents yet: how to post them */
  submissionKey: string | null;
  /**
   * The slot of the learn run's controls ("learn now" and what goes with it), placed beside the latest run; the learn
   * runs' step fills it.
   */
  runControls?: ReactNode;
  /** the export of the complete named clusters into an extraction project, under the figures */
  exportControls?: ReactNode;
  /** the clusters whose lock the signed-in user holds (their names): the notice with "release my locks" */
  myLocks?: string[];
};

/** The learn portal's overview (DESIGN.md "Learn"): figures, the latest run with its progress, the clusters. */
export async function LearnOverview(props: Props) {
  const t = await getTranslations("learnPortal");
  const { project, counts } = props;
  return (
    <>
      <PageHeader title={project.name} />
      {project.deletedAt && (
        <p className="mb-4 rounded-md border border-destructive px-4 py-3 text-sm" role="status" data-testid="learn-deleted">
          {t("deletedText")}
        </p>
      )}
      {!project.deletedAt && <MyLocks projectId={project.id} clusters={props.myLocks ?? []} />}
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-4">
          <LearnFigures counts={counts} />
          {props.exportControls}
        </div>
        <LearnRunPanel runs={props.runs} pending={counts.pending}>
          {props.runControls}
        </LearnRunPanel>
      </div>
      <section aria-labelledby="clusters-heading" className="mt-8">
        <h2 id="clusters-heading" className="mb-4 text-xl font-semibold">
          {t("clustersTitle", { count: props.totalClusters })}
        </h2>
        {counts.documents === 0 ? (
          <NoDocuments project={project} submissionKey={props.submissionKey} />
        ) : props.totalClusters === 0 ? (
          <NotLearnedYet pending={counts.pending} />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="cluster-grid">
              {props.clusters.map((cluster) => (
                <li key={cluster.id} className="min-w-0">
                  <ClusterCard cluster={cluster} project={project} />
                </li>
              ))}
            </ul>
            <Pager page={props.page} pageSize={props.pageSize} total={props.totalClusters} />
          </>
        )}
      </section>
    </>
  );
}
