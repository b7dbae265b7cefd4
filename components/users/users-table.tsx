"use client";

import { PencilIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useStatus } from "@/components/shell/status-bar";
import { Badge } from "@/components/ui/badge";
import { deleteUserAction } from "@/lib/users/actions";
import type { UserDto } from "@/lib/users/schemas";

const column = dataTableColumnHelper<UserDto>();

type Props = {
  rows: UserDto[];
  total: number;
  page: number;
  pageSize: number;
  /** the caller's own user id: it cannot be edited or deleted from the list (spec foundation §2) */
  ownUserId: string;
  systemName: string;
  base: string;
};

/** spec foundation §2 "Users list": Everybody hidden, no edit/delete of one's own user. */
export function UsersTable({ rows, total, page, pageSize, ownUserId, systemName, base }: Props) {
  const t = useTranslations("users");
  const tg = useTranslations("general");
  const tl = useTranslations("languages");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();

  const columns = useMemo(() => {
    const remove = (user: UserDto) =>
      startTransition(async () => {
        const result = await deleteUserAction({ systemName, userId: user.id });
        if (!result.ok) return notifyErrors(result.errors, (error) => t("users_delete_error", { error }));
        notify("success", t("deleted"));
        router.refresh();
      });
    return column.columns([
      column.accessor("name", {
        header: t("name"),
        enableSorting: true,
        cell: ({ row }) =>
          row.original.id === ownUserId ? (
            <span title={t("ownUser")}>
              <CellText text={row.original.name} />
            </span>
          ) : (
            <CellText text={row.original.name}>
              <Link
                className="font-medium text-primary underline underline-offset-4"
                href={`${base}/users/edit/${row.original.id}`}
              >
                {row.original.name}
              </Link>
            </CellText>
          ),
      }),
      column.accessor("fullName", {
        header: t("fullName"),
        enableSorting: true,
        cell: (i) => <CellText text={i.getValue()} />,
      }),
      column.accessor("emailAddress", {
        header: t("emailAddress"),
        enableSorting: true,
        cell: (i) => <CellText text={i.getValue() ?? "—"} />,
      }),
      column.accessor("roles", {
        header: t("roles"),
        cell: (i) => {
          const roles = i.getValue().filter((r) => r !== "Everybody");
          return roles.length ? roles.map((r) => tg(`general_enum_role_${r}`)).join(", ") : "—";
        },
      }),
      column.accessor("isActive", {
        header: t("isActive"),
        enableSorting: true,
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-1">
            <Badge variant={row.original.isActive ? "secondary" : "outline"}>{row.original.isActive ? t("yes") : t("no")}</Badge>
            {row.original.isLockedOut && <Badge variant="destructive">{t("locked")}</Badge>}
          </span>
        ),
      }),
      column.accessor("language", { header: t("language"), enableSorting: true, cell: (i) => tl(i.getValue()) }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("edit")}</span>,
        cell: ({ row }) => {
          const own = row.original.id === ownUserId;
          return (
            <RowActions
              actions={[
                { label: t("edit"), icon: PencilIcon, href: `${base}/users/edit/${row.original.id}`, disabled: own },
                {
                  label: t("delete"),
                  icon: Trash2Icon,
                  destructive: true,
                  disabled: own,
                  onClick: () => remove(row.original),
                  confirm: {
                    title: t("deleteTitle", { name: row.original.name }),
                    description: t("deleteText"),
                    confirmLabel: t("delete"),
                    cancelLabel: t("cancel"),
                  },
                },
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, tg, tl, ownUserId, base, systemName, notify, notifyErrors, router]);

  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      getRowId={(u) => u.id}
      emptyText={t("empty")}
      rowClassName={(u) => (u.isActive ? undefined : "text-muted-foreground")}
      testId="users-table"
    />
  );
}
