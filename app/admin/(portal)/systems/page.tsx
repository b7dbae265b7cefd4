import { PlusIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { parseSort } from "@/components/data-table/sort";
import { PageHeader } from "@/components/portal/page-header";
import { SystemsTable } from "@/components/systems/systems-table";
import { Button } from "@/components/ui/button";
import { requireAdminPage } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { clampPage, parsePaging } from "@/lib/paging";
import { listSystems } from "@/lib/systems/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("systems"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const SORTABLE = ["name", "type", "isActive"] as const;

/** Named route adminManagesystems. */
export default async function SystemsPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageSystems");
  const t = await getTranslations("systems");
  const query = await searchParams;
  const paging = parsePaging(query);
  const sort = parseSort(Array.isArray(query.sort) ? query.sort[0] : query.sort, SORTABLE);
  const all = await listSystems(await getDb());
  const sorted = [...all].sort((a, b) => {
    for (const s of sort) {
      const x = String(a[s.id as (typeof SORTABLE)[number]]).toLowerCase();
      const y = String(b[s.id as (typeof SORTABLE)[number]]).toLowerCase();
      if (x !== y) return (x < y ? -1 : 1) * (s.desc ? -1 : 1);
    }
    return 0;
  });
  const page = clampPage(paging.page, sorted.length, paging.pageSize);
  const canEdit = hasPermission(caller.roles, "ManageSystems");
  return (
    <>
      <PageHeader title={t("title")}>
        {canEdit && (
          <Button asChild>
            <Link href="/admin/systems/add" data-testid="add-system">
              <PlusIcon />
              {t("add")}
            </Link>
          </Button>
        )}
      </PageHeader>
      <SystemsTable
        rows={sorted.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
        total={sorted.length}
        page={page}
        pageSize={paging.pageSize}
        canEdit={canEdit}
        canOpenPortal={canEdit}
      />
    </>
  );
}
