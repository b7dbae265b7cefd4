import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import type { UserDto } from "@/lib/users/schemas";
import { UsersTable } from "./users-table";

type Props = {
  users: { items: UserDto[]; totalCount: number };
  page: number;
  pageSize: number;
  ownUserId: string;
  systemName: string;
  base: string;
};

/** The users list of both portals (spec foundation §2 "Users list"), paged and sorted on the server. */
export async function UsersPage({ users, page, pageSize, ownUserId, systemName, base }: Props) {
  const t = await getTranslations("users");
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
        rows={users.items}
        total={users.totalCount}
        page={page}
        pageSize={pageSize}
        ownUserId={ownUserId}
        systemName={systemName}
        base={base}
      />
    </>
  );
}
