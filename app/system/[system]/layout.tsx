import { connection } from "next/server";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PortalShell } from "@/components/shell/portal-shell";
import { systemPortalShell } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getFeatureFlags, getServiceInfo } from "@/lib/settings/store";

type Props = { children: ReactNode; params: Promise<{ system: string }> };

export default async function SystemPortalLayout({ children, params }: Props) {
  await connection();
  // another tenant's URL: the caller's own shell, and the page says not found in it
  const { caller, portal, systemName } = await systemPortalShell((await params).system);
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  return (
    <PortalShell caller={caller} portal={portal} systemName={systemName} info={info} flags={flags}>
      {/* the portal's own pages beside those of its folders: error, access denied */}
      <ClientMessages namespaces={["forbidden", "portalError"]}>{children}</ClientMessages>
    </PortalShell>
  );
}
