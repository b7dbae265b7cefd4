import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { About } from "@/components/portal/about";
import { externalModules } from "@/lib/about/queries";
import { requireAdminPage } from "@/lib/auth/guard";
import { parsePaging } from "@/lib/paging";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("about") };
}

/** Named route adminAbout. */
type Props = { searchParams: Promise<Record<string, string | string[]>> };

export default async function AdminAboutPage({ searchParams }: Props) {
  await requireAdminPage();
  return <About modules={externalModules()} paging={parsePaging(await searchParams)} />;
}
