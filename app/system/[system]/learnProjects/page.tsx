import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { IncludeDeletedToggle } from "@/components/learn/include-deleted";
import { LearnProjectsTable } from "@/components/learn/learn-projects-table";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { listLearnProjects } from "@/lib/learn/queries";
import { clampPage, parsePaging } from "@/lib/paging";
import { getFeatureFlags } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("learnProjects"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LearnProjectsPage({ params, searchParams }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageProjects");
  const t = await getTranslations("learnProjects");
  const base = `/system/${encodeURIComponent(system.name)}`;
  const query = await searchParams;
  const includeDeleted = query.includeDeleted === "true";
  const db = await getDb();
  const [all, flags] = await Promise.all([listLearnProjects(db, { systemId: system.id, includeDeleted }), getFeatureFlags(db)]);
  const paging = parsePaging(query);
  const page = clampPage(paging.page, all.length, paging.pageSize);
  return (
    <>
      <PageHeader title={t("title")}>
        <Button asChild>
          <Link href={`${base}/learnProjects/add`} data-testid="add-learn-project">
            <PlusIcon />
            {t("add")}
          </Link>
        </Button>
      </PageHeader>
      <IncludeDeletedToggle checked={includeDeleted} />
      <LearnProjectsTable
        rows={all.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
        total={all.length}
        page={page}
        pageSize={paging.pageSize}
        base={base}
        systemName={system.name}
        learnPortal={flags.LearnPortal}
      />
    </>
  );
}
