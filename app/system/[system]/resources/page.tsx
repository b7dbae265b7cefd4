import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { ResourceTypesView } from "@/components/resources/resource-types-view";
import { requireSystemPage } from "@/lib/auth/guard";
import { parsePaging } from "@/lib/paging";
import { listResourcePools } from "@/lib/resources/queries";
import { isResourceType } from "@/lib/resources/rules";
import { getDb } from "@/lib/setup/bootstrap";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<{ type?: string; page?: string; pageSize?: string }> };

/** Named route resources (query type): the system's own resources. */
export default async function ResourcesPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageResources");
  const query = await searchParams;
  const type = query.type ?? "";
  const t = await getTranslations("resources");
  const pools = await listResourcePools(await getDb(), caller, system.id);
  return (
    <>
      <PageHeader title={t("title")} />
      <ResourceTypesView
        systemId={system.id}
        pools={pools}
        type={isResourceType(type) ? type : "Profile"}
        paging={parsePaging(query)}
        base={`/system/${encodeURIComponent(system.name)}/resources`}
      />
    </>
  );
}
