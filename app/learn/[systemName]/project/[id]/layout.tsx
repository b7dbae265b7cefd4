import { connection } from "next/server";
import type { ReactNode } from "react";
import { LearnPortalShell } from "@/components/learn-portal/learn-portal-shell";
import { FeatureOff } from "@/components/portal/feature-off";
import { getFeatureFlags, getServiceInfo } from "@/lib/config/service-config";
import { requireLearnPortal } from "@/lib/learn/portal";
import { getDb } from "@/lib/setup/bootstrap";

type Props = { children: ReactNode; params: Promise<{ systemName: string; id: string }> };

/** The learn portal of one learn project (spec operations §2), in its own tab. */
export default async function LearnPortalLayout({ children, params }: Props) {
  await connection();
  const { caller, project } = await requireLearnPortal(await params);
  const db = await getDb();
  const [info, flags] = await Promise.all([getServiceInfo(db), getFeatureFlags(db)]);
  return (
    <LearnPortalShell caller={caller} project={project} info={info}>
      {flags.LearnPortal ? children : <FeatureOff feature="LearnPortal" />}
    </LearnPortalShell>
  );
}
