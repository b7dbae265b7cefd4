import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UsersPage } from "@/components/users/users-page";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route users of the system portal. */
export default async function SystemUsersPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageUsers");
  return (
    <UsersPage caller={caller} system={system} base={`/system/${encodeURIComponent(system.name)}`} query={await searchParams} />
  );
}
