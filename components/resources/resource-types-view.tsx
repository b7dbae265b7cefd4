"use client";

import { PlusIcon, Trash2Icon, XCircleIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { clampPage, type Paging } from "@/lib/paging";
import { deletePoolAction, deleteResourcesAction } from "@/lib/resources/actions";
import type { ResourcePoolDto, SubtypeDto } from "@/lib/resources/schemas";

const column = dataTableColumnHelper<SubtypeDto>();

type Props = { systemId: string; pools: ResourcePoolDto[]; type: string; base: string; paging: Paging };

/** spec operations §2 "Resources": a tab per type listing its pools with add, delete all and delete pool. */
export function ResourceTypesView({ systemId, pools, type, base, paging }: Props) {
  const t = useTranslations("resources");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [, startTransition] = useTransition();
  const columns = useMemo(() => {
    const deleteAll = (p: SubtypeDto) =>
      startTransition(async () => {
        const result = await deleteResourcesAction({ systemId, subtypeId: p.id });
        router.refresh();
        if (!result.ok) return notifyErrors(result.errors, (error) => t("resources_error_deleteAll", { pool: p.name, error }));
        notify("success", t("resources_text_deletedAll"));
      });
    const dropPool = (p: SubtypeDto) =>
      startTransition(async () => {
        const result = await deletePoolAction({ systemId, level: p.level, poolId: p.id });
        router.refresh();
        if (!result.ok) return notifyErrors(result.errors, (error) => t("resources_error_deletePool", { pool: p.name, error }));
        notify("success", t("resources_text_deletedPool"));
      });
    const confirm = (title: string, description: string) => ({
      title,
      description,
      confirmLabel: t("yes"),
      cancelLabel: t("no"),
    });
    return column.columns([
      column.accessor("name", {
        header: t("pool"),
        cell: ({ row }) => (
          <CellText text={row.original.name}>
            <Link className="font-medium text-primary underline underline-offset-4" href={`${base}/${row.original.id}`}>
              {row.original.name}
            </Link>
          </CellText>
        ),
      }),
      column.accessor("level", { header: t("level"), cell: (i) => t(`level_${i.getValue()}`) }),
      column.accessor("count", { header: t("count") }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("add")}</span>,
        cell: ({ row }) => {
          const p = row.original;
          const query = new URLSearchParams({ type: p.type, subtype: p.name, subtypeId: p.id });
          return (
            <RowActions
              actions={[
                { label: t("add"), icon: PlusIcon, href: `${base}/add?${query}`, testId: "pool-add" },
                {
                  label: t("deleteAll"),
                  icon: XCircleIcon,
                  destructive: true,
                  disabled: p.count === 0,
                  onClick: () => deleteAll(p),
                  confirm: confirm(t("deleteAllTitle", { pool: p.name }), t("deleteAllText")),
                  testId: "pool-delete-all",
                },
                {
                  label: t("deletePool"),
                  icon: Trash2Icon,
                  destructive: true,
                  onClick: () => dropPool(p),
                  confirm: confirm(t("deletePoolTitle", { pool: p.name }), t("deletePoolText")),
                  testId: "pool-delete",
                },
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, base, systemId, notify, notifyErrors, router]);

  return (
    <Tabs value={type} onValueChange={(value) => router.replace(`${base}?type=${value}`)}>
      <TabsList>
        {pools.map((p) => (
          <TabsTrigger key={p.id} value={p.id} data-testid={`tab-${p.id}`}>
            {t(`type_${p.id}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {pools.map((p) => {
        // the pools of a type are few: paged here, in memory (the pager keeps page and size in the query)
        const page = clampPage(paging.page, p.subtypes.length, paging.pageSize);
        return (
          <TabsContent key={p.id} value={p.id} className="grid gap-3">
            <div className="flex justify-end">
              <Button asChild>
                <Link href={`${base}/add?type=${p.id}`} data-testid="add-resource">
                  <PlusIcon aria-hidden="true" />
                  {t("add")}
                </Link>
              </Button>
            </div>
            <DataTable
              columns={columns}
              rows={p.subtypes.slice(page * paging.pageSize, (page + 1) * paging.pageSize)}
              total={p.subtypes.length}
              page={page}
              pageSize={paging.pageSize}
              getRowId={(s) => s.id}
              emptyText={t("emptyType")}
              testId={`pools-${p.id}`}
            />
          </TabsContent>
        );
      })}
    </Tabs>
  );
}
