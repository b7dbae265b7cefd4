import { ArrowLeftIcon, PencilIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LicenceDetail } from "@/components/licences/licence-detail";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminPage } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { getLicence, licenceChildTree, licenceParents, systemsUsingLicence } from "@/lib/licences/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("licence"))("details") };
}

type Props = { params: Promise<{ licenceId: string }> };

/** Named route adminManageLicenceDetails (param licenceId). */
export default async function LicenceDetailPage({ params }: Props) {
  const caller = await requireAdminPage("ManageAdminLicence");
  const id = decodeURIComponent((await params).licenceId);
  const db = await getDb();
  const licence = await getLicence(db, { id });
  if (!licence) notFound();
  const [tree, systemsUsing, parents] = await Promise.all([
    licenceChildTree(db, { ids: licence.childLicences }),
    systemsUsingLicence(db, { id: licence.id }),
    licenceParents(db, { id: licence.id }),
  ]);
  const t = await getTranslations("licence");
  return (
    <>
      <PageHeader title={licence.name}>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link href={licence.isVirtual ? "/admin/licence?selectVirtualTab=true" : "/admin/licence"}>
              <ArrowLeftIcon />
              {t("back")}
            </Link>
          </Button>
          {hasPermission(caller.roles, "ManageAdminLicence") && (
            <Button asChild>
              <Link href={`/admin/licence/${encodeURIComponent(licence.id)}/edit`} data-testid="edit-licence">
                <PencilIcon />
                {t("edit")}
              </Link>
            </Button>
          )}
        </div>
      </PageHeader>
      <LicenceDetail licence={licence} tree={tree} systemsUsing={systemsUsing} parents={parents} links />
    </>
  );
}
