"use client";

import { ArrowLeftIcon, RefreshCwIcon, RotateCcwIcon } from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useMemo, useState, useTransition } from "react";
import { DataTable, dataTableColumnHelper, RowActions } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { WEBHOOK_DELIVERY_STATES, type WebhookDeliveryState } from "@/db/schema/webhooks";
import { resendWebhookDeliveryAction } from "@/lib/webhooks/actions";
import type { DeliveryDto, WebhookDto } from "@/lib/webhooks/schemas";
import { DateTimeCell } from "./date-time-cell";
import { useWebhookText } from "./use-webhook-text";
import { type WebhookNotice, WebhookNoticePanel } from "./webhook-notices";
import { WebhookStateBadge } from "./webhook-state";

const column = dataTableColumnHelper<DeliveryDto>();

const STATE_VARIANT = {
  Pending: "secondary",
  Delivered: "success",
  Failed: "destructive",
} as const satisfies Record<WebhookDeliveryState, "secondary" | "success" | "destructive">;

type Props = {
  webhook: WebhookDto;
  projectName: string | null;
  deliveries: DeliveryDto[];
  total: number;
  page: number;
  pageSize: number;
  /** the state filter of the URL query; null: every state */
  state: WebhookDeliveryState | null;
  /** the webhooks page */
  back: string;
  /** the job details route when the user may open it (ManageJobs), else null: a job's id is then plain text */
  jobs: string | null;
};

/**
 * Issue 26 §1: a webhook's delivery log: what the webhook is (URL, state, events, project), then its deliveries newest
 * first: event, job (a link to its details) or learn run, state, attempts, the last attempt's HTTP status, duration and
 * error, when it happened, was last tried and is tried next (the narrow columns wrap their heads, and dates their time,
 * before the table scrolls sideways); resend tries one at once and shows the outcome above the
 * list, which is read again.
 */
export function DeliveryLog({ webhook, projectName, deliveries, total, page, pageSize, state, back, jobs }: Props) {
  const t = useTranslations("webhooks");
  const general = useTranslations("general");
  const text = useWebhookText();
  const format = useFormatter();
  const { dateTime } = useDates();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { notifyErrors } = useStatus();
  const [notice, setNotice] = useState<WebhookNotice | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const [, startResend] = useTransition();

  const filter = (next: string) => {
    const query = new URLSearchParams(search.toString());
    if (next) query.set("state", next);
    else query.delete("state");
    query.set("page", "0");
    router.push(`${pathname}?${query.toString()}`);
  };

  const columns = useMemo(() => {
    const resend = (delivery: DeliveryDto) => {
      setNotice({ kind: "sending", text: t("resending") });
      startResend(async () => {
        const result = await resendWebhookDeliveryAction({ id: delivery.webhookId, deliveryId: delivery.id });
        router.refresh();
        if (!result.ok) {
          setNotice(null);
          return notifyErrors(result.errors, (error) => general("general_error_common", { error }));
        }
        setNotice({ kind: "outcome", title: t("resendTitle"), delivery: result.data });
      });
    };
    // date and time wrap onto two lines, and the narrow columns' headers at their words, when the table needs the room
    const time = (value: string | null) => (value ? <DateTimeCell text={dateTime(value)} /> : <Dash />);
    const head = (label: string) => () => <span className="block whitespace-normal">{label}</span>;
    return column.columns([
      // the event with what it is about beneath it: the job (a link to its details) or the learn run
      column.accessor("event", {
        header: t("col_event"),
        cell: ({ row }) => {
          const { event, jobId, learnRunId } = row.original;
          return (
            <div className="grid min-w-24 gap-0.5 whitespace-normal">
              <span>{text.event(event)}</span>
              {jobId !== null &&
                (jobs ? (
                  <Link className="text-primary text-xs underline underline-offset-4" href={`${jobs}/${jobId}`}>
                    {t("job", { id: String(jobId) })}
                  </Link>
                ) : (
                  <span className="text-muted-foreground text-xs">{t("job", { id: String(jobId) })}</span>
                ))}
              {learnRunId !== null && (
                <span className="text-muted-foreground text-xs">{t("learnRun", { id: String(learnRunId) })}</span>
              )}
            </div>
          );
        },
      }),
      column.accessor("state", {
        header: t("col_state"),
        cell: (i) => (
          <Badge variant={STATE_VARIANT[i.getValue()]} data-state={i.getValue()} data-testid="delivery-state">
            {t(`delivery_${i.getValue()}`)}
          </Badge>
        ),
      }),
      column.accessor("attempt", {
        header: head(t("col_attempt")),
        cell: (i) => <span className="tabular-nums">{i.getValue()}</span>,
      }),
      column.accessor("httpStatus", {
        header: head(t("col_httpStatus")),
        cell: (i) => (i.getValue() === null ? <Dash /> : <span className="tabular-nums">{i.getValue()}</span>),
      }),
      column.accessor("durationMs", {
        header: head(t("col_duration")),
        cell: (i) => <span className="tabular-nums">{text.seconds(i.getValue())}</span>,
      }),
      column.accessor("error", {
        header: t("col_error"),
        cell: (i) =>
          i.getValue() ? (
            <span
              className="line-clamp-3 block min-w-32 max-w-xs whitespace-normal wrap-anywhere"
              title={text.error(i.getValue())}
            >
              {text.error(i.getValue())}
            </span>
          ) : (
            <Dash />
          ),
      }),
      column.accessor("created", { header: head(t("col_created")), cell: (i) => time(i.getValue()) }),
      column.accessor("lastAttempt", { header: head(t("col_lastAttempt")), cell: (i) => time(i.getValue()) }),
      column.accessor("nextAttempt", { header: head(t("col_nextAttempt")), cell: (i) => time(i.getValue()) }),
      column.display({
        id: "actions",
        header: () => <span className="sr-only">{t("actions")}</span>,
        cell: ({ row }) => (
          <RowActions
            actions={[
              {
                label: t("resend"),
                icon: RotateCcwIcon,
                onClick: () => resend(row.original),
                testId: "delivery-resend",
              },
            ]}
          />
        ),
      }),
    ]);
  }, [t, general, text, dateTime, jobs, router, notifyErrors]);

  return (
    <section className="grid min-w-0 grid-cols-1 gap-4" aria-labelledby="delivery-log-heading" data-testid="delivery-log">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 max-w-3xl gap-1.5">
          <h2 id="delivery-log-heading" className="font-semibold text-lg">
            {t("log_title")}
          </h2>
          <p className="font-mono text-sm wrap-anywhere" data-testid="delivery-log-url">
            {webhook.url}
          </p>
          {webhook.description && <p className="text-muted-foreground text-sm wrap-anywhere">{webhook.description}</p>}
          <div className="flex flex-wrap items-start gap-x-4 gap-y-1 text-muted-foreground text-sm">
            <WebhookStateBadge webhook={webhook} inline />
            <span>{t("log_events", { events: format.list(webhook.events.map(text.event), { type: "unit" }) })}</span>
            <span className="wrap-anywhere">{t("log_project", { project: projectName ?? t("allProjects") })}</span>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link href={back} data-testid="delivery-log-back">
            <ArrowLeftIcon aria-hidden="true" />
            {t("log_back")}
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-muted-foreground text-sm">{t("log_intro")}</p>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="delivery-state-filter">{t("log_state")}</Label>
            <NativeSelect
              id="delivery-state-filter"
              size="sm"
              className="w-44"
              value={state ?? ""}
              onChange={(e) => filter(e.target.value)}
              data-testid="delivery-state-filter"
            >
              <option value="">{t("log_allStates")}</option>
              {WEBHOOK_DELIVERY_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`delivery_${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={refreshing}
            onClick={() => startRefresh(() => router.refresh())}
            data-testid="delivery-log-refresh"
          >
            <RefreshCwIcon className={refreshing ? "motion-safe:animate-spin" : undefined} aria-hidden="true" />
            {t("log_refresh")}
          </Button>
        </div>
      </div>
      {notice && <WebhookNoticePanel notice={notice} onClose={() => setNotice(null)} />}
      {total === 0 && !state ? (
        <div className="grid max-w-3xl gap-2 rounded-md border border-dashed p-6" data-testid="deliveries-empty">
          <h3 className="font-medium">{t("log_emptyTitle")}</h3>
          <p className="text-muted-foreground text-sm">{t("log_emptyText")}</p>
        </div>
      ) : (
        <DataTable
          columns={columns}
          rows={deliveries}
          total={total}
          page={page}
          pageSize={pageSize}
          sortable={false}
          getRowId={(delivery) => delivery.id}
          emptyText={t("log_emptyFiltered")}
          testId="deliveries-table"
        />
      )}
    </section>
  );
}

function Dash() {
  return <span className="text-muted-foreground">—</span>;
}
