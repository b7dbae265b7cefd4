import { notFound } from "next/navigation";
import { ComingSoon } from "@/components/portal/coming-soon";
import { requireAdminPage } from "@/lib/auth/guard";
import { ADMIN_NAV } from "@/lib/auth/navigation";

type Props = { params: Promise<{ rest: string[] }> };

/** Areas of the admin portal that later issues build; anything else is not found. */
export default async function AdminAreaPage({ params }: Props) {
  const [segment] = (await params).rest;
  const entry = ADMIN_NAV.find((e) => e.segment === segment);
  if (!entry) notFound();
  await requireAdminPage(entry.permission);
  return <ComingSoon navKey={entry.key} dashboardHref="/admin/dashboard" />;
}
