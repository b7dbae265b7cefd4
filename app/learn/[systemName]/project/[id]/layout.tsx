import { connection } from "next/server";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { LearnPortalShell } from "@/components/learn-portal/learn-portal-shell";
import { FeatureOff } from "@/components/portal/feature-off";
import { PortalShell } from "@/components/shell/portal-shell";
import { getDb } from "@/lib/db";
import { learnPortalLayout } from "@/lib/learn/portal";
import { getFeatureFlags, getServiceInfo } from "@/lib/settings/store";

type Props = { children: ReactNode; params: Promise<{ systemName: string; id: string }> };

/** The learn portal of one learn project (spec operations §2), in its own tab. */
export default async function LearnPortalLayout({ children, params }: Props) {
  await connection();
  // an unknown project id still gets the frame: its page says not found inside it (not-found.tsx); a caller who may
  // not open the portal gets the portal of the system portal's answer, and the page says not found or access denied
  const layout = await learnPortalLayout(await params);
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  const page = (
    <ClientMessages namespaces={["forbidden", "learnPortal", "learnRuns", "pager", "portalError", "projects"]}>
      {children}
    </ClientMessages>
  );
  if ("shell" in layout) {
    return (
      <PortalShell {...layout.shell} info={info} flags={flags}>
        {page}
      </PortalShell>
    );
  }
  const { caller, system, project } = layout.frame;
  return (
    <LearnPortalShell caller={caller} systemName={system.name} project={project} info={info}>
      {flags.LearnPortal ? page : <FeatureOff feature="LearnPortal" />}
    </LearnPortalShell>
  );
}
