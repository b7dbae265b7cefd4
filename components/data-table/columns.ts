import {
  type ColumnHelper,
  createColumnHelper,
  type RowData,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";

/** The TanStack features every DataTable registers: server-side sorting and row selection. */
export const dataTableFeatures = tableFeatures({ rowSortingFeature, rowSelectionFeature });

export type DataTableFeatures = typeof dataTableFeatures;

/** One column definition for a DataTable of `Row`, as `columnHelper.accessor/display(...)` returns it. */
export type DataTableColumn<Row extends RowData> = ReturnType<ColumnHelper<DataTableFeatures, Row>["columns"]>[number];

/** The column list an entity's table builds with `columnHelper.columns([...])`. */
export type DataTableColumns<Row extends RowData> = readonly DataTableColumn<Row>[];

/** The column helper bound to the DataTable's features. */
export function dataTableColumnHelper<Row extends RowData>(): ColumnHelper<DataTableFeatures, Row> {
  return createColumnHelper<DataTableFeatures, Row>();
}

/** Ids of the columns that opted into sorting, e.g. as the `allowed` list of `parseSort` on the server. */
export function sortableColumnIds<Row extends RowData>(columns: DataTableColumns<Row>): string[] {
  return columns.flatMap((column) => {
    if (!column.enableSorting) return [];
    if ("accessorKey" in column) return [column.id ?? String(column.accessorKey).replaceAll(".", "_")];
    if ("accessorFn" in column && column.id) return [column.id];
    return [];
  });
}
