import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { parseSort } from "@/components/data-table/sort";
import { UsersPage } from "@/components/users/users-page";
import { requireAdminPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { loadClampedPage, parsePaging } from "@/lib/paging";
import { listUsers, USER_SORT_COLUMNS } from "@/lib/users/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route adminManageusers: the admin users of the Supersystem. */
export default async function AdminUsersPage({ searchParams }: Props) {
  const caller = await requireAdminPage("ManageAdminUsers");
  const query = await searchParams;
  const system = { id: caller.systemId, name: caller.systemName };
  const paging = parsePaging(query);
  const sort = parseSort(Array.isArray(query.sort) ? query.sort[0] : query.sort, USER_SORT_COLUMNS);
  const db = await getDb();
  const { page, result } = await loadClampedPage(paging, (p) =>
    listUsers(db, caller, { system, page: p, pageSize: paging.pageSize, sort }),
  );
  return (
    <UsersPage
      users={result}
      page={page}
      pageSize={paging.pageSize}
      ownUserId={caller.userId}
      systemName={system.name}
      base="/admin"
    />
  );
}
