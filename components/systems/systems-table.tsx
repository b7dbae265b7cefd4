"use client";

import { ExternalLinkIcon, PencilIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useStatus } from "@/components/shell/status-bar";
import { Badge } from "@/components/ui/badge";
import { deleteSystemAction } from "@/lib/systems/actions";
import type { SystemDto } from "@/lib/systems/schemas";

const column = dataTableColumnHelper<SystemDto>();

type Props = { rows: SystemDto[]; total: number; page: number; pageSize: number; canEdit: boolean; canOpenPortal: boolean };

/** spec foundation §2 "Systems (admin)": names link to the edit page only with ManageSystems. */
export function SystemsTable({ rows, total, page, pageSize, canEdit, canOpenPortal }: Props) {
  const t = useTranslations("systems");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();

  const columns = useMemo(() => {
    const remove = (s: SystemDto) =>
      startTransition(async () => {
        const result = await deleteSystemAction({ systemId: s.id });
        if (!result.ok) return notifyErrors(result.errors, (error) => t("systems_error_delete", { error }));
        notify("success", t("deleted"));
        router.refresh();
      });
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        enableSorting: true,
        // a name of up to 100 characters is shown whole while the table has room, else cut with a hint (CellText)
        cell: ({ row }) =>
          canEdit ? (
            <CellText text={row.original.name}>
              <Link
                className="font-medium text-primary underline underline-offset-4"
                href={`/admin/systems/edit/${row.original.id}`}
              >
                {row.original.name}
              </Link>
            </CellText>
          ) : (
            <CellText text={row.original.name} />
          ),
      }),
      column.accessor("description", {
        header: t("description"),
        cell: (i) => (
          <span className="line-clamp-2 min-w-28 max-w-md whitespace-normal wrap-anywhere" title={i.getValue() || undefined}>
            {i.getValue() || "—"}
          </span>
        ),
      }),
      column.accessor("type", { header: t("type"), enableSorting: true, cell: (i) => t(`type_${i.getValue()}`) }),
      column.accessor("isActive", {
        header: t("isActive"),
        enableSorting: true,
        cell: (i) => <Badge variant={i.getValue() ? "secondary" : "outline"}>{i.getValue() ? t("yes") : t("no")}</Badge>,
      }),
      column.accessor("licenceId", {
        header: t("licenceId"),
        cell: (i) => <CellText text={i.getValue() ?? "—"} />,
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("edit")}</span>,
        cell: ({ row }) => {
          const s = row.original;
          const isSuper = s.type === "Super";
          return (
            <RowActions
              actions={[
                ...(canOpenPortal && !isSuper
                  ? [
                      {
                        label: t("openPortal"),
                        icon: ExternalLinkIcon,
                        onClick: () => window.open(`/system/${encodeURIComponent(s.name)}/dashboard`, "_blank", "noopener"),
                      },
                    ]
                  : []),
                ...(canEdit ? [{ label: t("edit"), icon: PencilIcon, href: `/admin/systems/edit/${s.id}` }] : []),
                ...(canEdit
                  ? [
                      {
                        label: s.isActive || isSuper ? t("deleteOnlyInactive") : t("delete"),
                        icon: Trash2Icon,
                        destructive: true,
                        disabled: s.isActive || isSuper,
                        onClick: () => remove(s),
                        confirm: {
                          title: t("deleteTitle", { name: s.name }),
                          description: t("deleteText"),
                          confirmLabel: t("delete"),
                          cancelLabel: t("cancel"),
                        },
                      },
                    ]
                  : []),
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, canEdit, canOpenPortal, notify, notifyErrors, router]);

  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      getRowId={(s) => s.id}
      emptyText={t("empty")}
      rowClassName={(s) => (s.isActive ? undefined : "text-muted-foreground")}
      testId="systems-table"
    />
  );
}
