import { notFound } from "next/navigation";
import { ComingSoon } from "@/components/portal/coming-soon";
import { requireSystemPage } from "@/lib/auth/guard";
import { SYSTEM_NAV } from "@/lib/auth/navigation";

type Props = { params: Promise<{ system: string; rest: string[] }> };

/** Areas of the system portal that later issues build; anything else is not found. */
export default async function SystemAreaPage({ params }: Props) {
  const { system: systemParam, rest } = await params;
  // only an area's own page is announced; anything below it (or beside it) is not found
  const entry = rest.length === 1 ? SYSTEM_NAV.find((e) => e.segment === rest[0]) : undefined;
  if (!entry) notFound();
  const { system } = await requireSystemPage(systemParam, entry.permission);
  return <ComingSoon navKey={entry.key} dashboardHref={`/system/${encodeURIComponent(system.name)}/dashboard`} />;
}
