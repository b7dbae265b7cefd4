import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { AlertBadges } from "@/components/licences/alert-badges";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { LicenceFigure } from "@/lib/dashboard/licences";

type Props = {
  /** admin: every licence with an alert; system: the system's licence and those that serve it */
  licences: LicenceFigure[];
  scope: "admin" | "system";
  /** all licences of the installation (admin: "n of m") */
  total?: number;
  /** the licence page, if the caller may open it */
  linkOf: (licence: LicenceFigure) => string | undefined;
};

/** Licences that expire or run out soon, by the alert thresholds of each licence (30 days, 80 % by default). */
export async function LicencesCard({ licences, scope, total, linkOf }: Props) {
  const [t, format] = await Promise.all([getTranslations("dashboardCards"), getFormatter()]);
  const empty = scope === "admin" ? t("licencesFine", { count: total ?? 0 }) : t("licenceNone");
  return (
    <Card className="min-w-0" data-testid="licences-card">
      <CardHeader>
        <CardTitle>
          <h2>{t(scope === "admin" ? "licencesTitle" : "licenceTitle")}</h2>
        </CardTitle>
        <CardDescription>{t(scope === "admin" ? "licencesIntro" : "licenceIntro")}</CardDescription>
      </CardHeader>
      <CardContent>
        {licences.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="licences-empty">
            {empty}
          </p>
        ) : (
          <ul className="grid gap-3" data-testid="licences-list">
            {licences.map((l) => {
              const href = linkOf(l);
              return (
                <li key={l.id} className="grid min-w-0 gap-1 rounded-lg border px-3 py-2" data-testid="licence-figure">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    {href ? (
                      <Link href={href} className="truncate font-medium text-primary underline underline-offset-4" title={l.name}>
                        {l.name}
                      </Link>
                    ) : (
                      <span className="truncate font-medium" title={l.name}>
                        {l.name}
                      </span>
                    )}
                    <AlertBadges alerts={l.alerts} />
                  </div>
                  <p className="text-sm text-muted-foreground" data-testid="licence-days">
                    {l.daysLeft === null
                      ? t("licenceVirtual")
                      : l.daysLeft < 0
                        ? t("licenceExpiredOn", { day: l.expiration ?? "" })
                        : t("licenceDaysLeft", { day: l.expiration ?? "", days: l.daysLeft })}
                  </p>
                  {l.features.length > 0 && (
                    <ul className="grid gap-0.5 text-sm" data-testid="licence-features">
                      {l.features.map((f) => (
                        <li key={f.id} className="tabular-nums">
                          {t("featureLeft", {
                            feature: f.id,
                            left: format.number(f.left),
                            limit: format.number(f.limit),
                            percent: f.percentUsed,
                          })}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
