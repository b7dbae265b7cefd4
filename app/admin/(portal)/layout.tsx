import { connection } from "next/server";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/shell/portal-shell";
import { requireAdminPage } from "@/lib/auth/guard";

export default async function AdminPortalLayout({ children }: { children: ReactNode }) {
  await connection();
  const caller = await requireAdminPage();
  return (
    <PortalShell caller={caller} portal="admin">
      {children}
    </PortalShell>
  );
}
