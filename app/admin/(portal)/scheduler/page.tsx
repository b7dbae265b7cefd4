import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadScheduler } from "@/components/scheduler/load";
import { SchedulerPage } from "@/components/scheduler/scheduler-page";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { parsePaging } from "@/lib/paging";
import { readScheduler } from "@/lib/scheduler/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scheduler"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route adminScheduler: the global scheduler (the Supersystem's) with its checkInterval. */
export default async function AdminSchedulerPage({ searchParams }: Props) {
  const caller = await requireAdminPage("AdminManageScheduler");
  const db = await getDb();
  const loaded = await loadScheduler(() => readScheduler(db, { caller, systemId: caller.systemId }));
  return (
    <SchedulerPage
      loaded={loaded}
      paging={parsePaging(await searchParams)}
      base="/admin/scheduler"
      systemName={caller.systemName}
      admin
    />
  );
}
