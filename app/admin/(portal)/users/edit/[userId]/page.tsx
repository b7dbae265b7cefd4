import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { params: Promise<{ userId: string }> };

export default async function AdminUserEditPage({ params }: Props) {
  const caller = await requireAdminPage("ManageAdminUsers");
  const { userId } = await params;
  return <UserFormPage caller={caller} system={{ id: caller.systemId, name: caller.systemName }} base="/admin" userId={userId} />;
}
