"use client";

import { useParams } from "next/navigation";
import { PortalForbidden } from "@/components/portal/portal-forbidden";

/** The learn portal without ManageProjects: access denied inside the system's portal (the layout draws it). */
export default function LearnPortalForbidden() {
  const { systemName } = useParams<{ systemName: string }>();
  return <PortalForbidden dashboardHref={`/system/${systemName}/dashboard`} />;
}
