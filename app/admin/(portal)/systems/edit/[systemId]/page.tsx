import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { PageHeader } from "@/components/portal/page-header";
import { SystemForm } from "@/components/systems/system-form";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { listLicences } from "@/lib/licences/queries";
import { getSystemDto } from "@/lib/systems/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("systems"))("title") };
}

type Props = { params: Promise<{ systemId: string }> };

/** Named route adminManagesystemsEdit (param systemId). */
export default async function SystemEditPage({ params }: Props) {
  await requireAdminPage("ManageSystems");
  const { systemId } = await params;
  if (!z.uuid().safeParse(systemId).success) notFound();
  const system = await getSystemDto(await getDb(), { id: systemId });
  if (!system) notFound();
  const t = await getTranslations("systems");
  return (
    <>
      <PageHeader title={t("editTitle", { name: system.name })} />
      <SystemForm system={system} licences={(await listLicences(await getDb())).map(({ id, name }) => ({ id, name }))} />
    </>
  );
}
