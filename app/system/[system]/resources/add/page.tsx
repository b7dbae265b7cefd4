import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { ResourceForm } from "@/components/resources/resource-form";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("addTitle") };
}

type Props = {
  params: Promise<{ system: string }>;
  searchParams: Promise<{ type?: string; subtype?: string; subtypeId?: string; name?: string }>;
};

/** Named route addResources (query type, subtype, subtypeId, name): a System-level resource of the system. */
export default async function AddResourcePage({ params, searchParams }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageResources");
  const fixed = await searchParams;
  const t = await getTranslations("resources");
  return (
    <>
      <PageHeader title={fixed.name ? t("updateTitle", { name: fixed.name }) : t("addTitle")} />
      <ResourceForm
        systemId={system.id}
        level="System"
        base={`/system/${encodeURIComponent(system.name)}/resources`}
        fixed={fixed}
      />
    </>
  );
}
