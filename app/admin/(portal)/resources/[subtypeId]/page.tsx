import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { PoolDetailView } from "@/components/resources/pool-detail-view";
import { requireAdminPage } from "@/lib/auth/guard";
import { parsePaging } from "@/lib/paging";
import { poolDetailOf } from "@/lib/resources/queries";
import { getDb } from "@/lib/setup/bootstrap";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("adminTitle") };
}

type Props = { params: Promise<{ subtypeId: string }>; searchParams: Promise<{ page?: string; pageSize?: string }> };

/** Named route adminManageResources (param subtypeId): one pool with its resources. */
export default async function AdminPoolPage({ params, searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminResources");
  const detail = await poolDetailOf(await getDb(), caller, { systemId: caller.systemId, subtypeId: (await params).subtypeId });
  if (!detail) notFound();
  return (
    <>
      <PageHeader title={detail.subtype.name} />
      <PoolDetailView
        systemId={caller.systemId}
        detail={detail}
        base="/admin/resources"
        paging={parsePaging(await searchParams)}
      />
    </>
  );
}
