import { connection } from "next/server";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/shell/portal-shell";
import { requireAdminPage } from "@/lib/auth/guard";
import { getFeatureFlags, getServiceInfo } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";

export default async function AdminPortalLayout({ children }: { children: ReactNode }) {
  await connection();
  const caller = await requireAdminPage();
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  return (
    <PortalShell caller={caller} portal="admin" info={info} flags={flags}>
      {children}
    </PortalShell>
  );
}
