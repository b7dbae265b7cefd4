"use client";

import { HistoryIcon, KeyRoundIcon, PencilIcon, PowerIcon, PowerOffIcon, SendIcon, Trash2Icon } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { CellText, DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import type { WebhookDto } from "@/lib/webhooks/schemas";
import { useWebhookText } from "./use-webhook-text";
import type { ProjectOption } from "./webhook-dialog";
import { WebhookStateBadge } from "./webhook-state";

const column = dataTableColumnHelper<WebhookDto>();

export type WebhookRowActions = {
  edit: (webhook: WebhookDto) => void;
  setEnabled: (webhook: WebhookDto, enabled: boolean) => void;
  test: (webhook: WebhookDto) => void;
  rotate: (webhook: WebhookDto) => void;
  remove: (webhook: WebhookDto) => void;
};

type Props = {
  rows: WebhookDto[];
  total: number;
  page: number;
  pageSize: number;
  /** the webhooks page: /system/{system}/config/webhooks; a webhook's delivery log is below it */
  base: string;
  projects: readonly ProjectOption[];
  actions: WebhookRowActions;
};

/**
 * Issue 26 §1: a system's webhooks: the URL (a link to its delivery log) with its description, the events, its project
 * or all, its state (enabled, failing since, disabled by a user or after failures) and when it was made; edit, enable or
 * disable (yes/no), send test, rotate the secret (yes/no) and delete (yes/no) at the end of the row.
 */
export function WebhooksTable({ rows, total, page, pageSize, base, projects, actions }: Props) {
  const t = useTranslations("webhooks");
  const text = useWebhookText();
  const { date } = useDates();
  const columns = useMemo(() => {
    const projectName = (id: string | null) =>
      id ? (projects.find((p) => p.id === id)?.name ?? t("unknownProject", { id })) : null;
    const confirm = (title: string, description: string) => ({
      title,
      description,
      confirmLabel: t("yes"),
      cancelLabel: t("no"),
    });
    return column.columns([
      column.accessor("url", {
        header: t("colUrl"),
        // a URL (up to 2000 characters) wraps anywhere, at most three lines; the whole of it is its hint
        cell: ({ row }) => (
          <div className="grid min-w-48 max-w-md gap-0.5 whitespace-normal">
            <Link
              href={`${base}/${row.original.id}`}
              className="line-clamp-3 font-mono text-primary text-xs underline underline-offset-4 wrap-anywhere"
              title={row.original.url}
              data-testid="webhook-url"
            >
              {row.original.url}
            </Link>
            {row.original.description && (
              <span className="line-clamp-2 text-muted-foreground text-xs wrap-anywhere" title={row.original.description}>
                {row.original.description}
              </span>
            )}
          </div>
        ),
      }),
      column.accessor("events", {
        header: t("colEvents"),
        cell: (i) => (
          <ul className="flex min-w-28 flex-wrap gap-1">
            {i.getValue().map((event) => (
              <li key={event} className="rounded-md border px-1.5 py-0.5 text-xs">
                {text.event(event)}
              </li>
            ))}
          </ul>
        ),
      }),
      column.accessor("projectId", {
        header: t("colProject"),
        cell: (i) => {
          const name = projectName(i.getValue());
          return name ? <CellText text={name} /> : <span className="text-muted-foreground">{t("allProjects")}</span>;
        },
      }),
      column.display({
        id: "state",
        header: t("colState"),
        cell: ({ row }) => <WebhookStateBadge webhook={row.original} />,
      }),
      column.accessor("created", {
        header: t("colCreated"),
        // the day, as the account page's API keys show theirs: the time of day tells nothing here
        cell: (i) => <span className="whitespace-nowrap tabular-nums">{date(i.getValue())}</span>,
      }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => {
          const webhook = row.original;
          return (
            <RowActions
              actions={[
                { label: t("deliveryLog"), icon: HistoryIcon, href: `${base}/${webhook.id}`, testId: "webhook-deliveries" },
                {
                  label: t("sendTest"),
                  icon: SendIcon,
                  onClick: () => actions.test(webhook),
                  testId: "webhook-test",
                },
                {
                  label: t("edit"),
                  icon: PencilIcon,
                  onClick: () => actions.edit(webhook),
                  testId: "webhook-edit",
                },
                webhook.enabled
                  ? {
                      label: t("disable"),
                      icon: PowerOffIcon,
                      onClick: () => actions.setEnabled(webhook, false),
                      confirm: confirm(t("disableTitle"), t("disableText")),
                      testId: "webhook-disable",
                    }
                  : {
                      label: t("enable"),
                      icon: PowerIcon,
                      onClick: () => actions.setEnabled(webhook, true),
                      testId: "webhook-enable",
                    },
                {
                  label: t("rotate"),
                  icon: KeyRoundIcon,
                  onClick: () => actions.rotate(webhook),
                  confirm: confirm(t("rotateTitle"), t("rotateText")),
                  testId: "webhook-rotate",
                },
                {
                  label: t("delete"),
                  icon: Trash2Icon,
                  destructive: true,
                  onClick: () => actions.remove(webhook),
                  confirm: confirm(t("deleteTitle"), t("deleteText", { url: webhook.url })),
                  testId: "webhook-delete",
                },
              ]}
            />
          );
        },
      }),
    ]);
  }, [t, text, date, base, projects, actions]);
  return (
    <DataTable
      columns={columns}
      rows={rows}
      total={total}
      page={page}
      pageSize={pageSize}
      sortable={false}
      getRowId={(webhook) => webhook.id}
      emptyText={t("emptyTitle")}
      rowClassName={(webhook) => (webhook.enabled ? undefined : "text-muted-foreground")}
      testId="webhooks-table"
    />
  );
}
