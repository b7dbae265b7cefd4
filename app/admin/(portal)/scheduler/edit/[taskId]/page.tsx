import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { loadRuns, loadScheduler, runsPaging } from "@/components/scheduler/load";
import { TaskFormPage } from "@/components/scheduler/task-form-page";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { functionsFor } from "@/lib/scheduler/functions";
import { listTaskRuns, readTask } from "@/lib/scheduler/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scheduler"))("title") };
}

type Props = {
  params: Promise<{ taskId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** Named route adminSchedulerTaskEdit (taskId): a task of the global scheduler. */
export default async function AdminSchedulerTaskEditPage({ params, searchParams }: Props) {
  const caller = await requireAdminPage("AdminManageScheduler");
  const { taskId } = await params;
  if (!z.uuid().safeParse(taskId).success) notFound();
  const db = await getDb();
  const loaded = await loadScheduler(() => readTask(db, { caller, id: taskId }));
  if ("value" in loaded && loaded.value.systemId !== caller.systemId) notFound();
  // the run history below the form: its page and page size in the URL query
  const paging = runsPaging(await searchParams);
  const runs =
    "value" in loaded
      ? await loadRuns(paging, (page) => listTaskRuns(db, { caller, id: taskId, page, pageSize: paging.pageSize }))
      : undefined;
  return (
    <TaskFormPage
      system={{ id: caller.systemId, name: caller.systemName }}
      functions={functionsFor(true).map((f) => f.name)}
      base="/admin/scheduler"
      loaded={loaded}
      runs={runs}
    />
  );
}
