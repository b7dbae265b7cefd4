import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { ProjectUploadForm } from "@/components/projects/project-upload-form";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("learnProjects"))("addTitle") };
}

type Props = { params: Promise<{ system: string }> };

export default async function LearnProjectAddPage({ params }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageProjects");
  return (
    <>
      <PageHeader title={(await getTranslations("learnProjects"))("addTitle")} />
      <ProjectUploadForm area="learn" mode="add" systemId={system.id} base={`/system/${encodeURIComponent(system.name)}`} />
    </>
  );
}
