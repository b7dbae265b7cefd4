import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PoolPage } from "@/components/resources/pages";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("resources"))("title") };
}

type Props = {
  params: Promise<{ system: string; subtypeId: string }>;
  searchParams: Promise<{ page?: string; pageSize?: string }>;
};

/** Named route manageResources (param subtypeId): one pool of the system's own resources. */
export default async function SystemPoolPage({ params, searchParams }: Props) {
  const { system: systemParam, subtypeId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageResources");
  return (
    <PoolPage
      caller={caller}
      systemId={system.id}
      subtypeId={subtypeId}
      titleKey="title"
      base={`/system/${encodeURIComponent(system.name)}/resources`}
      query={await searchParams}
    />
  );
}
