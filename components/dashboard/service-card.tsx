import Link from "next/link";
import { getFormatter, getTimeZone, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { WorkerSummary } from "@/lib/dashboard/worker-registry";
import { formatDateTime } from "@/lib/i18n/dates";
import { Figure, Figures } from "./figure";

type Props = {
  maintenance: boolean;
  workers: WorkerSummary;
  /** admin: busy slots and each process; a tenant sees the capacity only (the busy slots are every system's work) */
  detailed: boolean;
  /** the configuration page (maintenance mode, worker count), if the caller may open it */
  configurationHref?: string;
};

/** Whether the service works off its queue: maintenance mode, the job pipeline processes connected and their slots. */
export async function ServiceCard({ maintenance, workers, detailed, configurationHref }: Props) {
  const [t, format, timeZone] = await Promise.all([getTranslations("dashboardCards"), getFormatter(), getTimeZone()]);
  return (
    <Card className="min-w-0" data-testid="service-card">
      <CardHeader>
        <CardTitle>
          <h2>{t("serviceTitle")}</h2>
        </CardTitle>
        <CardDescription>{t("serviceIntro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="maintenance-state">
          <span>{t("maintenance")}</span>
          {maintenance ? (
            <Badge variant="warning">{t("maintenanceOn")}</Badge>
          ) : (
            <Badge variant="success">{t("maintenanceOff")}</Badge>
          )}
          {configurationHref && (
            <Link href={configurationHref} className="text-primary underline underline-offset-4">
              {t("openConfiguration")}
            </Link>
          )}
        </p>
        {maintenance && <p className="text-sm text-muted-foreground">{t("maintenanceExplained")}</p>}
        <Figures className={detailed ? "sm:grid-cols-3" : "sm:grid-cols-2"}>
          <Figure
            label={t("workersConnected")}
            value={format.number(workers.connected)}
            tone={workers.connected === 0 ? "destructive" : "plain"}
            testId="workers-connected"
          />
          <Figure label={t("workerSlots")} value={format.number(workers.slots)} testId="worker-slots" />
          {detailed && <Figure label={t("workerSlotsBusy")} value={format.number(workers.busy)} testId="worker-slots-busy" />}
        </Figures>
        {workers.connected === 0 && <p className="text-sm text-destructive">{t("workersNone")}</p>}
        {detailed && workers.processes.length > 0 && (
          <ul className="grid gap-1 text-sm" data-testid="worker-processes" aria-label={t("workerProcesses")}>
            {workers.processes.map((p) => (
              <li key={p.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                <span className="truncate font-mono" title={p.id}>
                  {p.id}
                </span>
                <Badge variant="outline">{t(`kind_${p.kind}`)}</Badge>
                <span className="tabular-nums">{t("processSlots", { busy: p.busy, slots: p.slots })}</span>
                <span className="text-muted-foreground">{t("since", { time: formatDateTime(p.started, timeZone) })}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
