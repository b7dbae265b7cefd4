import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UserFormPage } from "@/components/users/user-form-page";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("addTitle") };
}

export default async function AdminUserAddPage() {
  const caller = await requireAdminPage("ManageAdminUsers");
  return <UserFormPage caller={caller} system={{ id: caller.systemId, name: caller.systemName }} base="/admin" />;
}
