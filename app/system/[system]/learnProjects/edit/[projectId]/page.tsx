import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { LearnExportCard } from "@/components/learn/learn-export-card";
import { LearnProjectEditor } from "@/components/learn/learn-project-editor";
import { LearnRunControl } from "@/components/learn/learn-run-control";
import { PageHeader } from "@/components/portal/page-header";
import { ProjectUploadForm } from "@/components/projects/project-upload-form";
import { SubmissionKeyCard } from "@/components/projects/submission-key-card";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { learnProjectForCaller, toLearnProjectDto } from "@/lib/learn/queries";
import { exportTargets, listLearnRuns } from "@/lib/learn/runs/queries";
import { submissionKeyOf } from "@/lib/projects/queries";
import { getFeatureFlags } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("learnProjects"))("title") };
}

type Props = { params: Promise<{ system: string; projectId: string }> };

export default async function LearnProjectEditPage({ params }: Props) {
  const { system: systemParam, projectId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageProjects");
  if (!z.uuid().safeParse(projectId).success) notFound();
  const db = await getDb();
  const found = await learnProjectForCaller(db, caller, projectId).catch(() => undefined);
  if (!found || found.project.systemId !== system.id) notFound();
  const project = toLearnProjectDto(found.project, found.systemName);
  const deleted = project.deletedAt !== null;
  const t = await getTranslations("learnProjects");
  const tr = await getTranslations("learnRuns");
  const [runs, targets, flags] = await Promise.all([
    listLearnRuns(db, { projectId: project.id, page: 0, pageSize: 1 }),
    exportTargets(db, system.id),
    getFeatureFlags(db),
  ]);
  const disabledReason = deleted ? tr("unavailableDeleted") : project.updating ? tr("unavailableUpdating") : undefined;
  return (
    <>
      <PageHeader title={t("editTitle", { name: project.name })} />
      <div className="grid max-w-3xl gap-4">
        <LearnProjectEditor project={project} learnPortal={flags.LearnPortal} />
        {!deleted && (
          <ProjectUploadForm
            area="learn"
            mode="version"
            projectId={project.id}
            version={project.version}
            base={`/system/${encodeURIComponent(system.name)}`}
          />
        )}
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{tr("title")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <LearnRunControl projectId={project.id} latest={runs.items[0] ?? null} disabledReason={disabledReason} />
          </CardContent>
        </Card>
        <LearnExportCard
          projectId={project.id}
          targets={targets}
          linkedProjectId={project.linkedProjectId}
          disabledReason={deleted ? tr("unavailableDeleted") : undefined}
        />
        <SubmissionKeyCard
          projectId={project.id}
          submissionKey={await submissionKeyOf(db, { caller, id: project.id })}
          readOnly={deleted}
        />
      </div>
    </>
  );
}
