"use client";

import { DownloadIcon, EyeIcon, LockIcon, LockOpenIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { SpriteIcon } from "@/components/ui/icon-sprite";
import type { JobState } from "@/db/schema/jobs";
import { allows } from "@/lib/jobs/rules";
import { jobDownloadHref } from "./job-links";
import type { JobRow } from "./job-row";
import { JobStateBadge } from "./job-state-badge";
import type { JobActions } from "./use-job-actions";
import { useJobError } from "./use-job-error";

const column = dataTableColumnHelper<JobRow>();

type Props = {
  rows: JobRow[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
  /** the deleted column shows only with include-removed (spec operations §2) */
  showDeleted: boolean;
  base: string;
  actions: JobActions;
  emptyText: string;
  onSelectionChange: (ids: string[]) => void;
};

/** spec operations §2 "Job monitor list": sortable columns, row actions by spec §4, checkboxes for the bulk actions. */
export function JobsTable({
  rows,
  total,
  totalExact,
  page,
  pageSize,
  showDeleted,
  base,
  actions,
  emptyText,
  onSelectionChange,
}: Props) {
  const t = useTranslations("jobs");
  const { dateTime } = useDates();
  const errorMessage = useJobError();

  const columns = useMemo(() => {
    // the row actions' texts are the same in every row: translated once per table, not once per row
    const label = {
      details: t("details"),
      download: t("download"),
      lock: t("lock"),
      unlock: t("unlock"),
      restart: t("restart"),
      delete: t("delete"),
      deleteText: t("deleteText"),
      yes: t("yes"),
      no: t("no"),
      preventDelete: t("preventDelete"),
    };
    const stateLabels = new Map<JobState, string>();
    const stateLabel = (state: JobState) => {
      let text = stateLabels.get(state);
      if (text === undefined) {
        text = t(`state_${state}`);
        stateLabels.set(state, text);
      }
      return text;
    };
    const date = (id: "created" | "started" | "finished" | "deleted") =>
      column.accessor(id, {
        header: t(`column_${id}`),
        enableSorting: true,
        cell: (i) => (
          // date over time, each unbroken: the table stays narrow enough for its row actions
          <time dateTime={i.getValue() ?? undefined} className="grid whitespace-nowrap tabular-nums">
            {dateTime(i.getValue())
              .split(" ")
              .map((part) => (
                <span key={part}>{part}</span>
              ))}
          </time>
        ),
      });
    return column.columns([
      column.accessor("id", {
        header: t("column_id"),
        enableSorting: true,
        cell: ({ row }) => (
          <span className="flex items-center gap-1">
            <Link
              className="font-medium text-primary tabular-nums underline underline-offset-4"
              href={`${base}/jobmonitor/details/${row.original.id}`}
            >
              {row.original.id}
            </Link>
            {row.original.preventDelete && (
              <>
                <SpriteIcon icon={LockIcon} className="size-3.5 text-muted-foreground" />
                <span className="sr-only">{label.preventDelete}</span>
              </>
            )}
          </span>
        ),
      }),
      column.accessor("project", {
        header: t("column_project"),
        enableSorting: true,
        cell: (i) => <CellText text={i.getValue()} />,
      }),
      column.accessor("state", {
        header: t("column_state"),
        enableSorting: true,
        cell: (i) => <JobStateBadge state={i.getValue()} label={stateLabel(i.getValue())} />,
      }),
      column.accessor("errorCode", {
        header: t("column_errorCode"),
        enableSorting: true,
        cell: ({ row }) => <ErrorCell code={row.original.errorCode} message={errorMessage(row.original)} />,
      }),
      column.accessor("client", {
        header: t("column_client"),
        enableSorting: true,
        cell: (i) => <CellText text={i.getValue()} />,
      }),
      column.accessor("clientInfo", {
        header: t("column_clientInfo"),
        enableSorting: true,
        cell: (i) => (
          <span className="line-clamp-2 min-w-32 max-w-48 whitespace-normal wrap-anywhere" title={i.getValue()}>
            {i.getValue()}
          </span>
        ),
      }),
      date("created"),
      date("started"),
      date("finished"),
      ...(showDeleted ? [date("deleted")] : []),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("column_actions")}</span>,
        cell: ({ row }) => {
          const job = row.original;
          return (
            <RowActions
              actions={[
                { label: label.details, icon: EyeIcon, href: `${base}/jobmonitor/details/${job.id}`, testId: "job-details" },
                {
                  label: label.download,
                  icon: DownloadIcon,
                  disabled: !allows("download", job),
                  onClick: () => window.location.assign(jobDownloadHref(job.id)),
                  testId: "job-download",
                },
                {
                  label: job.preventDelete ? label.unlock : label.lock,
                  icon: job.preventDelete ? LockOpenIcon : LockIcon,
                  disabled: !allows("toggleLock", job) || actions.pending,
                  onClick: () => actions.lock(job.id, !job.preventDelete),
                  testId: "job-lock",
                },
                {
                  label: label.restart,
                  icon: RotateCcwIcon,
                  disabled: !allows("restart", job) || actions.pending,
                  onClick: () => actions.restart([job.id]),
                  testId: "job-restart",
                },
                {
                  label: label.delete,
                  icon: Trash2Icon,
                  destructive: true,
                  disabled: !allows("delete", job) || actions.pending,
                  onClick: () => actions.remove([job.id]),
                  confirm: {
                    title: () => t("deleteTitle", { id: job.id }),
                    description: label.deleteText,
                    confirmLabel: label.yes,
                    cancelLabel: label.no,
                  },
                  testId: "job-delete",
                },
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, base, dateTime, errorMessage, showDeleted, actions]);

  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      totalExact={totalExact}
      page={page}
      pageSize={pageSize}
      getRowId={(job) => String(job.id)}
      selectable
      onSelectionChange={onSelectionChange}
      emptyText={emptyText}
      rowClassName={(job) => (job.state === "Removed" ? "text-muted-foreground" : undefined)}
      testId="jobs-table"
    />
  );
}

/** The error code, with the error message (in the user's language) as its hint (components/ui/hint-layer.tsx). */
function ErrorCell({ code, message }: { code: string | null; message: string | null }) {
  if (!code) return null;
  if (!message) return <span className="font-mono text-xs">{code}</span>;
  return (
    <button
      type="button"
      className="cursor-help font-mono text-destructive text-xs underline decoration-dotted"
      data-hint={message}
    >
      {code}
    </button>
  );
}
