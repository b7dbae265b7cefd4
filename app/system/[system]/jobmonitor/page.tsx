import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { JobMonitorPage } from "@/components/jobs/job-monitor-page";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("jobs"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route jobmonitor of the system portal (spec operations §2). */
export default async function SystemJobMonitorPage({ params, searchParams }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageJobs");
  return <JobMonitorPage system={system} base={`/system/${encodeURIComponent(system.name)}`} query={await searchParams} />;
}
