import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LicenceEditForm } from "@/components/licences/licence-forms";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getLicence, listLicences } from "@/lib/licences/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("licence"))("edit") };
}

type Props = { params: Promise<{ licenceId: string }> };

/** Named route adminEditLicenceDetails (params licenceId, originType=editLicence). */
export default async function LicenceEditPage({ params }: Props) {
  await requireAdminPage("ManageAdminLicence");
  const id = decodeURIComponent((await params).licenceId);
  const db = await getDb();
  const licence = await getLicence(db, { id });
  if (!licence) notFound();
  const pool = (await listLicences(db)).map(({ id: poolId, name }) => ({ id: poolId, name }));
  return (
    <>
      <PageHeader title={`${(await getTranslations("licence"))("edit")}: ${licence.name}`} />
      <LicenceEditForm licence={licence} pool={pool} />
    </>
  );
}
