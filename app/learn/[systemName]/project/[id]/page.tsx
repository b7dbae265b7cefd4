import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LearnExportCard } from "@/components/learn/learn-export-card";
import { LearnRunControl } from "@/components/learn/learn-run-control";
import { LearnOverview } from "@/components/learn-portal/learn-overview";
import { getDb } from "@/lib/db";
import { clusterChoices, latestRuns, learnCounts, pagedClusters } from "@/lib/learn/clusters/queries";
import { clusterLabel as clusterTitle } from "@/lib/learn/clusters/rules";
import { requireLearnPortal } from "@/lib/learn/portal";
import { exportTargets } from "@/lib/learn/runs/queries";
import { loadClampedPage, parsePaging } from "@/lib/paging";
import { submissionKeyOf } from "@/lib/projects/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("learnPortal"))("title") };
}

type Props = {
  params: Promise<{ systemName: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The learn portal's overview: the figures, the latest run, the clusters. */
export default async function LearnOverviewPage({ params, searchParams }: Props) {
  const { caller, project } = await requireLearnPortal(await params);
  const db = await getDb();
  const paging = parsePaging(await searchParams);
  const [counts, runs, targets, clusters, choices] = await Promise.all([
    learnCounts(db, project.id),
    latestRuns(db, project.id),
    exportTargets(db, project.systemId),
    loadClampedPage(paging, (page) => pagedClusters(db, project.id, { page, pageSize: paging.pageSize })),
    clusterChoices(db, project.id),
  ]);
  // the empty state tells how to post documents to the project: with its submission key
  const submissionKey = counts.documents === 0 ? await submissionKeyOf(db, { caller, id: project.id }) : null;
  const tr = await getTranslations("learnRuns");
  const disabledReason = project.deletedAt ? tr("unavailableDeleted") : project.updating ? tr("unavailableUpdating") : undefined;
  return (
    <LearnOverview
      project={project}
      counts={counts}
      runs={runs}
      clusters={clusters.result.items}
      totalClusters={clusters.result.totalCount}
      page={clusters.page}
      pageSize={paging.pageSize}
      submissionKey={submissionKey}
      myLocks={choices.filter((c) => c.locked && c.lockedById === caller.userId).map((c) => clusterTitle(c))}
      exportControls={
        <LearnExportCard
          projectId={project.id}
          targets={targets}
          linkedProjectId={project.linkedProjectId}
          disabledReason={project.deletedAt ? tr("unavailableDeleted") : undefined}
        />
      }
      runControls={
        <LearnRunControl projectId={project.id} latest={runs[0] ?? null} disabledReason={disabledReason} withStatus={false} />
      }
    />
  );
}
