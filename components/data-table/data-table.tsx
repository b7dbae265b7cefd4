"use client";

/*
 * An entity's table (a client component, e.g. components/users/users-table.tsx) defines its columns with the
 * DataTable's column helper:
 *
 *   const column = dataTableColumnHelper<UserRow>();
 *   const columns = useMemo(() => column.columns([
 *     column.accessor("name", { header: t("name"), enableSorting: true }),
 *     column.accessor((row) => row.createdAt, {
 *       id: "created",
 *       header: t("created"),
 *       cell: (info) => dateTime(info.getValue()),
 *       enableSorting: true,
 *     }),
 *     column.display({ id: "actions", header: t("actions"), cell: ({ row }) => <RowActions actions={...} /> }),
 *   ]), [t, dateTime]);
 *
 * Column defs hold functions, so they are built on the client. Columns sort only with `enableSorting: true`
 * (the server query must support them): the server page parses `searchParams.sort` with
 * `parseSort(query, allowedIds)` for its query (`sortableColumnIds(columns)` gives the same ids) and may pass
 * the result as `sort`; without it the table reads the `sort` query itself.
 */

import { functionalUpdate, type RowData, useTable } from "@tanstack/react-table";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo } from "react";
import { Pager } from "@/components/shell/pager";
import { Table, TableBody, TableCell, TableHeader, TableRow } from "@/components/ui/table";
import { type DataTableColumns, dataTableFeatures, sortableColumnIds } from "./columns";
import { useRowSelection, useSelectColumn } from "./selection";
import { cycleSort, formatSort, parseSort, SORT_PARAM, type SortEntry } from "./sort";
import { SortHeader, STICKY_ACTIONS } from "./sort-header";

export type DataTableProps<Row extends RowData> = {
  columns: DataTableColumns<Row>;
  /** The current page's rows, already sorted and paged by the server. */
  rows: readonly Row[];
  total: number;
  /** false: `total` is a lower bound (the job search counts up to a cap) */
  totalExact?: boolean;
  page: number;
  pageSize: number;
  getRowId: (row: Row) => string;
  /** The sort the server applied; read from the `sort` query when omitted. */
  sort?: SortEntry[];
  /** Turns sorting off for the whole table (default on for columns with `enableSorting: true`). */
  sortable?: boolean;
  selectable?: boolean;
  /** Called with the ids of the selected rows on the current page whenever they change. */
  onSelectionChange?: (ids: string[]) => void;
  emptyText: string;
  rowClassName?: (row: Row) => string | undefined;
  testId?: string;
};

/** spec §9 / DESIGN Conventions: a server-paged table; sort and paging live in the URL query. */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { columns, rows, total, page, pageSize, getRowId, sortable = true, selectable = false } = props;
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const selectColumn = useSelectColumn<Row>();
  const allColumns = useMemo(() => (selectable ? [selectColumn, ...columns] : columns), [selectable, selectColumn, columns]);
  const sortQuery = search.get(SORT_PARAM) ?? undefined;
  const sorting = useMemo(() => props.sort ?? parseSort(sortQuery, sortableColumnIds(columns)), [props.sort, sortQuery, columns]);
  const rowSelection = useRowSelection(rows, getRowId, props.onSelectionChange);

  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: rows,
    getRowId: (row) => getRowId(row),
    defaultColumn: { enableSorting: false },
    manualSorting: true,
    enableSorting: sortable,
    enableMultiSort: true,
    enableRowSelection: selectable,
    state: { sorting, rowSelection: rowSelection.state },
    onSortingChange: (updater) => {
      // spec: a new sort starts again on the first page
      const query = new URLSearchParams(search.toString());
      const next = formatSort(functionalUpdate(updater, sorting));
      if (next) query.set(SORT_PARAM, next);
      else query.delete(SORT_PARAM);
      query.set("page", "0");
      router.push(`${pathname}?${query.toString()}`);
    },
    onRowSelectionChange: rowSelection.onChange,
  });
  const onSort = (columnId: string) => table.setSorting((current) => cycleSort(current, columnId));

  return (
    <div>
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid={props.testId}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => (
                  <SortHeader key={header.id} header={header} multiSorted={sorting.length > 1} onSort={onSort}>
                    <table.FlexRender header={header} />
                  </SortHeader>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={table.getAllLeafColumns().length} className="h-24 text-center text-muted-foreground">
                  {props.emptyText}
                </TableCell>
              </TableRow>
            ) : (
              table.getRowModel().rows.map((row) => (
                <TableRow
                  key={row.id}
                  data-state={row.getIsSelected() ? "selected" : undefined}
                  className={props.rowClassName?.(row.original)}
                >
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id} className={cell.column.id === "actions" ? STICKY_ACTIONS : undefined}>
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      <Pager page={page} pageSize={pageSize} total={total} exact={props.totalExact ?? true} />
    </div>
  );
}
