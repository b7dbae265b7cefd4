import { connection } from "next/server";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PortalShell } from "@/components/shell/portal-shell";
import { adminPortalShell } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getFeatureFlags, getServiceInfo } from "@/lib/settings/store";

export default async function AdminPortalLayout({ children }: { children: ReactNode }) {
  await connection();
  // a tenant's user: its own system's shell, and the page says access denied in it (forbidden.tsx)
  const { caller, portal, systemName } = await adminPortalShell();
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  return (
    <PortalShell caller={caller} portal={portal} systemName={systemName} info={info} flags={flags}>
      {/* the portal's own pages beside those of its folders: error, access denied */}
      <ClientMessages namespaces={["forbidden", "portalError"]}>{children}</ClientMessages>
    </PortalShell>
  );
}
