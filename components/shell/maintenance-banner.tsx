"use client";

import { TriangleAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** spec foundation §1: service information is polled every 10 seconds to keep the warning current. */
export const SERVICE_INFO_POLL_MS = 10_000;

/**
 * The header's maintenance warning: as the layout read it, polled between page loads. A page that reads itself again
 * (router.refresh after a save, as the configuration page does when maintenance mode is switched) renders the layout
 * with the new state, and the warning follows it at once, not only at the next poll.
 */
export function MaintenanceBanner({ initial }: { initial: boolean }) {
  const t = useTranslations("header");
  const [on, setOn] = useState(initial);
  const [rendered, setRendered] = useState(initial);
  if (rendered !== initial) {
    setRendered(initial);
    setOn(initial);
  }
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      try {
        const res = await fetch("/api/config/serviceinfo", { cache: "no-store" });
        if (res.ok && !stopped) setOn(((await res.json()) as { isMaintenanceModeEnabled: boolean }).isMaintenanceModeEnabled);
      } catch {
        // keep the last known state while the server is unreachable
      }
    };
    const timer = setInterval(poll, SERVICE_INFO_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (!on) return null;
  return (
    <div
      data-testid="maintenance-banner"
      className="flex items-center gap-2 rounded-md bg-warning px-3 py-1 text-sm font-medium text-warning-foreground"
    >
      <TriangleAlertIcon className="size-4" aria-hidden />
      {t("maintenance")}
    </div>
  );
}
