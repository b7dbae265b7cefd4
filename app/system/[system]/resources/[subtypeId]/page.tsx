import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { PoolDetailView } from "@/components/resources/pool-detail-view";
import { requireSystemPage } from "@/lib/auth/guard";
import { parsePaging } from "@/lib/paging";
import { poolDetailOf } from "@/lib/resources/queries";
import { getDb } from "@/lib/setup/bootstrap";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("title") };
}

type Props = {
  params: Promise<{ system: string; subtypeId: string }>;
  searchParams: Promise<{ page?: string; pageSize?: string }>;
};

/** Named route manageResources (param subtypeId): one pool with its resources. */
export default async function PoolPage({ params, searchParams }: Props) {
  const { system: systemParam, subtypeId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageResources");
  const detail = await poolDetailOf(await getDb(), caller, { systemId: system.id, subtypeId });
  if (!detail) notFound();
  return (
    <>
      <PageHeader title={detail.subtype.name} />
      <PoolDetailView
        systemId={system.id}
        detail={detail}
        base={`/system/${encodeURIComponent(system.name)}/resources`}
        paging={parsePaging(await searchParams)}
      />
    </>
  );
}
