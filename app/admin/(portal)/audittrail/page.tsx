import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditTrailPage } from "@/components/audit/audit-trail-page";
import { loadAuditTrail } from "@/components/audit/load";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("audittrail"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route audittrail of the admin portal: every system's trail and the Supersystem's (ManageAdminAuditTrail). */
export default async function AdminAuditTrailPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminAuditTrail");
  const data = await loadAuditTrail(await getDb(), { caller, query: await searchParams });
  return <AuditTrailPage data={data} />;
}
