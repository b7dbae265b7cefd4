"use client";

import { CheckCircle2Icon, RefreshCwIcon, XCircleIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper } from "@/components/data-table";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/i18n/dates";
import type { TaskRunDto, TaskRunPage } from "@/lib/scheduler/schemas";
import { readRunMessage, runSeconds } from "./run-message";
import { useFunctionName } from "./use-function-name";

const column = dataTableColumnHelper<TaskRunDto>();

/** A run's message in the user's language where the engine made it; a task function's own sentence as it is. */
function useRunMessage(): (message: string | null) => string {
  const t = useTranslations("scheduler");
  const functionName = useFunctionName();
  const errorMessage = useErrorMessage();
  return useCallback(
    (message: string | null) => {
      if (!message) return "";
      const read = readRunMessage(message);
      if (read.kind === "functionNotAvailable") return t("run_functionNotAvailable", { name: functionName(read.name) });
      if (read.kind === "code") return errorMessage({ code: read.code });
      if (read.kind === "archive") {
        const { archives, rows, before, cleaned, waiting } = read.summary;
        let text = t("run_archive_written", { archives, rows });
        if (before) text += `, ${t("run_archive_before", { periods: before })}`;
        if (cleaned) text += `, ${t("run_archive_cleaned", cleaned)}`;
        if (waiting) text += `; ${t("run_archive_waiting", { ...waiting, first: String(waiting.first) })}`;
        return text;
      }
      return read.text;
    },
    [t, functionName, errorMessage],
  );
}

/**
 * Beyond the spec (issue 11): a task's run history under its edit form, newest first, paged by the server with
 * page and pageSize in the URL query; the refresh button reads the page again. Times in the server's time zone, as the
 * list and the form show them.
 */
export function TaskRuns({
  runs,
  page,
  pageSize,
  timeZone,
}: {
  runs: TaskRunPage;
  page: number;
  pageSize: number;
  timeZone: string;
}) {
  const t = useTranslations("scheduler");
  const format = useFormatter();
  const runMessage = useRunMessage();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const columns = useMemo(() => {
    const dateTime = (value: string | null) => formatDateTime(value, timeZone);
    return column.columns([
      column.accessor("started", {
        header: t("run_started"),
        cell: (i) => <span className="whitespace-nowrap tabular-nums">{dateTime(i.getValue())}</span>,
      }),
      column.accessor("finished", {
        header: t("run_finished"),
        cell: (i) => <span className="whitespace-nowrap tabular-nums">{dateTime(i.getValue())}</span>,
      }),
      column.accessor((run) => runSeconds(run), {
        id: "duration",
        header: t("run_duration"),
        cell: (i) => {
          const seconds = i.getValue();
          return (
            <span className="whitespace-nowrap tabular-nums">
              {seconds === null ? "—" : format.number(seconds, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}
            </span>
          );
        },
      }),
      column.accessor("outcome", {
        header: t("run_outcome"),
        cell: (i) =>
          i.getValue() === "ok" ? (
            <Badge variant="success" data-testid="run-outcome-ok">
              <CheckCircle2Icon aria-hidden="true" />
              {t("outcome_ok")}
            </Badge>
          ) : (
            <Badge variant="destructive" data-testid="run-outcome-error">
              <XCircleIcon aria-hidden="true" />
              {t("outcome_error")}
            </Badge>
          ),
      }),
      column.accessor((run) => runMessage(run.message), {
        id: "message",
        header: t("run_message"),
        // whole, wrapped: a message says what a run did or why it did nothing (an archiver's: until when)
        cell: (i) =>
          i.getValue() ? (
            <span className="block min-w-48 max-w-md whitespace-normal break-words">{i.getValue()}</span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      }),
      column.accessor("workerId", {
        header: t("run_worker"),
        cell: (i) => <CellText text={i.getValue()} className="font-mono text-xs" />,
      }),
    ]);
  }, [t, format, timeZone, runMessage]);
  return (
    <Card className="mt-6 max-w-5xl" data-testid="task-runs">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base">{t("runs")}</h2>
        </CardTitle>
        <CardDescription>{t("timeZoneNote", { zone: timeZone })}</CardDescription>
        <CardAction>
          <Button
            variant="outline"
            size="sm"
            disabled={refreshing}
            onClick={() => startRefresh(() => router.refresh())}
            data-testid="runs-refresh"
          >
            <RefreshCwIcon className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
            {t("refresh")}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <DataTable
          columns={columns}
          rows={runs.items}
          total={runs.totalCount}
          page={page}
          pageSize={pageSize}
          sortable={false}
          getRowId={(run) => run.id}
          emptyText={t("runs_empty")}
          testId="task-runs-table"
        />
      </CardContent>
    </Card>
  );
}
