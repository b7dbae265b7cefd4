import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { parseSort } from "@/components/data-table/sort";
import { UsersPage } from "@/components/users/users-page";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { loadClampedPage, parsePaging } from "@/lib/paging";
import { listUsers, USER_SORT_COLUMNS } from "@/lib/users/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("users"))("title") };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Named route users of the system portal. */
export default async function SystemUsersPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageUsers");
  const query = await searchParams;
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
      base={`/system/${encodeURIComponent(system.name)}`}
    />
  );
}
