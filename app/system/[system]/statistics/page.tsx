import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/portal/page-header";
import { loadStatistics } from "@/components/statistics/load";
import { RangeForm } from "@/components/statistics/range-form";
import { StatisticsLoadFailed, StatisticsSection, StatisticsSkeleton } from "@/components/statistics/statistics-section";
import type { StatisticsTableRow } from "@/components/statistics/statistics-table";
import type { Caller } from "@/lib/auth/caller";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { readProjectsSummary, statisticsSeries } from "@/lib/statistics/queries";
import { type DateRange, rangeFromQuery } from "@/lib/statistics/rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("statistics"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };
type System = { id: string; name: string };

/** Named route statistics of the system portal (spec operations §2): the range, then per project charts and table. */
export default async function SystemStatisticsPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "AccessStatistics");
  const { invalid, ...range } = rangeFromQuery(await searchParams, new Date());
  const t = await getTranslations("statistics");
  return (
    <>
      <PageHeader title={t("title")} />
      <p className="-mt-4 mb-4 text-muted-foreground text-sm">{t("description")}</p>
      <RangeForm key={`form-${range.start}/${range.end}`} range={range} />
      {/* spec §5: no query while the range is invalid */}
      {!invalid && (
        <Suspense key={`data-${range.start}/${range.end}`} fallback={<StatisticsSkeleton />}>
          <Projects caller={caller} system={system} range={range} />
        </Suspense>
      )}
    </>
  );
}

async function Projects({ caller, system, range }: { caller: Caller; system: System; range: DateRange }) {
  const t = await getTranslations("statistics");
  const db = await getDb();
  const loaded = await loadStatistics(() =>
    Promise.all([
      readProjectsSummary(db, { caller, systemId: system.id, range }),
      statisticsSeries(db, { ...range, systemId: system.id }),
    ]),
  );
  if ("errors" in loaded) return <StatisticsLoadFailed errors={loaded.errors} />;
  const [summary, series] = loaded.value;
  const query = `?start=${range.start}&end=${range.end}`;
  const base = `/system/${encodeURIComponent(system.name)}/statistics/longrunningjobs`;
  // a project's name opens its long-running jobs; the jobs of deleted projects have no page
  const rows: StatisticsTableRow[] = summary.items.map(({ projectId, projectName, ...figures }) => ({
    key: projectId ?? "-",
    name: projectName ?? t("withoutProject"),
    href: projectId ? `${base}/${projectId}${query}` : undefined,
    muted: !projectId,
    figures,
  }));
  return <StatisticsSection range={range} rows={rows} total={summary.total} series={series} systemName={system.name} />;
}
