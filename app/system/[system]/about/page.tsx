import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { About } from "@/components/portal/about";
import { externalModules } from "@/lib/about/queries";
import { requireSystemPage } from "@/lib/auth/guard";
import { parsePaging } from "@/lib/paging";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("about") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[]>> };

export default async function SystemAboutPage({ params, searchParams }: Props) {
  await requireSystemPage((await params).system);
  return <About modules={externalModules()} paging={parsePaging(await searchParams)} />;
}
