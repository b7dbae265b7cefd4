import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { parseSort } from "@/components/data-table/sort";
import { JobMonitor } from "@/components/jobs/job-monitor";
import { isValidJobIdFilter, JOB_SORT_COLUMNS, jobSearchInput, readJobFilters } from "@/components/jobs/job-query";
import { toJobRow } from "@/components/jobs/job-row";
import { loadOrErrors } from "@/components/portal/load";
import { PageHeader } from "@/components/portal/page-header";
import { JOB_STATES } from "@/db/schema/jobs";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { type JobSearchResult, searchJobs } from "@/lib/jobs/queries";
import { ZJobSearch } from "@/lib/jobs/schemas";
import { loadClampedPage, parsePaging } from "@/lib/paging";
import { projectNames } from "@/lib/projects/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("jobs"))("title") };
}

type Query = Record<string, string | string[] | undefined>;

const NO_JOBS: JobSearchResult = { totalCount: 0, totalCountExact: true, items: [] };
type Props = { params: Promise<{ system: string }>; searchParams: Promise<Query> };

/**
 * Named route jobmonitor of the system portal (spec operations §2 "Job monitor list"): the jobs of one system by
 * the URL query, paged and sorted on the server. Its folder is a route group so that the loading skeleton
 * (loading.tsx) wraps this list only, not the job details below it.
 */
export default async function SystemJobMonitorPage({ params, searchParams }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageJobs");
  const query = await searchParams;
  const db = await getDb();
  const filters = readJobFilters(query, JOB_STATES);
  const paging = parsePaging(query);
  const sort = parseSort(Array.isArray(query.sort) ? query.sort[0] : query.sort, JOB_SORT_COLUMNS);
  const load = (page: number) => {
    if (!isValidJobIdFilter(filters.id)) throw new AppError("InvalidJobId", { id: filters.id });
    const search = parseInput(ZJobSearch, jobSearchInput(filters, sort, { page, pageSize: paging.pageSize }));
    return searchJobs(db, { systemId: system.id, search });
  };

  // the filter's project names are read while the search runs
  const projectsRead = projectNames(db, { systemId: system.id });
  projectsRead.catch(() => {}); // a failure is thrown where it is awaited, not reported as unhandled meanwhile
  const read = await loadOrErrors(() => loadClampedPage(paging, load), { what: "job monitor" });
  // a failed search shows no jobs; the status bar says why (JobMonitor)
  const { page, result } = "value" in read ? read.value : { page: paging.page, result: NO_JOBS };
  const loadErrors = "errors" in read ? read.errors : [];
  const projects = await projectsRead;
  const t = await getTranslations("jobs");

  return (
    <>
      <PageHeader title={t("title")} />
      <JobMonitor
        rows={result.items.map(toJobRow)}
        total={result.totalCount}
        totalExact={result.totalCountExact}
        page={page}
        pageSize={paging.pageSize}
        filters={filters}
        projects={projects}
        states={JOB_STATES}
        base={`/system/${encodeURIComponent(system.name)}`}
        loadErrors={loadErrors}
      />
    </>
  );
}
