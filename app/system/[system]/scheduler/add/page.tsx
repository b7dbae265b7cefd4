import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TaskFormPage } from "@/components/scheduler/task-form-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { functionsFor } from "@/lib/scheduler/functions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scheduler"))("addTitle") };
}

type Props = { params: Promise<{ system: string }> };

/** Named route schedulerTaskAdd: spec §2, the system portal offers only the custom functions for system use. */
export default async function SystemSchedulerTaskAddPage({ params }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageScheduler");
  return (
    <TaskFormPage
      system={system}
      functions={functionsFor(false).map((f) => f.name)}
      base={`/system/${encodeURIComponent(system.name)}/scheduler`}
    />
  );
}
