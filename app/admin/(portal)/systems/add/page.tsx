import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { SystemForm } from "@/components/systems/system-form";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { listLicences } from "@/lib/licences/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("systems"))("addTitle") };
}

/** Named route adminManagesystemsAdd. */
export default async function SystemAddPage() {
  await requireAdminPage("ManageSystems");
  const t = await getTranslations("systems");
  return (
    <>
      <PageHeader title={t("addTitle")} />
      <SystemForm licences={(await listLicences(await getDb())).map(({ id, name }) => ({ id, name }))} />
    </>
  );
}
