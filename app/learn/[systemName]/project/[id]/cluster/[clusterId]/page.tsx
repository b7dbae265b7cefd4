import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { ClusterPage } from "@/components/learn-portal/cluster-page";
import { hasPermission } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { clusterChoices, clusterDocuments, projectCluster } from "@/lib/learn/clusters/queries";
import { requireLearnPortal } from "@/lib/learn/portal";
import { loadClampedPage, parsePaging } from "@/lib/paging";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("learnPortal"))("clusterTitle") };
}

type Props = {
  params: Promise<{ systemName: string; id: string; clusterId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** One cluster of a learn project: its name and complete mark, its lock, its documents, merge, split and move. */
export default async function LearnClusterPage({ params, searchParams }: Props) {
  const { clusterId, ...portal } = await params;
  const { caller, project } = await requireLearnPortal(portal);
  if (!z.uuid().safeParse(clusterId).success) notFound();
  const db = await getDb();
  const cluster = await projectCluster(db, project.id, clusterId).catch(() => undefined);
  if (!cluster) notFound();
  const paging = parsePaging(await searchParams);
  const [documents, choices] = await Promise.all([
    loadClampedPage(paging, (page) =>
      clusterDocuments(db, { projectId: project.id, clusterId, page, pageSize: paging.pageSize }),
    ),
    clusterChoices(db, project.id),
  ]);
  return (
    <ClusterPage
      project={project}
      cluster={cluster}
      documents={documents.result.items}
      totalDocuments={documents.result.totalCount}
      page={documents.page}
      pageSize={paging.pageSize}
      choices={choices.filter((c) => c.id !== cluster.id)}
      userId={caller.userId}
      canBreakLocks={hasPermission(caller.roles, "BreakClusterLocks")}
    />
  );
}
