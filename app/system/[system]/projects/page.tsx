import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { ProjectsTable } from "@/components/projects/projects-table";
import { Button } from "@/components/ui/button";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { clampPage, parsePaging } from "@/lib/paging";
import { listProjects } from "@/lib/projects/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("projects"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProjectsPage({ params, searchParams }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageProjects");
  const t = await getTranslations("projects");
  const base = `/system/${encodeURIComponent(system.name)}`;
  const all = await listProjects(await getDb(), { systemId: system.id });
  const paging = parsePaging(await searchParams);
  const page = clampPage(paging.page, all.length, paging.pageSize);
  return (
    <>
      <PageHeader title={t("title")}>
        <Button asChild>
          <Link href={`${base}/projects/add`} data-testid="add-project">
            <PlusIcon />
            {t("add")}
          </Link>
        </Button>
      </PageHeader>
      <ProjectsTable
        rows={all.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
        total={all.length}
        page={page}
        pageSize={paging.pageSize}
        base={base}
      />
    </>
  );
}
