import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ResourcesPage } from "@/components/resources/pages";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<{ type?: string; page?: string; pageSize?: string }> };

/** Named route resources (query type): the system's own resources. */
export default async function SystemResourcesPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageResources");
  return (
    <ResourcesPage
      caller={caller}
      systemId={system.id}
      titleKey="title"
      base={`/system/${encodeURIComponent(system.name)}/resources`}
      query={await searchParams}
    />
  );
}
