import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { parseSort } from "@/components/data-table/sort";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import type { Caller } from "@/lib/auth/caller";
import { clampPage, parsePaging } from "@/lib/paging";
import { getDb } from "@/lib/setup/bootstrap";
import { listUsers, USER_SORT_COLUMNS, type UserSortColumn } from "@/lib/users/queries";
import { UsersTable } from "./users-table";

type Props = {
  caller: Caller;
  system: { id: string; name: string };
  base: string;
  query: Record<string, string | string[] | undefined>;
};

/** The users list of both portals (spec foundation §2 "Users list"), paged and sorted on the server. */
export async function UsersPage({ caller, system, base, query }: Props) {
  const t = await getTranslations("users");
  const paging = parsePaging(query);
  const sortQuery = Array.isArray(query.sort) ? query.sort[0] : query.sort;
  const sort = parseSort(sortQuery, USER_SORT_COLUMNS) as { id: UserSortColumn; desc: boolean }[];
  const db = await getDb();
  let result = await listUsers(db, caller, { system, ...paging, sort });
  const page = clampPage(paging.page, result.totalCount, paging.pageSize);
  if (page !== paging.page) result = await listUsers(db, caller, { system, page, pageSize: paging.pageSize, sort });
  return (
    <>
      <PageHeader title={t("title")}>
        <Button asChild>
          <Link href={`${base}/users/add`} data-testid="add-user">
            <PlusIcon />
            {t("add")}
          </Link>
        </Button>
      </PageHeader>
      <UsersTable
        rows={result.items}
        total={result.totalCount}
        page={page}
        pageSize={paging.pageSize}
        ownUserId={caller.userId}
        systemName={system.name}
        base={base}
      />
    </>
  );
}
