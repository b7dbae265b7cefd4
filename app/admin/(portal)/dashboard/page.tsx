import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Dashboard } from "@/components/portal/dashboard";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

/** Named route adminDashboard. */
export default async function AdminDashboardPage() {
  return <Dashboard portal="admin" caller={await requireAdminPage("AccessAdminDashboard")} />;
}
