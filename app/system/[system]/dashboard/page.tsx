import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Dashboard } from "@/components/portal/dashboard";
import { requireSystemPage } from "@/lib/auth/guard";
import { apiBaseUrl } from "@/lib/config/api-base";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

type Props = { params: Promise<{ system: string }> };

export default async function SystemDashboardPage({ params }: Props) {
  const { caller } = await requireSystemPage((await params).system, "AccessSystemDashboard");
  return <Dashboard caller={caller} base={await apiBaseUrl()} />;
}
