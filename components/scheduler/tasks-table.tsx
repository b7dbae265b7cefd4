"use client";

import { CheckCircle2Icon, LoaderIcon, PencilIcon, PlayIcon, Trash2Icon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useStatus } from "@/components/shell/status-bar";
import { formatDateTime } from "@/lib/i18n/dates";
import { deleteTaskAction, forceTaskAction } from "@/lib/scheduler/actions";
import type { TaskDto } from "@/lib/scheduler/schemas";
import { cn } from "@/lib/utils";
import { useFunctionName } from "./use-function-name";

const column = dataTableColumnHelper<TaskDto>();

/** How often the list reads itself again while a forced task waits for its run or runs. */
const WATCH_MS = 2000;
/** A forced run not over after this long is left to the reader's own reload. */
const WATCH_LIMIT_MS = 10 * 60_000;

/**
 * spec operations §2 "Scheduler" list: tasks sorted by name with last and next run ("calculation pending" while a
 * schedule is needed and none is computed), disabled tasks italic grey and without a next run (they do not run), edit,
 * delete (yes/no; not internal tasks) and force start; the list reloads after delete and force (§4), and after a force
 * start goes on reading itself until the run is over, so that its time and outcome show without a reload. A disabled
 * task's force start is disabled with the reason (the server refuses it: TaskDisabled). Times are the server's, in
 * whose zone the tasks are scheduled.
 * Beyond the spec: the last run's outcome, or that a start is requested or the task runs.
 */
export function TasksTable({
  rows,
  total,
  page,
  pageSize,
  base,
  systemName,
  timeZone,
  names,
}: {
  rows: TaskDto[];
  total: number;
  page: number;
  pageSize: number;
  /** the portal's scheduler route, e.g. /admin/scheduler */
  base: string;
  /** the portal's system (the Supersystem in the admin portal) */
  systemName: string;
  /** the server's time zone, in which the tasks' times count (lib/scheduler/next-run.ts serverTimeZone) */
  timeZone: string;
  /** display names by task id: an internal task's own name in the user's language (the stored name stays) */
  names: Record<string, string>;
}) {
  const t = useTranslations("scheduler");
  const general = useTranslations("general");
  const functionName = useFunctionName();
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  // the forced tasks the list waits for: their last run's time when forced, and since when it waits
  const [watched, setWatched] = useState<ReadonlyMap<string, { last: string | null; since: number }>>(new Map());
  useEffect(() => {
    if (watched.size === 0) return;
    const over = [...watched].filter(([id, w]) => {
      const task = rows.find((r) => r.id === id);
      const ran = task && !task.forceTrigger && !task.lockedBy && task.lastDateTime !== w.last;
      return !task || ran || Date.now() - w.since > WATCH_LIMIT_MS;
    });
    if (over.length) {
      setWatched((current) => new Map([...current].filter(([id]) => !over.some(([done]) => done === id))));
      return;
    }
    const timer = setInterval(() => router.refresh(), WATCH_MS);
    return () => clearInterval(timer);
  }, [watched, rows, router]);
  const columns = useMemo(() => {
    const dateTime = (value: string | null) => formatDateTime(value, timeZone);
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
        setWatched((current) => new Map(current).set(task.id, { last: task.lastDateTime, since: Date.now() }));
        notify("success", t("scheduler_text_started"));
      });
    // Name and function are never cut (docs/decisions.md "The scheduler's list wraps its names instead"): the name
    // wraps in the room the table has (inside a word only where the word does not fit; at least 8rem wide), the
    // function keeps one line on a wide window (xl) and wraps at its words below.
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        cell: ({ row }) => (
          <div className="min-w-32 whitespace-normal wrap-anywhere">
            <Link
              className={cn(
                "font-medium underline underline-offset-4",
                row.original.disabled ? "text-muted-foreground" : "text-primary",
              )}
              href={`${base}/edit/${row.original.id}`}
            >
              {names[row.original.id] ?? row.original.name}
            </Link>
          </div>
        ),
      }),
      column.accessor("function", {
        header: t("function"),
        cell: (i) => <span className="block whitespace-normal xl:whitespace-nowrap">{functionName(i.getValue())}</span>,
      }),
      // beyond the spec: the last run's outcome under its time (ok, or error with its message)
      column.accessor("lastDateTime", {
        header: t("lastRun"),
        cell: ({ row }) => (
          <div className="grid gap-0.5">
            <span className="whitespace-nowrap tabular-nums">{dateTime(row.original.lastDateTime)}</span>
            {row.original.lockedBy ? (
              <RunState testId="task-running" text={t("state_running")} />
            ) : row.original.forceTrigger ? (
              <RunState testId="task-start-requested" text={t("state_startRequested")} />
            ) : (
              <Outcome outcome={row.original.lastOutcome} message={row.original.lastMessage} />
            )}
          </div>
        ),
      }),
      column.accessor("nextDateTime", {
        header: t("nextRun"),
        cell: ({ row }) => {
          const { nextDateTime, needsSchedule, disabled } = row.original;
          // disabled, a task never runs (workers/scheduler/engine.ts): the time it keeps stored is no next run
          if (disabled) return <span data-testid="next-run-disabled">{t("nextRunDisabled")}</span>;
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
              {
                label: t("forceStart"),
                icon: PlayIcon,
                onClick: () => force(row.original),
                disabled: row.original.disabled,
                disabledReason: t("forceDisabled"),
                testId: "force-task",
              },
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
  }, [t, general, base, systemName, functionName, timeZone, names, notify, notifyErrors, router]);
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

function RunState({ text, testId }: { text: string; testId: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-muted-foreground text-xs" data-testid={testId}>
      <LoaderIcon className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />
      {text}
    </span>
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
      <CellText text={text} />
    </span>
  );
}
