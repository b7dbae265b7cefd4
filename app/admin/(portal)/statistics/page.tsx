import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/portal/page-header";
import { loadStatistics } from "@/components/statistics/load";
import { RangeForm } from "@/components/statistics/range-form";
import { StatisticsLoadFailed, StatisticsSection, StatisticsSkeleton } from "@/components/statistics/statistics-section";
import type { Caller } from "@/lib/auth/caller";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { readSystemsSummary, statisticsSeries } from "@/lib/statistics/queries";
import { type DateRange, rangeFromQuery } from "@/lib/statistics/rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("statistics"))("adminTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route adminStatistics (spec operations §2): the range, then per system charts and table. */
export default async function AdminStatisticsPage({ searchParams }: Props) {
  const caller = await requireAdminPage("AccessAdminStatistics");
  const { invalid, ...range } = rangeFromQuery(await searchParams, new Date());
  const t = await getTranslations("statistics");
  return (
    <>
      <PageHeader title={t("adminTitle")} />
      <p className="-mt-4 mb-4 text-muted-foreground text-sm">{t("description")}</p>
      <RangeForm key={`form-${range.start}/${range.end}`} range={range} />
      {/* spec §5: no query while the range is invalid */}
      {!invalid && (
        <Suspense key={`data-${range.start}/${range.end}`} fallback={<StatisticsSkeleton />}>
          <Systems caller={caller} range={range} />
        </Suspense>
      )}
    </>
  );
}

async function Systems({ caller, range }: { caller: Caller; range: DateRange }) {
  const db = await getDb();
  const loaded = await loadStatistics(() =>
    Promise.all([readSystemsSummary(db, { caller, range }), statisticsSeries(db, range)]),
  );
  if ("errors" in loaded) return <StatisticsLoadFailed errors={loaded.errors} />;
  const [summary, series] = loaded.value;
  const rows = summary.items.map(({ systemId, systemName, ...figures }) => ({ key: systemId, name: systemName, figures }));
  return <StatisticsSection range={range} rows={rows} total={summary.total} series={series} />;
}
