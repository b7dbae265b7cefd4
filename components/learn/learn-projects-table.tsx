"use client";

import { BrainCircuitIcon, DownloadIcon, ExternalLinkIcon, PencilIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { deleteLearnProjectAction } from "@/lib/learn/actions";
import { requestLearnRunAction } from "@/lib/learn/runs/actions";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import { learnPortalHref } from "./links";

const column = dataTableColumnHelper<LearnProjectDto>();

/**
 * spec operations §2 "Learn projects" list: name, id, version, deleted-at; download, edit, delete (yes/no), the learn
 * portal in a new tab and "learn now" (a run for the new documents; the edit page offers a full one). A deleted row is
 * disabled: greyed, no link, no action.
 */
export function LearnProjectsTable({
  rows,
  total,
  page,
  pageSize,
  base,
  systemName,
  learnPortal,
}: {
  rows: LearnProjectDto[];
  total: number;
  page: number;
  pageSize: number;
  base: string;
  systemName: string;
  /** the LearnPortal feature flag: off, the row has no way into the learn portal */
  learnPortal: boolean;
}) {
  const t = useTranslations("learnProjects");
  const tr = useTranslations("learnRuns");
  const router = useRouter();
  const { dateTime } = useDates();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  const columns = useMemo(() => {
    const remove = (p: LearnProjectDto) =>
      startTransition(async () => {
        const result = await deleteLearnProjectAction({ id: p.id, version: p.version });
        router.refresh();
        if (!result.ok)
          return notifyErrors(result.errors, (error) => t("projects_error_deleteLearnProject", { name: p.name, error }));
        notify("success", t("project_text_deleted"));
      });
    const learn = (p: LearnProjectDto) =>
      startTransition(async () => {
        const result = await requestLearnRunAction({ projectId: p.id, onlyChanged: true });
        if (!result.ok) return notifyErrors(result.errors, (error) => tr("error_request", { error }));
        notify("note", tr("started"));
      });
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        cell: ({ row }) =>
          row.original.deletedAt ? (
            <CellText text={row.original.name} />
          ) : (
            <CellText text={row.original.name}>
              <Link
                className="font-medium text-primary underline underline-offset-4"
                href={`${base}/learnProjects/edit/${row.original.id}`}
              >
                {row.original.name}
              </Link>
            </CellText>
          ),
      }),
      column.accessor("id", { header: t("id"), cell: (i) => <code className="text-xs">{i.getValue()}</code> }),
      column.accessor("version", { header: t("version"), cell: (i) => <span className="tabular-nums">{i.getValue()}</span> }),
      column.accessor("deletedAt", {
        header: t("deletedAt"),
        cell: (i) => (
          <time dateTime={i.getValue() ?? undefined} className="whitespace-nowrap tabular-nums">
            {dateTime(i.getValue())}
          </time>
        ),
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => {
          const p = row.original;
          const deleted = p.deletedAt !== null;
          return (
            <RowActions
              actions={[
                ...(learnPortal
                  ? [
                      {
                        label: t("openLearnPortal"),
                        icon: ExternalLinkIcon,
                        href: learnPortalHref(systemName, p.id),
                        newTab: true,
                        disabled: deleted,
                      },
                    ]
                  : []),
                {
                  label: t("download"),
                  icon: DownloadIcon,
                  disabled: deleted,
                  onClick: () => window.location.assign(`/api/v3/learn/projects/${p.id}/download`),
                },
                { label: t("edit"), icon: PencilIcon, href: `${base}/learnProjects/edit/${p.id}`, disabled: deleted },
                { label: tr("learnNow"), icon: BrainCircuitIcon, disabled: deleted || p.updating, onClick: () => learn(p) },
                {
                  label: t("delete"),
                  icon: Trash2Icon,
                  destructive: true,
                  disabled: deleted,
                  onClick: () => remove(p),
                  confirm: {
                    title: t("deleteTitle", { name: p.name }),
                    description: t("deleteText"),
                    confirmLabel: t("delete"),
                    cancelLabel: t("cancel"),
                  },
                },
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, tr, base, systemName, dateTime, notify, notifyErrors, router, learnPortal]);
  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      getRowId={(p) => p.id}
      emptyText={t("empty")}
      rowClassName={(p) => (p.deletedAt ? "text-muted-foreground" : undefined)}
      testId="learn-projects-table"
    />
  );
}
