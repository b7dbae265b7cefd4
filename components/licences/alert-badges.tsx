"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { LicenceBasicDto } from "@/lib/licences/schemas";

/** Licence alerts (DESIGN.md "Licence alerts") as badges: warning, critical, expired. */
export function AlertBadges({ alerts }: { alerts: LicenceBasicDto["alerts"] }) {
  const t = useTranslations("licence");
  if (!alerts.length) return <span className="text-sm text-muted-foreground">{t("noAlerts")}</span>;
  return (
    <span className="flex flex-wrap gap-1" data-testid="licence-alerts">
      {alerts.map((a) => (
        <Badge
          key={`${a.code}-${String(a.params.feature ?? "")}`}
          variant={a.level === "warning" ? "warning" : "destructive"}
          title={t(`level_${a.level}`)}
        >
          {t(`alert_${a.code}` as "alert_LicenceExpired", a.params)}
        </Badge>
      ))}
    </span>
  );
}
