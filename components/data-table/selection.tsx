"use client";

import type { OnChangeFn, RowData, RowSelectionState } from "@tanstack/react-table";
import { functionalUpdate } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { Checkbox, NativeCheckbox } from "@/components/ui/checkbox";
import { type DataTableColumn, dataTableColumnHelper } from "./columns";

/** The checkbox column: the header selects or clears every row of the current page. */
export function useSelectColumn<Row extends RowData>(): DataTableColumn<Row> {
  const t = useTranslations("table");
  return useMemo(() => {
    const selectRow = t("selectRow"); // once per table, not once per row
    return dataTableColumnHelper<Row>().display({
      id: "select",
      header: ({ table }) => (
        <Checkbox
          aria-label={t("selectAll")}
          checked={table.getIsAllPageRowsSelected() ? true : table.getIsSomePageRowsSelected() ? "indeterminate" : false}
          onCheckedChange={(checked) => table.toggleAllPageRowsSelected(checked === true)}
          data-testid="select-all"
        />
      ),
      cell: ({ row }) => (
        <NativeCheckbox
          aria-label={selectRow}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={(event) => row.toggleSelected(event.target.checked)}
          data-testid="select-row"
        />
      ),
    });
  }, [t]);
}

/**
 * Selection of the rows on the current page. When the rows change (another page, a refresh after a bulk action)
 * ids that are no longer shown are dropped, so a bulk action never reaches rows the user cannot see.
 */
export function useRowSelection<Row>(
  rows: readonly Row[],
  getRowId: (row: Row) => string,
  onSelectionChange: ((ids: string[]) => void) | undefined,
): { state: RowSelectionState; onChange: OnChangeFn<RowSelectionState> } {
  const [state, setState] = useState<RowSelectionState>({});
  const [shownRows, setShownRows] = useState(rows);
  if (shownRows !== rows) {
    setShownRows(rows);
    const shown = new Set(rows.map(getRowId));
    setState((old) => Object.fromEntries(Object.entries(old).filter(([id]) => shown.has(id))));
  }
  const key = Object.keys(state).join("\n");
  const notify = useEffectEvent((ids: string[]) => onSelectionChange?.(ids));
  useEffect(() => notify(key ? key.split("\n") : []), [key]);
  return { state, onChange: (updater) => setState((old) => functionalUpdate(updater, old)) };
}
