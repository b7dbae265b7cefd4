"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useMemo } from "react";
import { useDates } from "@/components/i18n/use-dates";
import { readDeliveryError } from "@/lib/webhooks/rules";
import type { DeliveryDto } from "@/lib/webhooks/schemas";

/**
 * The webhooks page's words for what the server stores as codes: an event (`job.ready`), a delivery's error (its code
 * translated, its detail kept: "Network: ECONNREFUSED" reads "Network error: ECONNREFUSED"), a duration in seconds
 * with three decimals (DESIGN.md Conventions), and an attempt's outcome.
 */
export function useWebhookText() {
  const t = useTranslations("webhooks");
  const format = useFormatter();
  const { dateTime } = useDates();
  return useMemo(() => {
    const event = (code: string) => {
      const key = `event_${code.replace(".", "_")}`;
      return t.has(key) ? t(key) : code;
    };
    const error = (text: string | null) => {
      if (!text) return "";
      const read = readDeliveryError(text);
      if (read.code === null) return read.text;
      const label = t(`error_${read.code}`);
      return read.detail ? t("errorWithDetail", { error: label, detail: read.detail }) : label;
    };
    const seconds = (ms: number | null) =>
      ms === null ? "—" : format.number(ms / 1000, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    /** what an attempt came to: delivered with its status and time, failed or pending with why */
    const outcome = (delivery: DeliveryDto) => {
      if (delivery.state === "Delivered")
        return t("outcome_delivered", { status: String(delivery.httpStatus ?? "—"), seconds: seconds(delivery.durationMs) });
      if (delivery.state === "Pending")
        return t("outcome_pending", { error: error(delivery.error), next: dateTime(delivery.nextAttempt) });
      return t("outcome_failed", { error: error(delivery.error), seconds: seconds(delivery.durationMs) });
    };
    return { event, error, seconds, outcome };
  }, [t, format, dateTime]);
}
