"use client";

import type { Header, RowData } from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { TableHead } from "@/components/ui/table";
import type { DataTableFeatures } from "./columns";

type Props<Row extends RowData> = {
  header: Header<DataTableFeatures, Row, unknown>;
  /** Several sorts are active, so each sorted column shows its priority. */
  multiSorted: boolean;
  onSort: (columnId: string) => void;
  children: ReactNode;
};

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

/** The row actions stay in view at the right edge while a wide table scrolls sideways. */
export const STICKY_ACTIONS = "sticky right-0 z-10 bg-background shadow-[-1px_0_0_var(--border)]";

/** A header cell; for a sortable column a button that cycles ascending → descending → none. */
export function SortHeader<Row extends RowData>({ header, multiSorted, onSort, children }: Props<Row>) {
  const t = useTranslations("table");
  const { column } = header;
  if (header.isPlaceholder || !column.getCanSort()) {
    return (
      <TableHead colSpan={header.colSpan} className={column.id === "actions" ? STICKY_ACTIONS : undefined}>
        {header.isPlaceholder ? null : children}
      </TableHead>
    );
  }
  const direction = column.getIsSorted();
  const priority = column.getSortIndex() + 1;
  const Icon = direction === "asc" ? ArrowUpIcon : direction === "desc" ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead colSpan={header.colSpan} aria-sort={direction ? ARIA_SORT[direction] : "none"}>
      <Button
        variant="ghost"
        size="sm"
        className="-ml-2.5 h-8 px-2.5 has-[>svg]:px-2.5"
        onClick={() => onSort(column.id)}
        data-testid={`sort-${column.id}`}
      >
        {children}
        <Icon aria-hidden="true" className={direction ? undefined : "text-muted-foreground"} />
        {direction && multiSorted ? (
          <span className="text-muted-foreground text-xs tabular-nums">
            <span aria-hidden="true">{priority}</span>
            <span className="sr-only">{t("sortPriority", { priority })}</span>
          </span>
        ) : null}
      </Button>
    </TableHead>
  );
}
