"use client";

import { useParams } from "next/navigation";
import { PortalForbidden } from "@/components/portal/portal-forbidden";

/** A system portal page the caller lacks the permission for: access denied inside the shell, the URL kept. */
export default function SystemPortalForbidden() {
  const { system } = useParams<{ system: string }>();
  return <PortalForbidden dashboardHref={`/system/${system}/dashboard`} />;
}
