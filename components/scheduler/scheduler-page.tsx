import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/portal/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { clampPage, type Paging } from "@/lib/paging";
import type { SchedulerDto } from "@/lib/scheduler/schemas";
import { CheckIntervalForm } from "./check-interval-form";
import { TasksTable } from "./tasks-table";

type Props = {
  /** the scheduler, or why it could not be read (spec §8 scheduler_error_load) */
  loaded: { scheduler: SchedulerDto } | { errors: ErrorEntry[] };
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
        <LoadFailed entries={loaded.errors} />
      </>
    );
  const { tasks, checkInterval } = loaded.scheduler;
  const page = clampPage(paging.page, tasks.length, paging.pageSize);
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
      <TasksTable
        rows={tasks.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
        total={tasks.length}
        page={page}
        pageSize={paging.pageSize}
        base={base}
        systemName={systemName}
      />
    </>
  );
}

/** spec operations §8 scheduler_error_load, with the reasons translated. */
export async function LoadFailed({ entries }: { entries: ErrorEntry[] }) {
  const t = await getTranslations("scheduler");
  const te = await getTranslations("errors");
  const error = entries.map((e) => (te.has(e.code) ? te(e.code, e.params ?? {}) : e.code)).join(" | ");
  return (
    <Alert variant="destructive" data-testid="scheduler-load-error">
      <AlertDescription>{t("scheduler_error_load", { error })}</AlertDescription>
    </Alert>
  );
}
