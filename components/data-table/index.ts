export { CellText } from "./cell-text";
export {
  type DataTableColumn,
  type DataTableColumns,
  type DataTableFeatures,
  dataTableColumnHelper,
  dataTableFeatures,
  sortableColumnIds,
} from "./columns";
export { CsvButton } from "./csv-button";
export { DataTable, type DataTableProps } from "./data-table";
export { type RowAction, type RowActionConfirm, RowActions } from "./row-actions";
export { cycleSort, formatSort, parseSort, SORT_PARAM, type SortEntry, type SortState } from "./sort";
