"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** How often a visible dashboard reads its figures again (the same rhythm as the service-info poll, spec §9). */
export const DASHBOARD_REFRESH_MS = 10_000;

/**
 * Reads the page's server components again every `everyMs` (DASHBOARD_REFRESH_MS) while the tab is visible, and on
 * its return: the dashboards, and a job's details while the job is still on its way.
 */
export function AutoRefresh({ everyMs = DASHBOARD_REFRESH_MS }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible") router.refresh();
    };
    const timer = setInterval(refresh, everyMs);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [router, everyMs]);
  return null;
}
