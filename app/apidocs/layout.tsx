import { connection } from "next/server";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/shell/portal-shell";
import { PublicFrame } from "@/components/shell/public-frame";
import { canUseAdminPortal, isSupersystemName } from "@/lib/auth/permissions";
import { currentCaller } from "@/lib/auth/web-session";
import { getDb } from "@/lib/db";
import { getFeatureFlags, getServiceInfo } from "@/lib/settings/store";

/**
 * The API reference is public; a signed-in user reads it inside the shell of their own portal (header, sidebar,
 * a way back), a visitor inside a small frame that leads to the sign-in.
 */
export default async function ApiDocsLayout({ children }: { children: ReactNode }) {
  await connection();
  const caller = await currentCaller();
  if (!caller || caller.requiresPasswordChange) return <PublicFrame>{children}</PublicFrame>;
  const admin = isSupersystemName(caller.systemName);
  if (admin && !canUseAdminPortal(caller)) return <PublicFrame>{children}</PublicFrame>;
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  return (
    <PortalShell caller={caller} portal={admin ? "admin" : "system"} systemName={caller.systemName} info={info} flags={flags}>
      {children}
    </PortalShell>
  );
}
