import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { ResourceForm } from "@/components/resources/resource-form";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("addTitle") };
}

type Props = { searchParams: Promise<{ type?: string; subtype?: string; subtypeId?: string; name?: string }> };

/** Named route addAdminResources (query type, subtype, subtypeId, name): a Global resource of the Supersystem. */
export default async function AddAdminResourcePage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminResources");
  const fixed = await searchParams;
  const t = await getTranslations("resources");
  return (
    <>
      <PageHeader title={fixed.name ? t("updateTitle", { name: fixed.name }) : t("addTitle")} />
      <ResourceForm systemId={caller.systemId} level="Global" base="/admin/resources" fixed={fixed} />
    </>
  );
}
