import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { JobDetailsPage, JobLoadFailed } from "@/components/jobs/job-details-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { jobLogLines, loadJob, toJobDto } from "@/lib/jobs/queries";
import { JOB_LOG_LINES_MAX } from "@/lib/jobs/schemas";
import { log } from "@/lib/log";
import { getDb } from "@/lib/setup/bootstrap";

type Props = { params: Promise<{ system: string; jobId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await getTranslations("jobs"))("detailsTitle", { id: (await params).jobId }) };
}

/**
 * Named route jobmonitor/details/{jobId} of the system portal (spec operations §2): one job of the page's
 * system; another system's job or an unknown id is not found (inside the portal's shell).
 */
export default async function SystemJobDetailsPage({ params }: Props) {
  const { system: systemParam, jobId } = await params;
  const { system } = await requireSystemPage(systemParam, "ManageJobs");
  // job ids are bigserial numbers; anything else is not a job
  if (!/^\d{1,15}$/.test(jobId)) notFound();
  const id = Number(jobId);
  const db = await getDb();
  let loaded: Awaited<ReturnType<typeof loadJob>>;
  let logs: Awaited<ReturnType<typeof jobLogLines>> = { lines: [], truncated: false };
  try {
    loaded = await loadJob(db, id);
    if (loaded && loaded.job.systemId === system.id) logs = await jobLogLines(db, id);
  } catch (error) {
    if (!(error instanceof AppError)) log.error({ err: error, jobId: id }, "job details: load failed");
    const entries: ErrorEntry[] =
      error instanceof AppError ? error.entries : [{ code: "InternalError", params: { requestId: "-" } }];
    return <JobLoadFailed jobId={id} entries={entries} />;
  }
  if (!loaded || loaded.job.systemId !== system.id) notFound();
  return (
    <JobDetailsPage job={toJobDto(loaded.job, loaded.systemName, loaded.files)} log={{ ...logs, maxLines: JOB_LOG_LINES_MAX }} />
  );
}
