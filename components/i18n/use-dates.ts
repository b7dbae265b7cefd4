"use client";

import { useTimeZone } from "next-intl";
import { useMemo } from "react";
import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from "@/lib/i18n/dates";

/** formatDate / formatDateTime in the time zone of the page (the same on the server and in the browser). */
export function useDates() {
  const timeZone = useTimeZone() ?? DEFAULT_TIME_ZONE;
  return useMemo(
    () => ({
      timeZone,
      dateTime: (value: string | Date | null | undefined) => formatDateTime(value, timeZone),
      date: (value: string | Date | null | undefined) => formatDate(value, timeZone),
    }),
    [timeZone],
  );
}
