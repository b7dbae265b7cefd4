import { connection } from "next/server";
import type { ReactNode } from "react";
import { PortalShell } from "@/components/shell/portal-shell";
import { requireSystemPage } from "@/lib/auth/guard";

type Props = { children: ReactNode; params: Promise<{ system: string }> };

export default async function SystemPortalLayout({ children, params }: Props) {
  await connection();
  const { caller, system } = await requireSystemPage((await params).system);
  return (
    <PortalShell caller={caller} portal="system" systemName={system.name}>
      {children}
    </PortalShell>
  );
}
