import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PoolPage } from "@/components/resources/pages";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("adminTitle") };
}

type Props = { params: Promise<{ subtypeId: string }>; searchParams: Promise<{ page?: string; pageSize?: string }> };

/** Named route adminManageResources (param subtypeId): one pool of the Global resources. */
export default async function AdminPoolPage({ params, searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminResources");
  return (
    <PoolPage
      caller={caller}
      systemId={caller.systemId}
      subtypeId={(await params).subtypeId}
      titleKey="adminTitle"
      base="/admin/resources"
      query={await searchParams}
    />
  );
}
