"use client";

import { EyeIcon, PencilIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, type RowAction, RowActions } from "@/components/data-table";
import { useStatus } from "@/components/shell/status-bar";
import { deleteLicenceAction, refreshLicenceAction } from "@/lib/licences/actions";
import type { LicenceBasicDto } from "@/lib/licences/schemas";
import { AlertBadges } from "./alert-badges";

const column = dataTableColumnHelper<LicenceBasicDto>();

type Props = { rows: LicenceBasicDto[]; total: number; page: number; pageSize: number; canManage: boolean; virtual: boolean };

/** spec foundation §2 "Licences (admin)": name, type, expiration, alerts and actions. */
export function LicencesTable({ rows, total, page, pageSize, canManage, virtual }: Props) {
  const t = useTranslations("licence");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();

  const columns = useMemo(() => {
    const run = (action: () => Promise<{ ok: boolean; errors?: Parameters<typeof notifyErrors>[0] }>, success: string) =>
      startTransition(async () => {
        const result = await action();
        if (!result.ok) return notifyErrors(result.errors ?? []);
        notify("success", success);
        router.refresh();
      });
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        cell: ({ row }) => (
          <CellText text={row.original.name}>
            <Link
              className="font-medium text-primary underline underline-offset-4"
              href={`/admin/licence/${encodeURIComponent(row.original.id)}`}
            >
              {row.original.name}
            </Link>
          </CellText>
        ),
      }),
      column.accessor("id", {
        header: t("id"),
        cell: (i) => <CellText text={i.getValue()} className="font-mono text-xs" />,
      }),
      column.accessor("source", { header: t("type"), cell: (i) => t(`source_${i.getValue()}`) }),
      column.accessor("expiration", { header: t("expiration"), cell: (i) => i.getValue() ?? "—" }),
      column.accessor("alerts", { header: t("alerts"), cell: (i) => <AlertBadges alerts={i.getValue()} /> }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("details")}</span>,
        cell: ({ row }) => {
          const l = row.original;
          const href = `/admin/licence/${encodeURIComponent(l.id)}`;
          const actions: RowAction[] = [{ label: t("details"), icon: EyeIcon, href }];
          if (canManage) {
            actions.push({ label: t("edit"), icon: PencilIcon, href: `${href}/edit` });
            if (l.source === "csb") {
              actions.push({
                label: t("refresh"),
                icon: RefreshCwIcon,
                onClick: () => run(() => refreshLicenceAction({ id: l.id }), t("licence_text_updated")),
              });
            }
            actions.push({
              label: t("delete"),
              icon: Trash2Icon,
              destructive: true,
              onClick: () => run(() => deleteLicenceAction({ id: l.id }), t("licence_text_deleted")),
              confirm: {
                title: t("deleteTitle", { name: l.name }),
                description: t("deleteText"),
                confirmLabel: t("delete"),
                cancelLabel: t("cancel"),
              },
            });
          }
          return <RowActions actions={actions} />;
        },
      }),
    ]);
  }, [t, canManage, notify, notifyErrors, router]);

  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      getRowId={(l) => l.id}
      emptyText={virtual ? t("emptyVirtual") : t("empty")}
      testId="licences-table"
    />
  );
}
