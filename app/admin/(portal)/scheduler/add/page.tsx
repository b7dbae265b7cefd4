import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TaskFormPage } from "@/components/scheduler/task-form-page";
import { requireAdminPage } from "@/lib/auth/guard";
import { functionsFor } from "@/lib/scheduler/functions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("scheduler"))("addTitle") };
}

/** Named route adminSchedulerTaskAdd: every offered function (spec §2). */
export default async function AdminSchedulerTaskAddPage() {
  const caller = await requireAdminPage("AdminManageScheduler");
  return (
    <TaskFormPage
      system={{ id: caller.systemId, name: caller.systemName }}
      functions={functionsFor(true).map((f) => f.name)}
      base="/admin/scheduler"
    />
  );
}
