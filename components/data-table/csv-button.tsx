"use client";

import { DownloadIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CSV_BOM, type CsvValue, toCsv } from "@/lib/csv";

type Props = {
  /** the file's name without extension (".csv" is added) */
  fileName: string;
  header: readonly string[];
  /** the rows as the table shows them, its totals row included */
  rows: readonly (readonly CsvValue[])[];
  label: string;
  testId?: string;
};

/**
 * Saves a table the page shows as a CSV file (lib/csv.ts: RFC 4180, with the BOM spreadsheets need for umlauts),
 * made in the browser from the rows it already has: nothing is asked of the server again.
 */
export function CsvButton({ fileName, header, rows, label, testId }: Props) {
  const save = () => {
    const blob = new Blob([CSV_BOM, toCsv(header, rows)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `${fileName}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    // the download has taken the data by now; the URL is released a moment later
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={save} data-testid={testId}>
      <DownloadIcon aria-hidden />
      {label}
    </Button>
  );
}
