import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WorkerSettings } from "@/components/config/worker-settings";
import { PageHeader } from "@/components/portal/page-header";
import { requireAdminPage } from "@/lib/auth/guard";
import { isConfigurationExportDisabled } from "@/lib/config/access";
import { readLearnWorkerConfig, readWorkerConfig } from "@/lib/config/queries";
import { getDb } from "@/lib/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("worker"))("title") };
}

/** spec operations §2 Worker settings: tabs Extraction and Learn; read-only when configuration export is disabled. */
export default async function WorkerSettingsPage() {
  const caller = await requireAdminPage("ManageConfiguration");
  const t = await getTranslations("worker");
  const db = await getDb();
  const [worker, learnWorker] = await Promise.all([readWorkerConfig(db, caller), readLearnWorkerConfig(db, caller)]);
  return (
    <>
      <PageHeader title={t("title")} />
      <WorkerSettings worker={worker} learnWorker={learnWorker} readOnly={isConfigurationExportDisabled()} />
    </>
  );
}
