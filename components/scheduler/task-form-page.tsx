import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import type { ErrorEntry } from "@/lib/errors/app-error";
import type { TaskFunctionName } from "@/lib/scheduler/functions";
import type { TaskDto, TaskRunPage } from "@/lib/scheduler/schemas";
import { LoadFailed } from "./scheduler-page";
import { TaskForm } from "./task-form";
import { TaskRuns } from "./task-runs";

type Props = {
  system: { id: string; name: string };
  functions: readonly TaskFunctionName[];
  base: string;
  /** edit: the task, or why it could not be read; add: absent */
  loaded?: { task: TaskDto } | { errors: ErrorEntry[] };
  /** edit: the asked page of the task's run history, or why it could not be read */
  runs?: { runs: TaskRunPage; page: number; pageSize: number } | { errors: ErrorEntry[] };
};

/** spec operations §2 "Task form" as the add and edit pages of both portals show it. */
export async function TaskFormPage({ system, functions, base, loaded, runs }: Props) {
  const t = await getTranslations("scheduler");
  if (loaded && "errors" in loaded)
    return (
      <>
        <PageHeader title={t("title")} />
        <LoadFailed entries={loaded.errors} />
      </>
    );
  const task = loaded?.task;
  return (
    <>
      <PageHeader title={task ? t("editTitle", { name: task.name }) : t("addTitle")} />
      <TaskForm system={system} functions={functions} task={task} base={base} />
      {runs && "errors" in runs && (
        <div className="mt-6 max-w-5xl">
          <LoadFailed entries={runs.errors} />
        </div>
      )}
      {runs && "runs" in runs && <TaskRuns runs={runs.runs} page={runs.page} pageSize={runs.pageSize} />}
    </>
  );
}
