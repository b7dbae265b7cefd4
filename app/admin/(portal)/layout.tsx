import { connection } from "next/server";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/shell/portal-shell";
import { requireAdminPage } from "@/lib/auth/guard";
import { getServiceInfo } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";

export default async function AdminPortalLayout({ children }: { children: ReactNode }) {
  await connection();
  const caller = await requireAdminPage();
  const info = await getServiceInfo(await getDb());
  return (
    <PortalShell caller={caller} portal="admin" info={info}>
      {children}
    </PortalShell>
  );
}
