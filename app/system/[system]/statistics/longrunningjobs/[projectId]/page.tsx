import { ArrowLeftIcon } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { PageHeader } from "@/components/portal/page-header";
import { loadStatistics } from "@/components/statistics/load";
import { LongRunningTable } from "@/components/statistics/long-running-table";
import { RangeForm } from "@/components/statistics/range-form";
import { StatisticsLoadFailed, StatisticsSkeleton } from "@/components/statistics/statistics-section";
import { Button } from "@/components/ui/button";
import type { Caller } from "@/lib/auth/caller";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { readLongRunningJobs } from "@/lib/statistics/queries";
import { type DateRange, rangeFromQuery } from "@/lib/statistics/rules";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("statistics"))("longRunning_title") };
}

type Props = {
  params: Promise<{ system: string; projectId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
type System = { id: string; name: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Named route statistics/longrunningjobs/{projectId} (spec operations §2): the project's top 10 of the range. */
export default async function LongRunningJobsPage({ params, searchParams }: Props) {
  const { system: systemParam, projectId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "AccessStatistics");
  if (!UUID.test(projectId)) notFound();
  const { invalid, ...range } = rangeFromQuery(await searchParams, new Date());
  const t = await getTranslations("statistics");
  const portal = `/system/${encodeURIComponent(system.name)}`;
  return (
    <>
      <PageHeader title={t("longRunning_title")}>
        <Button asChild variant="outline">
          <Link href={`${portal}/statistics?start=${range.start}&end=${range.end}`} data-testid="statistics-back">
            <ArrowLeftIcon aria-hidden />
            {t("back")}
          </Link>
        </Button>
      </PageHeader>
      <RangeForm key={`form-${range.start}/${range.end}`} range={range} />
      {!invalid && (
        <Suspense key={`data-${range.start}/${range.end}`} fallback={<StatisticsSkeleton />}>
          <Top caller={caller} system={system} projectId={projectId} range={range} portal={portal} />
        </Suspense>
      )}
    </>
  );
}

async function Top(props: { caller: Caller; system: System; projectId: string; range: DateRange; portal: string }) {
  const t = await getTranslations("statistics");
  const db = await getDb();
  const loaded = await loadStatistics(() =>
    readLongRunningJobs(db, { caller: props.caller, systemId: props.system.id, projectId: props.projectId, range: props.range }),
  );
  if ("errors" in loaded) return <StatisticsLoadFailed errors={loaded.errors} />;
  const { items, totalCount, projectName } = loaded.value;
  return (
    <>
      <h2 className="mb-2 font-semibold text-lg" data-testid="long-running-project">
        {t("longRunning_titleProject", { project: projectName ?? "" })}
      </h2>
      <LongRunningTable
        jobs={items}
        totalCount={totalCount}
        portal={props.portal}
        csvFile={`${t("longRunning_csvFile")}-${projectName ?? props.projectId}-${props.range.start}-${props.range.end}`}
      />
    </>
  );
}
