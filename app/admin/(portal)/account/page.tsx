import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Account } from "@/components/portal/account";
import { readAccount } from "@/lib/account/queries";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("account") };
}

/** Named route adminAccount. */
export default async function AdminAccountPage() {
  const caller = await requireAdminPage();
  return <Account caller={caller} {...(await readAccount(await getDb(), caller))} />;
}
