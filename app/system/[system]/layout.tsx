import { connection } from "next/server";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/shell/portal-shell";
import { requireSystemPage } from "@/lib/auth/guard";
import { getFeatureFlags, getServiceInfo } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";

type Props = { children: ReactNode; params: Promise<{ system: string }> };

export default async function SystemPortalLayout({ children, params }: Props) {
  await connection();
  const { caller, system } = await requireSystemPage((await params).system);
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  return (
    <PortalShell caller={caller} portal="system" systemName={system.name} info={info} flags={flags}>
      {children}
    </PortalShell>
  );
}
