"use client";

import { CheckCircle2Icon, PencilIcon, PlayIcon, Trash2Icon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { TruncatedText } from "@/components/ui/truncated-text";
import { deleteTaskAction, forceTaskAction } from "@/lib/scheduler/actions";
import type { TaskDto } from "@/lib/scheduler/schemas";
import { cn } from "@/lib/utils";
import { useFunctionName } from "./use-function-name";

const column = dataTableColumnHelper<TaskDto>();

/**
 * spec operations §2 "Scheduler" list: tasks sorted by name with last and next run ("calculation pending" while a
 * schedule is needed and none is computed), disabled tasks italic grey, edit, delete (yes/no; not internal tasks)
 * and force start; the list reloads after delete and force (§4). Beyond the spec: the last run's outcome.
 */
export function TasksTable({
  rows,
  total,
  page,
  pageSize,
  base,
  systemName,
}: {
  rows: TaskDto[];
  total: number;
  page: number;
  pageSize: number;
  /** the portal's scheduler route, e.g. /admin/scheduler */
  base: string;
  /** the portal's system (the Supersystem in the admin portal) */
  systemName: string;
}) {
  const t = useTranslations("scheduler");
  const general = useTranslations("general");
  const functionName = useFunctionName();
  const { dateTime } = useDates();
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  const columns = useMemo(() => {
    const remove = (task: TaskDto) =>
      startTransition(async () => {
        const result = await deleteTaskAction({ systemName, id: task.id });
        router.refresh();
        if (!result.ok) return notifyErrors(result.errors, (error) => general("general_error_common", { error }));
        notify("success", t("scheduler_text_deleted"));
      });
    const force = (task: TaskDto) =>
      startTransition(async () => {
        const result = await forceTaskAction({ systemName, id: task.id });
        router.refresh();
        if (!result.ok) return notifyErrors(result.errors, (error) => general("general_error_common", { error }));
        notify("success", t("scheduler_text_started"));
      });
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        cell: ({ row }) => (
          <TruncatedText text={row.original.name} className="max-w-48">
            <Link
              className={cn(
                "font-medium underline underline-offset-4",
                row.original.disabled ? "text-muted-foreground" : "text-primary",
              )}
              href={`${base}/edit/${row.original.id}`}
            >
              {row.original.name}
            </Link>
          </TruncatedText>
        ),
      }),
      column.accessor("function", {
        header: t("function"),
        cell: (i) => <TruncatedText text={functionName(i.getValue())} className="max-w-40" />,
      }),
      // beyond the spec: the last run's outcome under its time (ok, or error with its message)
      column.accessor("lastDateTime", {
        header: t("lastRun"),
        cell: ({ row }) => (
          <div className="grid gap-0.5">
            <span className="whitespace-nowrap tabular-nums">{dateTime(row.original.lastDateTime)}</span>
            <Outcome outcome={row.original.lastOutcome} message={row.original.lastMessage} />
          </div>
        ),
      }),
      column.accessor("nextDateTime", {
        header: t("nextRun"),
        cell: ({ row }) => {
          const { nextDateTime, needsSchedule } = row.original;
          if (!nextDateTime && needsSchedule) return <span data-testid="calculation-pending">{t("calculationPending")}</span>;
          return <span className="whitespace-nowrap tabular-nums">{dateTime(nextDateTime)}</span>;
        },
      }),
      column.accessor("disabled", {
        header: t("enabled"),
        cell: (i) => (i.getValue() ? t("no") : t("yes")),
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => (
          <RowActions
            actions={[
              { label: t("edit"), icon: PencilIcon, href: `${base}/edit/${row.original.id}`, testId: "edit-task" },
              { label: t("forceStart"), icon: PlayIcon, onClick: () => force(row.original), testId: "force-task" },
              ...(row.original.isInternal
                ? []
                : [
                    {
                      label: t("delete"),
                      icon: Trash2Icon,
                      destructive: true,
                      onClick: () => remove(row.original),
                      testId: "delete-task",
                      confirm: {
                        title: t("deleteTitle", { name: row.original.name }),
                        description: t("deleteText"),
                        confirmLabel: t("yes"),
                        cancelLabel: t("no"),
                      },
                    },
                  ]),
            ]}
          />
        ),
      }),
    ]);
  }, [t, general, base, systemName, functionName, dateTime, notify, notifyErrors, router]);
  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      sortable={false}
      getRowId={(task) => task.id}
      emptyText={t("empty")}
      rowClassName={(task) => (task.disabled ? "text-muted-foreground italic" : undefined)}
      testId="tasks-table"
    />
  );
}

function Outcome({ outcome, message }: { outcome: TaskDto["lastOutcome"]; message: TaskDto["lastMessage"] }) {
  const t = useTranslations("scheduler");
  if (!outcome) return null;
  if (outcome === "ok")
    return (
      <span className="inline-flex items-center gap-1 text-success text-xs" data-testid="outcome-ok">
        <CheckCircle2Icon className="size-3.5" aria-hidden="true" />
        {t("outcome_ok")}
      </span>
    );
  const text = message ? t("outcome_errorWith", { message }) : t("outcome_error");
  return (
    <span className="inline-flex min-w-0 items-center gap-1 text-destructive text-xs" data-testid="outcome-error">
      <XCircleIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <TruncatedText text={text} className="max-w-40" />
    </span>
  );
}
