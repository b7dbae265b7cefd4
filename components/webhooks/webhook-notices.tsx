"use client";

import { CheckCircle2Icon, ClockIcon, KeyRoundIcon, Loader2Icon, XCircleIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useDates } from "@/components/i18n/use-dates";
import { CopyButton } from "@/components/portal/copy-button";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { DeliveryDto } from "@/lib/webhooks/schemas";
import { useWebhookText } from "./use-webhook-text";

/** What the page says above its list after an action: a secret (shown once), a test on its way, an attempt's outcome. */
export type WebhookNotice =
  | { kind: "secret"; made: boolean; url: string; secret: string; previousUntil?: string }
  | { kind: "sending"; text: string }
  | { kind: "outcome"; title: string; delivery: DeliveryDto };

export function WebhookNoticePanel({ notice, onClose }: { notice: WebhookNotice; onClose: () => void }) {
  if (notice.kind === "secret") return <SecretShown notice={notice} onClose={onClose} />;
  if (notice.kind === "sending") return <Sending text={notice.text} />;
  return <Outcome title={notice.title} delivery={notice.delivery} onClose={onClose} />;
}

function CloseButton({ onClose }: { onClose: () => void }) {
  const t = useTranslations("webhooks");
  return (
    <Button type="button" variant="ghost" size="icon" className="-mt-1 -mr-2 size-8" onClick={onClose} aria-label={t("close")}>
      <XIcon />
    </Button>
  );
}

/**
 * Issue 26 §1: a new webhook's secret, or the one a rotation made, shown once with a copy button (as the account page's
 * API key); after a rotation, until when the previous one still signs.
 */
function SecretShown({ notice, onClose }: { notice: Extract<WebhookNotice, { kind: "secret" }>; onClose: () => void }) {
  const t = useTranslations("webhooks");
  const { dateTime } = useDates();
  return (
    <div className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3" role="status" data-testid="webhook-secret">
      <div className="flex items-start gap-2">
        <KeyRoundIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1 font-medium text-sm wrap-anywhere">
          {notice.made ? t("secretCreated", { url: notice.url }) : t("secretRotated", { url: notice.url })}
        </p>
        <CloseButton onClose={onClose} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-muted px-2 py-1 font-mono text-xs" data-testid="webhook-secret-value">
          {notice.secret}
        </code>
        <CopyButton value={notice.secret} />
      </div>
      <p className="text-muted-foreground text-xs">{t("secretOnce")}</p>
      {notice.previousUntil && (
        <p className="text-muted-foreground text-xs" data-testid="webhook-secret-previous">
          {t("secretPrevious", { until: dateTime(notice.previousUntil) })}
        </p>
      )}
    </div>
  );
}

/** An attempt takes up to 10 s (its limit): the page shows that it is on its way. */
function Sending({ text }: { text: string }) {
  return (
    <Alert data-testid="webhook-sending">
      <Loader2Icon className="motion-safe:animate-spin" aria-hidden="true" />
      <AlertDescription className="wrap-anywhere">{text}</AlertDescription>
    </Alert>
  );
}

/** An attempt made at once (send test, resend): delivered with its status and time, or why not. */
export function Outcome({ title, delivery, onClose }: { title: string; delivery: DeliveryDto; onClose: () => void }) {
  const text = useWebhookText();
  const variant = delivery.state === "Delivered" ? "success" : delivery.state === "Failed" ? "destructive" : "warning";
  const Icon = delivery.state === "Delivered" ? CheckCircle2Icon : delivery.state === "Failed" ? XCircleIcon : ClockIcon;
  return (
    <Alert variant={variant} data-testid="webhook-outcome" data-state={delivery.state}>
      <Icon aria-hidden="true" />
      <AlertTitle className="flex items-start justify-between gap-2 wrap-anywhere">
        <span className="min-w-0">{title}</span>
        <CloseButton onClose={onClose} />
      </AlertTitle>
      <AlertDescription className="wrap-anywhere">{text.outcome(delivery)}</AlertDescription>
    </Alert>
  );
}
