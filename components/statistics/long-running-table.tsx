import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { CellText } from "@/components/data-table/cell-text";
import { CsvButton } from "@/components/data-table/csv-button";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { LongRunningJob } from "@/lib/statistics/schemas";
import { formatCount, formatSeconds } from "./format";

type Props = {
  jobs: LongRunningJob[];
  /** jobs of the range with a recorded run */
  totalCount: number;
  /** /system/{system}: each job id opens its details in the job monitor */
  portal: string;
  csvFile: string;
};

/** spec operations §2: the top-10 table of job id, client, client info and duration (seconds, 3 decimals). */
export async function LongRunningTable({ jobs, totalCount, portal, csvFile }: Props) {
  const [t, locale] = await Promise.all([getTranslations("statistics"), getLocale()]);
  const columns = ["longRunning_jobId", "longRunning_client", "longRunning_clientInfo", "longRunning_processingTime"] as const;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          {t("longRunning_description", { count: formatCount(locale, totalCount) })}
        </p>
        <CsvButton
          fileName={csvFile}
          header={columns.map((c) => t(c))}
          rows={jobs.map((j) => [j.jobId, j.client, j.clientInfo, j.processingTime])}
          label={t("exportCsv")}
          testId="long-running-csv"
        />
      </div>
      {/* a wide table scrolls in its own region, which the keyboard can reach (axe scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <section className="overflow-x-auto rounded-md border" aria-label={t("longRunning_title")} tabIndex={0}>
        <table className="w-full caption-bottom text-sm" data-testid="long-running-table">
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c} scope="col" className={c === "longRunning_processingTime" ? "text-right" : undefined}>
                  {t(c)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {jobs.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length} className="h-16 text-center text-muted-foreground">
                  {t("longRunning_empty")}
                </TableCell>
              </TableRow>
            ) : (
              jobs.map((j) => (
                <TableRow key={j.jobId} data-testid="long-running-row">
                  <TableCell className="tabular-nums">
                    <Link
                      href={`${portal}/jobmonitor/details/${j.jobId}`}
                      className="text-primary underline-offset-4 hover:underline"
                      aria-label={t("longRunning_details", { id: j.jobId })}
                    >
                      {j.jobId}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <CellText text={j.client} />
                  </TableCell>
                  <TableCell>
                    <CellText text={j.clientInfo} />
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{formatSeconds(locale, j.processingTime)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </table>
      </section>
    </div>
  );
}
