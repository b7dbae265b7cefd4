import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Loaded } from "@/components/portal/load";
import { LoadFailed } from "@/components/portal/load-failed";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { clampPage, type Paging } from "@/lib/paging";
import type { SchedulerDto } from "@/lib/scheduler/schemas";
import { CheckIntervalForm } from "./check-interval-form";
import { internalTaskNames } from "./task-names";
import { TasksTable } from "./tasks-table";

type Props = {
  /** the scheduler, or why it could not be read (spec §8 scheduler_error_load) */
  loaded: Loaded<SchedulerDto>;
  paging: Paging;
  /** the portal's scheduler route: /admin/scheduler or /system/{system}/scheduler */
  base: string;
  systemName: string;
  /** spec §2: the global checkInterval and its save button show only in the admin portal */
  admin: boolean;
};

/** spec operations §2 "Scheduler": the list of a scheduler's tasks, sorted by name (the admin portal: with checkInterval). */
export async function SchedulerPage({ loaded, paging, base, systemName, admin }: Props) {
  const t = await getTranslations("scheduler");
  const header = (children?: ReactNode) => <PageHeader title={t("title")}>{children}</PageHeader>;
  if ("errors" in loaded)
    return (
      <>
        {header()}
        <SchedulerLoadFailed errors={loaded.errors} />
      </>
    );
  const { tasks, checkInterval, timeZone } = loaded.value;
  const page = clampPage(paging.page, tasks.length, paging.pageSize);
  const shown = tasks.slice(page * paging.pageSize, (page + 1) * paging.pageSize);
  return (
    <>
      {header(
        <Button asChild>
          <Link href={`${base}/add`} data-testid="add-task">
            <PlusIcon />
            {t("add")}
          </Link>
        </Button>,
      )}
      {admin && <CheckIntervalForm checkInterval={checkInterval} />}
      <p className="mb-2 text-muted-foreground text-sm" data-testid="scheduler-time-zone">
        {t("timeZoneNote", { zone: timeZone })}
      </p>
      <TasksTable
        rows={shown}
        total={tasks.length}
        page={page}
        pageSize={paging.pageSize}
        base={base}
        systemName={systemName}
        timeZone={timeZone}
        names={await internalTaskNames(shown)}
      />
    </>
  );
}

/** spec operations §8 scheduler_error_load. */
export function SchedulerLoadFailed({ errors }: { errors: ErrorEntry[] }) {
  return <LoadFailed errors={errors} message="scheduler.scheduler_error_load" testId="scheduler-load-error" />;
}
