import { getTranslations } from "next-intl/server";
import type { ComponentProps } from "react";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { BackButton } from "@/components/portal/back-button";
import { LoadFailed } from "@/components/portal/load-failed";
import { PageHeader } from "@/components/portal/page-header";
import { LOG_LEVELS } from "@/db/schema/jobs";
import type { ErrorEntry } from "@/lib/errors/app-error";
import type { JobEInvoice } from "@/lib/jobs/einvoices";
import type { JobDto } from "@/lib/jobs/schemas";
import { JobDetailActions } from "./job-detail-actions";
import { JobDetails } from "./job-details";

type Props = { job: JobDto; log: ComponentProps<typeof JobDetails>["log"]; einvoices?: JobEInvoice[] };

/** states a job passes through on its way to Ready or Error: its page reads it again until it is there */
const ON_ITS_WAY: readonly JobDto["state"][] = ["New", "Waiting", "Assigned", "Processing"];
const JOB_REFRESH_MS = 2_000;

/** spec operations §2 "Job details": the job with its actions. */
export async function JobDetailsPage({ job, log, einvoices }: Props) {
  const t = await getTranslations("jobs");
  return (
    <>
      <PageHeader title={t("detailsTitle", { id: job.id })}>
        <JobDetailActions job={job} />
      </PageHeader>
      <JobDetails job={job} levels={LOG_LEVELS} log={log} einvoices={einvoices} />
      {ON_ITS_WAY.includes(job.state) && <AutoRefresh everyMs={JOB_REFRESH_MS} />}
    </>
  );
}

/** spec operations §8: jobMonitor_error_load when the job cannot be read. */
export async function JobLoadFailed({ jobId, errors }: { jobId: number; errors: ErrorEntry[] }) {
  const t = await getTranslations("jobs");
  return (
    <>
      <PageHeader title={t("detailsTitle", { id: jobId })}>
        <BackButton label={t("back")} />
      </PageHeader>
      <LoadFailed errors={errors} message="jobs.jobMonitor_error_load" testId="job-load-error" />
    </>
  );
}
