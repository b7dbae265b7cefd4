"use client";

import { useTranslations } from "next-intl";
import { useDates } from "@/components/i18n/use-dates";
import { Badge } from "@/components/ui/badge";
import { type WebhookState, webhookState } from "@/lib/webhooks/rules";
import type { WebhookDto } from "@/lib/webhooks/schemas";

const VARIANT = {
  enabled: "success",
  failing: "warning",
  disabled: "outline",
  disabledFailing: "destructive",
} as const satisfies Record<WebhookState, "success" | "warning" | "outline" | "destructive">;

/**
 * A webhook's state as a badge; a failing one (enabled, or disabled after 3 days of it) says since when: below it in a
 * table's cell (wrapping when the table needs the room), beside it with `inline`.
 */
export function WebhookStateBadge({
  webhook,
  inline = false,
}: {
  webhook: Pick<WebhookDto, "enabled" | "disabledReason" | "failingSince">;
  inline?: boolean;
}) {
  const t = useTranslations("webhooks");
  const { dateTime } = useDates();
  const state = webhookState(webhook);
  return (
    <div
      className={inline ? "flex flex-wrap items-center gap-x-2 gap-y-0.5" : "grid min-w-28 justify-items-start gap-0.5"}
      data-testid="webhook-state"
      data-state={state}
    >
      <Badge variant={VARIANT[state]}>{t(`state_${state}`)}</Badge>
      {webhook.failingSince && (state === "failing" || state === "disabledFailing") && (
        <span className="whitespace-normal text-muted-foreground text-xs tabular-nums">
          {t.rich("failingSince", {
            date: dateTime(webhook.failingSince),
            time: (chunks) => <span className="whitespace-nowrap">{chunks}</span>,
          })}
        </span>
      )}
    </div>
  );
}
