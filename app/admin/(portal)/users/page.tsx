import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { UsersPage } from "@/components/users/users-page";
import { requireAdminPage } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route adminManageusers: the admin users of the Supersystem. */
export default async function AdminUsersPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminUsers");
  return (
    <UsersPage
      caller={caller}
      system={{ id: caller.systemId, name: caller.systemName }}
      base="/admin"
      query={await searchParams}
    />
  );
}
