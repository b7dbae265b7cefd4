import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { CardSkeleton } from "@/components/portal/card-skeleton";
import { Dashboard } from "@/components/portal/dashboard";
import { SystemPortals } from "@/components/portal/system-portals";
import { requireAdminPage } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { apiBaseUrl } from "@/lib/config/api-base";
import { getDb } from "@/lib/setup/bootstrap";
import { listTenantSystems } from "@/lib/systems/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

/** Named route adminDashboard. */
export default async function AdminDashboardPage() {
  const caller = await requireAdminPage("AccessAdminDashboard");
  const [base, t] = await Promise.all([apiBaseUrl(), getTranslations("general")]);
  return (
    <Dashboard caller={caller} base={base}>
      {hasPermission(caller.roles, "ManageSystems") && (
        <Suspense fallback={<CardSkeleton label={t("loading")} />}>
          <TenantPortals />
        </Suspense>
      )}
    </Dashboard>
  );
}

/** The tenant systems, read apart from the rest of the page so the dashboard shows before them. */
async function TenantPortals() {
  return <SystemPortals systems={await listTenantSystems(await getDb())} />;
}
