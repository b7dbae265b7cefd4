import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { JobDetailsPage } from "@/components/jobs/job-details-page";
import { requireSystemPage } from "@/lib/auth/guard";

type Props = { params: Promise<{ system: string; jobId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: (await getTranslations("jobs"))("detailsTitle", { id: (await params).jobId }) };
}

/** Named route jobmonitor/details/{jobId} of the system portal (spec operations §2). */
export default async function SystemJobDetailsPage({ params }: Props) {
  const { system: systemParam, jobId } = await params;
  const { system } = await requireSystemPage(systemParam, "ManageJobs");
  // job ids are bigserial numbers; anything else is not a job
  if (!/^\d{1,15}$/.test(jobId)) notFound();
  return <JobDetailsPage system={system} jobId={Number(jobId)} />;
}
