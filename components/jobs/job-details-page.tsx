import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { BackButton } from "@/components/portal/back-button";
import { PageHeader } from "@/components/portal/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { LOG_LEVELS } from "@/db/schema/jobs";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { jobLogLines, loadJob, toJobDto } from "@/lib/jobs/queries";
import { JOB_LOG_LINES_MAX } from "@/lib/jobs/schemas";
import { log } from "@/lib/log";
import { getDb } from "@/lib/setup/bootstrap";
import { JobDetailActions } from "./job-detail-actions";
import { JobDetails } from "./job-details";

type Props = { system: { id: string; name: string }; jobId: number };

/** spec operations §2 "Job details": one job of the page's system; another system's job or an unknown id is not found. */
export async function JobDetailsPage({ system, jobId }: Props) {
  const t = await getTranslations("jobs");
  const db = await getDb();
  let loaded: Awaited<ReturnType<typeof loadJob>>;
  let logs: Awaited<ReturnType<typeof jobLogLines>> = { lines: [], truncated: false };
  try {
    loaded = await loadJob(db, jobId);
    if (loaded && loaded.job.systemId === system.id) logs = await jobLogLines(db, jobId);
  } catch (error) {
    if (!(error instanceof AppError)) log.error({ err: error, jobId }, "job details: load failed");
    const entries: ErrorEntry[] =
      error instanceof AppError ? error.entries : [{ code: "InternalError", params: { requestId: "-" } }];
    return <LoadFailed title={t("detailsTitle", { id: jobId })} entries={entries} />;
  }
  if (!loaded || loaded.job.systemId !== system.id) notFound();
  const job = toJobDto(loaded.job, loaded.systemName, loaded.files);
  return (
    <>
      <PageHeader title={t("detailsTitle", { id: job.id })}>
        <JobDetailActions job={job} />
      </PageHeader>
      <JobDetails job={job} levels={LOG_LEVELS} log={{ ...logs, maxLines: JOB_LOG_LINES_MAX }} />
    </>
  );
}

/** spec operations §8: jobMonitor_error_load when the job cannot be read. */
async function LoadFailed({ title, entries }: { title: string; entries: ErrorEntry[] }) {
  const t = await getTranslations("jobs");
  const te = await getTranslations("errors");
  const error = entries.map((e) => (te.has(e.code) ? te(e.code, e.params ?? {}) : e.code)).join(" | ");
  return (
    <>
      <PageHeader title={title}>
        <BackButton label={t("back")} />
      </PageHeader>
      <Alert variant="destructive" data-testid="job-load-error">
        <AlertDescription>{t("jobMonitor_error_load", { error })}</AlertDescription>
      </Alert>
    </>
  );
}
