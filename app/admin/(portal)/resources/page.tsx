import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { ResourceTypesView } from "@/components/resources/resource-types-view";
import { requireAdminPage } from "@/lib/auth/guard";
import { parsePaging } from "@/lib/paging";
import { listResourcePools } from "@/lib/resources/queries";
import { isResourceType } from "@/lib/resources/rules";
import { getDb } from "@/lib/setup/bootstrap";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("adminTitle") };
}

type Props = { searchParams: Promise<{ type?: string; page?: string; pageSize?: string }> };

/** Named route adminResources (query type): the Supersystem's Global resources. */
export default async function AdminResourcesPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminResources");
  const query = await searchParams;
  const type = query.type ?? "";
  const t = await getTranslations("resources");
  const pools = await listResourcePools(await getDb(), caller, caller.systemId);
  return (
    <>
      <PageHeader title={t("adminTitle")} />
      <ResourceTypesView
        systemId={caller.systemId}
        pools={pools}
        type={isResourceType(type) ? type : "Profile"}
        paging={parsePaging(query)}
        base="/admin/resources"
      />
    </>
  );
}
