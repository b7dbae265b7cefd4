import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadScheduler } from "@/components/scheduler/load";
import { SchedulerPage } from "@/components/scheduler/scheduler-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { parsePaging } from "@/lib/paging";
import { readScheduler } from "@/lib/scheduler/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scheduler"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route scheduler of the system portal: the system's own scheduler (spec §2; no checkInterval here). */
export default async function SystemSchedulerPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageScheduler");
  const db = await getDb();
  const loaded = await loadScheduler(() => readScheduler(db, { caller, systemId: system.id }));
  return (
    <SchedulerPage
      loaded={loaded}
      paging={parsePaging(await searchParams)}
      base={`/system/${encodeURIComponent(system.name)}/scheduler`}
      systemName={system.name}
      admin={false}
    />
  );
}
