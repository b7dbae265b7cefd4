import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Account } from "@/components/portal/account";
import { readAccount } from "@/lib/account/queries";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("account") };
}

type Props = { params: Promise<{ system: string }> };

export default async function SystemAccountPage({ params }: Props) {
  const { caller } = await requireSystemPage((await params).system);
  return <Account caller={caller} {...(await readAccount(await getDb(), caller))} />;
}
