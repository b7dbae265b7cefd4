"use client";

import { DownloadIcon, PencilIcon, PlusIcon, Trash2Icon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { ConfirmButton } from "@/components/jobs/confirm-button";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { clampPage, type Paging } from "@/lib/paging";
import { deleteResourcesAction } from "@/lib/resources/actions";
import type { PoolDetailDto, ResourceDto } from "@/lib/resources/schemas";

const column = dataTableColumnHelper<ResourceDto>();

/** spec operations §2 "Resources" pool detail: name, last update; download, update, delete; add and delete all. */
type Props = { systemId: string; detail: PoolDetailDto; base: string; paging: Paging };

export function PoolDetailView({ systemId, detail, base, paging }: Props) {
  const t = useTranslations("resources");
  const router = useRouter();
  const { dateTime } = useDates();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  const { subtype } = detail;
  // a pool's resources are paged here, in memory (the pager keeps page and size in the query)
  const page = clampPage(paging.page, detail.resources.length, paging.pageSize);
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ type: detail.type, subtype: subtype.name, subtypeId: subtype.id, ...extra }).toString();
  const remove = (names: string[] | undefined, label: string) =>
    startTransition(async () => {
      const result = await deleteResourcesAction({ systemId, subtypeId: subtype.id, names });
      router.refresh();
      if (!result.ok) {
        return notifyErrors(result.errors, (error) =>
          names ? t("resources_error_delete", { name: label, error }) : t("resources_error_deleteAll", { pool: label, error }),
        );
      }
      notify("success", names ? t("resources_text_deleted") : t("resources_text_deletedAll"));
    });
  // a few rows: the columns are made on each render (they close over the pool and its actions)
  const columns = column.columns([
    column.accessor("name", {
      header: t("name"),
      cell: (i) => <CellText text={i.getValue()} className="font-medium" />,
    }),
    column.accessor("lastUpdate", { header: t("lastUpdate"), cell: (i) => dateTime(i.getValue()) }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">{t("download")}</span>,
      cell: ({ row }) => {
        const r = row.original;
        const href = `/api/v3/resources/${r.systemId}/${r.type}/${r.subtypeId}/${encodeURIComponent(r.name)}`;
        return (
          <RowActions
            actions={[
              {
                label: t("download"),
                icon: DownloadIcon,
                onClick: () => window.location.assign(href),
                testId: "resource-download",
              },
              {
                label: t("update"),
                icon: PencilIcon,
                href: `${base}/add?${query({ name: r.name })}`,
                testId: "resource-update",
              },
              {
                label: t("delete"),
                icon: Trash2Icon,
                destructive: true,
                onClick: () => remove([r.name], r.name),
                confirm: {
                  title: t("deleteTitle", { name: r.name }),
                  description: t("deleteText"),
                  confirmLabel: t("yes"),
                  cancelLabel: t("no"),
                },
                testId: "resource-delete",
              },
            ]}
          />
        );
      },
    }),
  ]);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {t(`typeName_${detail.type}`)} · {t(`level_${subtype.level}`)}
        </p>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link href={`${base}?type=${detail.type}`}>{t("back")}</Link>
          </Button>
          <Button asChild>
            <Link href={`${base}/add?${query()}`} data-testid="add-resource">
              <PlusIcon aria-hidden="true" />
              {t("add")}
            </Link>
          </Button>
          <ConfirmButton
            label={t("deleteAll")}
            icon={XCircleIcon}
            destructive
            disabled={pending || detail.resources.length === 0}
            title={t("deleteAllTitle", { pool: subtype.name })}
            description={t("deleteAllText")}
            onConfirm={() => remove(undefined, subtype.name)}
            testId="delete-all"
          />
        </div>
      </div>
      <DataTable
        columns={columns}
        rows={detail.resources.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
        total={detail.resources.length}
        page={page}
        pageSize={paging.pageSize}
        getRowId={(r) => r.id}
        emptyText={t("emptyPool")}
        testId="resources-table"
      />
    </div>
  );
}
