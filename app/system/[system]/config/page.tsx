import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SystemConfigForm } from "@/components/config/system-config-form";
import { SystemConfigNav } from "@/components/config/system-config-nav";
import { PageHeader } from "@/components/portal/page-header";
import { requireSystemPage } from "@/lib/auth/guard";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { getDb } from "@/lib/db";
import { getSystemDto } from "@/lib/systems/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("systemconfig"))("title") };
}

type Props = { params: Promise<{ system: string }> };

/** spec operations §2 "System configuration": the cognitive cloud service API key; its tab beside the webhooks'. */
export default async function SystemConfigPage({ params }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageSystemConfig");
  const t = await getTranslations("systemconfig");
  const dto = await getSystemDto(await getDb(), { id: system.id });
  return (
    <>
      <PageHeader title={t("title")} />
      <SystemConfigNav systemName={system.name} current="general" />
      <SystemConfigForm systemId={system.id} keySet={dto?.ccsApiKey === SECRET_PLACEHOLDER} />
    </>
  );
}
