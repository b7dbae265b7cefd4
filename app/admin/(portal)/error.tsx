"use client";

import { PortalError } from "@/components/portal/portal-error";

/** An unexpected failure of an admin portal page: shown inside the shell, with retry and a way back. */
export default function AdminPortalError({ error, retry }: { error: unknown; retry: () => void }) {
  return <PortalError error={error} retry={retry} dashboardHref="/admin/dashboard" />;
}
