import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { LinkedLearnProject } from "@/components/learn/linked-learn-project";
import { PageHeader } from "@/components/portal/page-header";
import { ProjectEditor } from "@/components/projects/project-editor";
import { ProjectUploadForm } from "@/components/projects/project-upload-form";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { linkedLearnProjectOf } from "@/lib/learn/queries";
import { projectForCaller, submissionKeyOf, toProjectDto } from "@/lib/projects/queries";
import { learnedClassesOf } from "@/lib/projects/rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("projects"))("title") };
}

type Props = { params: Promise<{ system: string; projectId: string }> };

export default async function ProjectEditPage({ params }: Props) {
  const { system: systemParam, projectId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageProjects");
  if (!z.uuid().safeParse(projectId).success) notFound();
  const db = await getDb();
  const found = await projectForCaller(db, caller, projectId).catch(() => undefined);
  if (!found || found.project.systemId !== system.id) notFound();
  const project = toProjectDto(found.project, found.systemName);
  const t = await getTranslations("projects");
  // the learn project whose clusters this project classifies with, if any
  const linked = await linkedLearnProjectOf(db, project.id);
  return (
    <>
      <PageHeader title={t("editTitle", { name: project.name })} />
      <div className="grid gap-4">
        <ProjectEditor project={project} submissionKey={await submissionKeyOf(db, { caller, id: project.id })} />
        {linked && (
          <LinkedLearnProject
            systemName={system.name}
            learnProject={linked}
            learnedClasses={learnedClassesOf(found.project.documentClasses).map((c) => c.name)}
          />
        )}
        <ProjectUploadForm
          mode="version"
          projectId={project.id}
          version={project.version}
          base={`/system/${encodeURIComponent(system.name)}`}
        />
      </div>
    </>
  );
}
