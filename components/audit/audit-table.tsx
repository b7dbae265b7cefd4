"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CellText, DataTable, dataTableColumnHelper } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { Badge } from "@/components/ui/badge";
import type { AuditItem } from "@/lib/audit/schemas";
import { AuditValue } from "./audit-value";

const column = dataTableColumnHelper<AuditItem>();

type Props = { rows: AuditItem[]; total: number; page: number; pageSize: number; emptyText: string; busy: boolean };

/**
 * spec operations §2 "Audit trail": the paged result, newest first: timestamp (the user's time zone), category,
 * operation, system, project, user (with the system a deputy acted in), value as formatted JSON.
 */
export function AuditTable({ rows, total, page, pageSize, emptyText, busy }: Props) {
  const t = useTranslations("audittrail");
  const { dateTime } = useDates();

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("timestamp", {
          header: t("column_timestamp"),
          cell: (i) => (
            <time dateTime={i.getValue()} className="grid whitespace-nowrap tabular-nums">
              {dateTime(i.getValue())
                .split(" ")
                .map((part) => (
                  <span key={part}>{part}</span>
                ))}
            </time>
          ),
        }),
        column.accessor("category", { header: t("column_category"), cell: (i) => t(`category_${i.getValue()}`) }),
        column.accessor("operation", {
          header: t("column_operation"),
          cell: (i) => <Badge variant="outline">{t(`operation_${i.getValue()}`)}</Badge>,
        }),
        column.accessor("systemName", {
          header: t("column_system"),
          cell: ({ row }) => {
            const { systemId, systemName } = row.original;
            if (systemName) return <CellText text={systemName} />;
            return (
              <span className="text-muted-foreground text-xs">
                {systemId ? t("deletedSystem", { id: systemId }) : t("installation")}
              </span>
            );
          },
        }),
        column.accessor("project", {
          header: t("column_project"),
          cell: (i) => (i.getValue() ? <CellText text={i.getValue() ?? ""} /> : null),
        }),
        column.accessor("username", {
          header: t("column_user"),
          cell: ({ row }) => (
            <span className="grid justify-items-start gap-1">
              <CellText text={row.original.username} />
              {row.original.deputy && (
                // wraps inside its column (a German "als Stellvertreter in …" ran into the next one while nowrap)
                <Badge variant="secondary" className="max-w-full whitespace-normal wrap-anywhere" data-testid="audit-deputy">
                  {t("deputy", { system: row.original.deputy })}
                </Badge>
              )}
            </span>
          ),
        }),
        column.accessor("value", { header: t("column_value"), cell: (i) => <AuditValue value={i.getValue()} /> }),
      ]),
    [t, dateTime],
  );

  return (
    <div aria-busy={busy || undefined} className={busy ? "opacity-60 transition-opacity" : undefined}>
      <DataTable
        columns={columns}
        rows={rows}
        total={total}
        page={page}
        pageSize={pageSize}
        getRowId={(row) => String(row.id)}
        sortable={false}
        emptyText={emptyText}
        rowClassName={() => "align-top"}
        testId="audit-table"
      />
    </div>
  );
}
