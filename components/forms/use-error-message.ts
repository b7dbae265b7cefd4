"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback } from "react";
import { useDates } from "@/components/i18n/use-dates";
import type { ErrorEntry, ErrorParams } from "@/lib/errors/app-error";
import { isIsoDateTime } from "@/lib/i18n/dates";
import { readableErrorParams } from "@/lib/i18n/error-params";

/**
 * The text of an error entry in the user's language (messages "errors", by code, with its parameters).
 * Instants among the parameters (a lockout's end) are shown in the user's time zone, and a code's
 * `problem` (what exactly is wrong with a file) falls back to the general text when none is sent. A size limit in bytes
 * reads as KB or MB.
 */
export function useErrorMessage(): (entry: ErrorEntry) => string {
  const t = useTranslations("errors");
  const { dateTime } = useDates();
  const locale = useLocale();
  return useCallback(
    (entry: ErrorEntry) => {
      if (!t.has(entry.code)) return t("unknownError", { code: entry.code });
      const params: ErrorParams = { problem: "other" };
      for (const [key, value] of Object.entries(entry.params ?? {})) params[key] = isIsoDateTime(value) ? dateTime(value) : value;
      return t(entry.code, readableErrorParams(entry.code, params, locale));
    },
    [t, dateTime, locale],
  );
}
