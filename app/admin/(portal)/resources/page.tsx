import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResourcesPage } from "@/components/resources/pages";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("adminTitle") };
}

type Props = { searchParams: Promise<{ type?: string; page?: string; pageSize?: string }> };

/** Named route adminResources (query type): the Supersystem's Global resources. */
export default async function AdminResourcesPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminResources");
  return (
    <ResourcesPage
      caller={caller}
      systemId={caller.systemId}
      titleKey="adminTitle"
      base="/admin/resources"
      query={await searchParams}
    />
  );
}
