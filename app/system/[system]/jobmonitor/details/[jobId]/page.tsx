import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { JobDetailsPage, JobLoadFailed } from "@/components/jobs/job-details-page";
import { loadOrErrors } from "@/components/portal/load";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { jobEInvoices } from "@/lib/jobs/einvoices";
import { jobLogLines, loadJob, toJobDto } from "@/lib/jobs/queries";
import { JOB_LOG_LINES_MAX } from "@/lib/jobs/schemas";

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
  const read = await loadOrErrors(
    async () => {
      const found = await loadJob(db, id);
      if (!found || found.job.systemId !== system.id) return undefined;
      return { ...found, logs: await jobLogLines(db, id), einvoices: await jobEInvoices(found.files) };
    },
    { what: `job details ${id}` },
  );
  if ("errors" in read) return <JobLoadFailed jobId={id} errors={read.errors} />;
  const loaded = read.value;
  if (!loaded) notFound();
  return (
    <JobDetailsPage
      job={toJobDto(loaded.job, loaded.systemName, loaded.files)}
      log={{ ...loaded.logs, maxLines: JOB_LOG_LINES_MAX }}
      einvoices={loaded.einvoices}
    />
  );
}
