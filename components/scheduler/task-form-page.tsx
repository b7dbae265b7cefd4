import { getTranslations } from "next-intl/server";
import type { Loaded } from "@/components/portal/load";
import { PageHeader } from "@/components/portal/page-header";
import type { TaskFunctionName } from "@/lib/scheduler/functions";
import { serverTimeZone } from "@/lib/scheduler/next-run";
import type { TaskDto, TaskRunPage } from "@/lib/scheduler/schemas";
import { SchedulerLoadFailed } from "./scheduler-page";
import { TaskForm } from "./task-form";
import { internalTaskNames } from "./task-names";
import { TaskRuns } from "./task-runs";

type Props = {
  system: { id: string; name: string };
  functions: readonly TaskFunctionName[];
  base: string;
  /** edit: the task, or why it could not be read; add: absent */
  loaded?: Loaded<TaskDto>;
  /** edit: the asked page of the task's run history, or why it could not be read */
  runs?: Loaded<{ runs: TaskRunPage; page: number; pageSize: number }>;
};

/** spec operations §2 "Task form" as the add and edit pages of both portals show it. */
export async function TaskFormPage({ system, functions, base, loaded, runs }: Props) {
  const t = await getTranslations("scheduler");
  if (loaded && "errors" in loaded)
    return (
      <>
        <PageHeader title={t("title")} />
        <SchedulerLoadFailed errors={loaded.errors} />
      </>
    );
  const task = loaded?.value;
  // one zone on every scheduler page: the server's, in which the times typed here count (named beside the inputs)
  const timeZone = serverTimeZone();
  const name = task ? ((await internalTaskNames([task]))[task.id] ?? task.name) : "";
  return (
    <>
      <PageHeader title={task ? t("editTitle", { name }) : t("addTitle")} />
      <TaskForm system={system} functions={functions} task={task} base={base} timeZone={timeZone} />
      {runs && "errors" in runs && (
        <div className="mt-6 max-w-5xl">
          <SchedulerLoadFailed errors={runs.errors} />
        </div>
      )}
      {runs && "value" in runs && (
        <TaskRuns runs={runs.value.runs} page={runs.value.page} pageSize={runs.value.pageSize} timeZone={timeZone} />
      )}
    </>
  );
}
