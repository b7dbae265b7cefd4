"use client";

import { DownloadIcon, PencilIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useStatus } from "@/components/shell/status-bar";
import { deleteProjectAction } from "@/lib/projects/actions";
import type { ProjectDto } from "@/lib/projects/schemas";

const column = dataTableColumnHelper<ProjectDto>();

/** spec operations §2 "Projects" list: name, id, version; download, edit, delete. */
export function ProjectsTable({
  rows,
  total,
  page,
  pageSize,
  base,
}: {
  rows: ProjectDto[];
  total: number;
  page: number;
  pageSize: number;
  base: string;
}) {
  const t = useTranslations("projects");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  const columns = useMemo(() => {
    const remove = (p: ProjectDto) =>
      startTransition(async () => {
        const result = await deleteProjectAction({ id: p.id, version: p.version });
        router.refresh();
        if (!result.ok)
          return notifyErrors(result.errors, (error) => t("projects_error_delete", { name: p.name, version: p.version, error }));
        notify("success", t("project_text_deleted"));
      });
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        cell: ({ row }) => (
          <CellText text={row.original.name}>
            <Link
              className="font-medium text-primary underline underline-offset-4"
              href={`${base}/projects/edit/${row.original.id}`}
            >
              {row.original.name}
            </Link>
          </CellText>
        ),
      }),
      column.accessor("id", { header: t("id"), cell: (i) => <code className="text-xs">{i.getValue()}</code> }),
      column.accessor("version", {
        header: t("version"),
        cell: (i) => <CellText text={String(i.getValue())} />,
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("edit")}</span>,
        cell: ({ row }) => (
          <RowActions
            actions={[
              {
                label: t("download"),
                icon: DownloadIcon,
                onClick: () => window.location.assign(`/api/projects/${row.original.id}/download`),
              },
              { label: t("edit"), icon: PencilIcon, href: `${base}/projects/edit/${row.original.id}` },
              {
                label: t("delete"),
                icon: Trash2Icon,
                destructive: true,
                onClick: () => remove(row.original),
                confirm: {
                  title: t("deleteTitle", { name: row.original.name }),
                  description: t("deleteText"),
                  confirmLabel: t("delete"),
                  cancelLabel: t("cancel"),
                },
              },
            ]}
          />
        ),
      }),
    ]);
  }, [t, base, notify, notifyErrors, router]);
  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      getRowId={(p) => p.id}
      emptyText={t("empty")}
      testId="projects-table"
    />
  );
}
