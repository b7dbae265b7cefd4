"use client";

import { DownloadIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { sizeInKb } from "@/components/jobs/file-size";
import { useStatus } from "@/components/shell/status-bar";
import { deleteDownloadAction } from "@/lib/downloads/actions";
import type { ListedType } from "@/lib/downloads/rules";
import type { DownloadDto, DownloadPage } from "@/lib/downloads/schemas";

const column = dataTableColumnHelper<DownloadDto>();

type Props = { result: DownloadPage; page: number; pageSize: number; admin: boolean; type: ListedType };

/**
 * spec operations §2 "Downloads": display name, created (in the user's time zone), size; download and delete (yes/no;
 * on failure the list is read again, §4). The admin portal adds the system (or "all systems").
 */
export function DownloadsTable({ result, page, pageSize, admin, type }: Props) {
  const t = useTranslations("downloads");
  const { dateTime } = useDates();
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  const columns = useMemo(() => {
    const remove = (d: DownloadDto) =>
      startTransition(async () => {
        const outcome = await deleteDownloadAction({ id: d.id });
        router.refresh();
        if (!outcome.ok) {
          return notifyErrors(outcome.errors, (error) => t("downloads_error_delete", { name: d.displayFileName, error }));
        }
        notify("success", t("downloads_text_deleted"));
      });
    return column.columns([
      column.accessor("displayFileName", {
        header: t("name"),
        cell: (i) => <CellText text={i.getValue()} className="font-medium" />,
      }),
      ...(admin
        ? [
            column.accessor("systemName", {
              header: t("system"),
              cell: ({ row }) =>
                row.original.systemId === null ? (
                  <span className="text-muted-foreground">{t("allSystems")}</span>
                ) : (
                  <CellText text={row.original.systemName ?? row.original.systemId} />
                ),
            }),
          ]
        : []),
      column.accessor("created", {
        header: t("created"),
        cell: (i) => <span className="whitespace-nowrap tabular-nums">{dateTime(i.getValue())}</span>,
      }),
      column.accessor("size", {
        header: t("size"),
        cell: (i) => <span className="whitespace-nowrap tabular-nums">{t("sizeKb", { size: sizeInKb(i.getValue()) })}</span>,
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => {
          const d = row.original;
          return (
            <RowActions
              actions={[
                {
                  label: t("download"),
                  icon: DownloadIcon,
                  onClick: () => window.location.assign(`/api/v2/downloads/${d.id}/download`),
                  testId: "download-file",
                },
                {
                  label: t("delete"),
                  icon: Trash2Icon,
                  destructive: true,
                  onClick: () => remove(d),
                  confirm: {
                    title: t("deleteTitle", { name: d.displayFileName }),
                    description: t("deleteText"),
                    confirmLabel: t("yes"),
                    cancelLabel: t("no"),
                  },
                  testId: "download-delete",
                },
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, admin, dateTime, notify, notifyErrors, router]);
  return (
    <DataTable
      columns={columns}
      rows={result.items}
      total={result.totalCount}
      page={page}
      pageSize={pageSize}
      sortable={false}
      getRowId={(d) => d.id}
      emptyText={t("empty")}
      testId={`downloads-${type}`}
    />
  );
}
