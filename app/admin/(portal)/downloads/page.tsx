import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DownloadsPage } from "@/components/downloads/downloads-page";
import { type DownloadsQuery, loadDownloadsView } from "@/components/downloads/load";
import { FeatureOff } from "@/components/portal/feature-off";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getFeatureFlags } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("downloads"))("title") };
}

type Props = { searchParams: Promise<DownloadsQuery> };

/** Named route downloads of the admin portal: every system's downloads and the archives over all systems. */
export default async function AdminDownloadsPage({ searchParams }: Props) {
  const caller = await requireAdminPage();
  const db = await getDb();
  if (!(await getFeatureFlags(db)).Download) return <FeatureOff feature="Download" />;
  const view = await loadDownloadsView(db, { caller, scope: "admin", query: await searchParams });
  return <DownloadsPage view={view} admin />;
}
