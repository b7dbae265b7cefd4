import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DownloadsPage } from "@/components/downloads/downloads-page";
import { type DownloadsQuery, loadDownloadsView } from "@/components/downloads/load";
import { FeatureOff } from "@/components/portal/feature-off";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getFeatureFlags } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("downloads"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<DownloadsQuery> };

/** Named route downloads of the system portal: the system's own downloads (any user of the portal; see the tabs). */
export default async function SystemDownloadsPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system);
  const db = await getDb();
  if (!(await getFeatureFlags(db)).Download) return <FeatureOff feature="Download" />;
  const view = await loadDownloadsView(db, {
    caller,
    scope: "system",
    systemId: system.id,
    query: await searchParams,
  });
  return <DownloadsPage view={view} admin={false} systemId={system.id} />;
}
