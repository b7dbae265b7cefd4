import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CreateVirtualForm } from "@/components/licences/licence-forms";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { listLicences } from "@/lib/licences/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("licence"))("createVirtual") };
}

/** Named route adminCreateVirtualLicence (param originType=createVirtual). */
export default async function CreateVirtualPage() {
  await requireAdminPage("ManageAdminLicence");
  const pool = (await listLicences(await getDb())).map(({ id, name }) => ({ id, name }));
  return (
    <>
      <PageHeader title={(await getTranslations("licence"))("createVirtual")} />
      <CreateVirtualForm pool={pool} />
    </>
  );
}
