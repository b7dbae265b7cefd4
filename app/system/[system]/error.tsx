"use client";

import { useParams } from "next/navigation";
import { PortalError } from "@/components/portal/portal-error";

/** An unexpected failure of a system portal page: shown inside the shell, with retry and a way back. */
export default function SystemPortalError({ error, retry }: { error: unknown; retry: () => void }) {
  const { system } = useParams<{ system: string }>();
  return <PortalError error={error} retry={retry} dashboardHref={`/system/${system}/dashboard`} />;
}
