import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { params: Promise<{ system: string; userId: string }> };

export default async function SystemUserEditPage({ params }: Props) {
  const { system: systemParam, userId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageUsers");
  return <UserFormPage caller={caller} system={system} base={`/system/${encodeURIComponent(system.name)}`} userId={userId} />;
}
