import { getTranslations } from "next-intl/server";
import { LoadFailed } from "@/components/portal/load-failed";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { ErrorEntry } from "@/lib/errors/app-error";
import type { SeriesPoint } from "@/lib/statistics/queries";
import type { DateRange } from "@/lib/statistics/rules";
import type { StatisticsFigures } from "@/lib/statistics/schemas";
import { EInvoiceBreakdown } from "./einvoice-breakdown";
import { type Share, StatisticsCharts } from "./statistics-charts";
import { StatisticsTable, type StatisticsTableRow } from "./statistics-table";

/** The pie shows the six largest; the rest is one slice. */
const SHARE_SLICES = 6;

type Props = {
  range: DateRange;
  rows: StatisticsTableRow[];
  total: StatisticsFigures;
  series: { unit: "day" | "month"; points: SeriesPoint[] };
  /** the system whose projects the rows are; absent in the admin portal (a row per system) */
  systemName?: string;
};

/**
 * spec operations §2 "Statistics" below the range form: the charts and the table of the range. The page reads them
 * (lib/statistics/queries.ts) inside a Suspense boundary whose fallback is StatisticsSkeleton.
 */
export async function StatisticsSection({ range, rows, total, series, systemName }: Props) {
  const t = await getTranslations("statistics");
  const ranked = rows.filter((r) => r.figures.total > 0).sort((a, b) => b.figures.total - a.figures.total);
  const rest = ranked.slice(SHARE_SLICES).reduce((n, r) => n + r.figures.total, 0);
  const shares: Share[] = [
    ...ranked.slice(0, SHARE_SLICES).map((r) => ({ name: r.name, value: r.figures.total })),
    ...(rest ? [{ name: t("chart_share_others"), value: rest }] : []),
  ];
  return (
    <>
      {total.total === 0 && (
        <p className="mb-4 text-muted-foreground text-sm" data-testid="statistics-empty">
          {t("empty")}
        </p>
      )}
      <StatisticsCharts unit={series.unit} points={series.points} shares={shares} admin={systemName === undefined} />
      <StatisticsTable
        rows={rows}
        total={total}
        nameHeader={t(systemName === undefined ? "system" : "project")}
        caption={t("tableCaption", { start: range.start, end: range.end })}
        csvFile={`${t("csvFile")}-${systemName ?? "systems"}-${range.start}-${range.end}`}
      />
      <EInvoiceBreakdown total={total} />
    </>
  );
}

/** spec operations §8 statistics_error_load. */
export function StatisticsLoadFailed({ errors }: { errors: ErrorEntry[] }) {
  return <LoadFailed errors={errors} message="statistics.statistics_error_load" testId="statistics-load-error" />;
}

/** The place of the charts and the table while they load. */
export async function StatisticsSkeleton() {
  const t = await getTranslations("statistics");
  return (
    <div aria-busy="true" data-testid="statistics-skeleton">
      <span className="sr-only">{t("title")}</span>
      <div className="mb-6 grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="py-4">
            <CardHeader className="px-4">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </CardHeader>
            <CardContent className="px-4">
              <Skeleton className="h-56 w-full" />
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="grid gap-2 rounded-md border p-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    </div>
  );
}
