"use client";

import { useRouter } from "next/navigation";
import { useTimeZone } from "next-intl";
import { useEffect } from "react";
import { TIME_ZONE_COOKIE } from "@/lib/i18n/dates";

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Tells the server the browser's time zone (a cookie), so that both render dates alike. On the first visit
 * the page was rendered in UTC: it renders again once, now in the browser's zone.
 */
export function TimeZoneCookie() {
  const rendered = useTimeZone();
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === rendered) return;
    const cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie for the server; the Cookie Store API is not in every browser
    document.cookie = `${cookie}; path=/; max-age=${YEAR_S}; samesite=lax`;
    // a browser that keeps no cookies would render in UTC again: then stay with it
    if (document.cookie.includes(cookie)) router.refresh();
  }, [rendered, router]);
  return null;
}
