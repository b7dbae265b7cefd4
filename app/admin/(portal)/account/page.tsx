import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Account } from "@/components/portal/account";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("account") };
}

/** Named route adminAccount. */
export default async function AdminAccountPage() {
  return <Account caller={await requireAdminPage()} />;
}
