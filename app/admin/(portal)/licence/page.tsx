import { LayersIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AddCloudLicence, UploadLicence } from "@/components/licences/add-licence";
import { LicencesTable } from "@/components/licences/licences-table";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminPage } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { listLicences } from "@/lib/licences/queries";
import { clampPage, parsePaging } from "@/lib/paging";
import { cn } from "@/lib/utils";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("licence"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route adminManageLicence (param selectVirtualTab): tabs physical and virtual. */
export default async function LicencesPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminLicence");
  const t = await getTranslations("licence");
  const query = await searchParams;
  const virtual = query.selectVirtualTab === "true";
  const paging = parsePaging(query);
  const rows = (await listLicences(await getDb())).filter((l) => l.isVirtual === virtual);
  const page = clampPage(paging.page, rows.length, paging.pageSize);
  const canManage = hasPermission(caller.roles, "ManageAdminLicence");
  const tab = (active: boolean) =>
    cn(
      "rounded-md px-3 py-1.5 text-sm font-medium",
      active ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
    );
  return (
    <>
      <PageHeader title={t("title")}>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {virtual ? (
              <Button asChild>
                <Link href="/admin/licence/createVirtual" data-testid="create-virtual">
                  <LayersIcon />
                  {t("createVirtual")}
                </Link>
              </Button>
            ) : (
              <>
                <UploadLicence />
                <AddCloudLicence />
              </>
            )}
          </div>
        )}
      </PageHeader>
      <nav aria-label={t("title")} className="mb-4 inline-flex gap-1 rounded-lg bg-muted p-1">
        <Link
          href="/admin/licence"
          className={tab(!virtual)}
          aria-current={virtual ? undefined : "page"}
          data-testid="tab-physical"
        >
          {t("physical")}
        </Link>
        <Link
          href="/admin/licence?selectVirtualTab=true"
          className={tab(virtual)}
          aria-current={virtual ? "page" : undefined}
          data-testid="tab-virtual"
        >
          {t("virtual")}
        </Link>
      </nav>
      <LicencesTable
        rows={rows.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
        total={rows.length}
        page={page}
        pageSize={paging.pageSize}
        canManage={canManage}
        virtual={virtual}
      />
    </>
  );
}
