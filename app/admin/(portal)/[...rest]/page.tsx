import { notFound } from "next/navigation";
import { ComingSoon } from "@/components/portal/coming-soon";
import { requireAdminPage } from "@/lib/auth/guard";
import { ADMIN_NAV } from "@/lib/auth/navigation";

type Props = { params: Promise<{ rest: string[] }> };

/** Areas of the admin portal that later issues build; anything else is not found. */
export default async function AdminAreaPage({ params }: Props) {
  const { rest } = await params;
  // only an area's own page is announced; anything below it (or beside it) is not found
  const entry = rest.length === 1 ? ADMIN_NAV.find((e) => e.segment === rest[0]) : undefined;
  if (!entry) notFound();
  await requireAdminPage(entry.permission);
  return <ComingSoon navKey={entry.key} dashboardHref="/admin/dashboard" />;
}
