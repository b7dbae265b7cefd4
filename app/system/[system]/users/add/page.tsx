import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireSystemPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("addTitle") };
}

type Props = { params: Promise<{ system: string }> };

export default async function SystemUserAddPage({ params }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageUsers");
  return <UserFormPage caller={caller} system={system} base={`/system/${encodeURIComponent(system.name)}`} />;
}
