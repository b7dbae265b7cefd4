import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { loadRuns, loadScheduler, runsPaging } from "@/components/scheduler/load";
import { TaskFormPage } from "@/components/scheduler/task-form-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { functionsFor } from "@/lib/scheduler/functions";
import { listTaskRuns, readTask } from "@/lib/scheduler/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scheduler"))("title") };
}

type Props = {
  params: Promise<{ system: string; taskId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Named route schedulerTaskEdit (taskId): a task of the page's system; another system's task is not found. */
export default async function SystemSchedulerTaskEditPage({ params, searchParams }: Props) {
  const { system: systemParam, taskId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageScheduler");
  if (!z.uuid().safeParse(taskId).success) notFound();
  const db = await getDb();
  const loaded = await loadScheduler(() => readTask(db, { caller, id: taskId }));
  if ("value" in loaded && loaded.value.systemId !== system.id) notFound();
  // the run history below the form: its page and page size in the URL query
  const paging = runsPaging(await searchParams);
  const runs =
    "value" in loaded
      ? await loadRuns(paging, (page) => listTaskRuns(db, { caller, id: taskId, page, pageSize: paging.pageSize }))
      : undefined;
  return (
    <TaskFormPage
      system={system}
      functions={functionsFor(false).map((f) => f.name)}
      base={`/system/${encodeURIComponent(system.name)}/scheduler`}
      loaded={loaded}
      runs={runs}
    />
  );
}
