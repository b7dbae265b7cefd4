import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditTrailPage } from "@/components/audit/audit-trail-page";
import { loadAuditTrail } from "@/components/audit/load";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audittrail"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route audittrail of the system portal: the trail of this system (ManageAuditTrail). */
export default async function SystemAuditTrailPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageAuditTrail");
  const data = await loadAuditTrail(await getDb(), { caller, query: await searchParams, systemId: system.id });
  return <AuditTrailPage data={data} system={system} />;
}
