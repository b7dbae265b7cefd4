"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useDates } from "@/components/i18n/use-dates";
import type { ErrorEntry, ErrorParams } from "@/lib/errors/app-error";
import { isIsoDateTime } from "@/lib/i18n/dates";

/**
 * The text of an error entry in the user's language (messages "errors", by code, with its parameters).
 * Instants among the parameters (a lockout's end) are shown in the user's time zone, and a code's
 * `problem` (what exactly is wrong with a file) falls back to the general text when none is sent.
 */
export function useErrorMessage(): (entry: ErrorEntry) => string {
  const t = useTranslations("errors");
  const { dateTime } = useDates();
  return useCallback(
    (entry: ErrorEntry) => {
      if (!t.has(entry.code)) return t("unknownError", { code: entry.code });
      const params: ErrorParams = { problem: "other" };
      for (const [key, value] of Object.entries(entry.params ?? {})) params[key] = isIsoDateTime(value) ? dateTime(value) : value;
      return t(entry.code, params);
    },
    [t, dateTime],
  );
}
