import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { CellText } from "@/components/data-table/cell-text";
import { CsvButton } from "@/components/data-table/csv-button";
import { TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { CsvValue } from "@/lib/csv";
import { EINVOICE_COUNTERS } from "@/lib/processing/einvoice/counts";
import type { StatisticsFigures } from "@/lib/statistics/schemas";
import { cn } from "@/lib/utils";
import { formatBytes, formatCount, formatSeconds } from "./format";

export type StatisticsTableRow = { key: string; name: string; href?: string; muted?: boolean; figures: StatisticsFigures };

const GROUPS = [
  { key: "group_jobs", columns: ["total", "successful", "failed", "notStarted", "waiting", "restarts", "notDeleted"] },
  // every document and page read (issue 23: they sat under "OCR"); those read by OCR are the hint below each count
  { key: "group_read", columns: ["documents", "pages"] },
  // issue 25: documents read from their e-invoice XML (their syntaxes the hint below), those with a check warning
  { key: "group_einvoices", columns: ["einvoices", "einvoicesWarned"] },
  { key: "group_bandwidth", columns: ["networkUpload", "networkDownload"] },
  { key: "group_duration", columns: ["averageProcessingTime", "maxProcessingTime"] },
] as const;
type Column = (typeof GROUPS)[number]["columns"][number];
const COLUMNS: Column[] = GROUPS.flatMap((g) => [...g.columns]);
// the CSV's columns beyond the table's: the OCR figures and the e-invoices' by syntax and profile
const CSV_EXTRA: (keyof StatisticsFigures)[] = [
  "ocrDocuments",
  "ocrPages",
  ...EINVOICE_COUNTERS.filter((k) => !(COLUMNS as string[]).includes(k)),
];

type Props = {
  rows: StatisticsTableRow[];
  total: StatisticsFigures;
  /** the first column's header: project or system */
  nameHeader: string;
  caption: string;
  csvFile: string;
};

/**
 * spec operations §2 "Statistics": a row per project (per system in the admin portal) with every column of the spec,
 * grouped (jobs, documents and pages read with those read by OCR, e-invoices, bandwidth, duration), then the totals row; numbers in the user's language, bytes readable,
 * durations in seconds with 3 decimals. The CSV export holds the same rows and the totals, with raw numbers.
 */
export async function StatisticsTable({ rows, total, nameHeader, caption, csvFile }: Props) {
  const [t, locale] = await Promise.all([getTranslations("statistics"), getLocale()]);
  const cell = (f: StatisticsFigures, c: Column): string => {
    if (c === "networkUpload" || c === "networkDownload") return formatBytes(locale, f[c]);
    if (c === "averageProcessingTime" || c === "maxProcessingTime") return formatSeconds(locale, f[c]);
    return formatCount(locale, f[c]);
  };
  const hint = (f: StatisticsFigures, c: Column) => {
    const text =
      c === "documents" && f.ocrDocuments > 0
        ? t("ocrHint", { documents: formatCount(locale, f.ocrDocuments) })
        : c === "pages" && f.ocrPages > 0
          ? t("ocrHint", { documents: formatCount(locale, f.ocrPages) })
          : c === "einvoices" && f.einvoices > 0
            ? t("einvoiceHint", { cii: formatCount(locale, f.einvoicesCii), ubl: formatCount(locale, f.einvoicesUbl) })
            : null;
    return text === null ? null : (
      <span
        className="block whitespace-nowrap text-muted-foreground text-xs"
        data-testid={`${c === "einvoices" ? "einvoice" : "ocr"}-hint`}
      >
        {text}
      </span>
    );
  };
  // the CSV has every figure: the table's columns, then those the table shows as hints or in the e-invoice breakdown
  const csvHeader = [nameHeader, ...COLUMNS.map((c) => t(c)), ...CSV_EXTRA.map((c) => t(c))];
  const csvRow = (name: string, f: StatisticsFigures): CsvValue[] => [
    name,
    ...COLUMNS.map((c) => f[c]),
    ...CSV_EXTRA.map((c) => f[c]),
  ];

  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <CsvButton
          fileName={csvFile}
          header={csvHeader}
          rows={[...rows.map((r) => csvRow(r.name, r.figures)), csvRow(t("totals"), total)]}
          label={t("exportCsv")}
          testId="statistics-csv"
        />
      </div>
      {/* a wide table scrolls in its own region, which the keyboard can reach (axe scrollable-region-focusable) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <section className="overflow-x-auto rounded-md border" aria-label={caption} tabIndex={0}>
        <table className="w-full caption-bottom text-sm" data-testid="statistics-table">
          <caption className="sr-only">{caption}</caption>
          <TableHeader>
            <TableRow>
              <TableHead rowSpan={2} scope="col" className="align-bottom">
                {nameHeader}
              </TableHead>
              {GROUPS.map((g) => (
                <TableHead key={g.key} colSpan={g.columns.length} scope="colgroup" className="border-l text-center">
                  {t(g.key)}
                </TableHead>
              ))}
            </TableRow>
            <TableRow>
              {GROUPS.flatMap((g) =>
                g.columns.map((c, i) => (
                  <TableHead
                    key={c}
                    scope="col"
                    className={cn("whitespace-normal px-1.5 text-right leading-tight", i === 0 && "border-l")}
                  >
                    {c === "einvoices" ? t("einvoices_column") : t(c)}
                  </TableHead>
                )),
              )}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1} className="h-16 text-center text-muted-foreground">
                  {t("empty")}
                </TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={r.key} data-testid="statistics-row">
                <TableHead scope="row" className={cn("font-normal", r.muted && "text-muted-foreground italic")}>
                  {r.href ? (
                    <CellText text={r.name}>
                      <Link
                        href={r.href}
                        className="text-primary underline-offset-4 hover:underline"
                        title={t("longRunning_link", { project: r.name })}
                      >
                        {r.name}
                      </Link>
                    </CellText>
                  ) : (
                    <CellText text={r.name} />
                  )}
                </TableHead>
                {COLUMNS.map((c) => (
                  <TableCell key={c} className="px-1.5 text-right tabular-nums">
                    {cell(r.figures, c)}
                    {hint(r.figures, c)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="statistics-total">
              <TableHead scope="row">{t("totals")}</TableHead>
              {COLUMNS.map((c) => (
                <TableCell key={c} className="px-1.5 text-right tabular-nums">
                  {cell(total, c)}
                  {hint(total, c)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </table>
      </section>
    </div>
  );
}
