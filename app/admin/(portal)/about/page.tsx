import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { About } from "@/components/portal/about";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("about") };
}

/** Named route adminAbout. */
export default async function AdminAboutPage() {
  await requireAdminPage();
  return <About />;
}
