"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useEffect } from "react";
import { useDates } from "@/components/i18n/use-dates";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { UploadProgress } from "@/components/ui/upload-progress";
import { CLUSTER_LOCK_LAPSE_MS } from "@/lib/learn/clusters/rules";
import type { LearnRunDto } from "@/lib/learn/runs/schemas";
import { LearnRunError } from "../learn/learn-run-error";

/** How often the overview reads again while a run waits or runs (DESIGN.md: every long operation shows progress). */
const RUN_POLL_MS = 3000;

const STATE_VARIANT = { Waiting: "secondary", Running: "default", Ready: "success", Error: "destructive" } as const;

function isOpen(run: LearnRunDto | undefined): boolean {
  return run?.state === "Waiting" || run?.state === "Running";
}

/**
 * The latest learn run of the project with its progress, and the ones before it. While a run waits or runs, the page
 * is read again every few seconds. `children` is the slot of the run's controls ("learn now").
 */
export function LearnRunPanel({ runs, pending, children }: { runs: LearnRunDto[]; pending: number; children?: ReactNode }) {
  const t = useTranslations("learnPortal");
  const router = useRouter();
  const { dateTime } = useDates();
  const [latest, ...earlier] = runs;
  const open = isOpen(latest);
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => router.refresh(), RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [open, router]);

  return (
    <Card data-testid="learn-run-panel">
      <CardHeader>
        <CardTitle>
          <h2>{t("runTitle")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {latest ? (
          <div className="grid gap-2" aria-live="polite" data-testid="latest-run">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={STATE_VARIANT[latest.state]} data-testid="run-state">
                {t(`runState_${latest.state}`)}
              </Badge>
              <span className="text-muted-foreground">
                {t(`runTrigger_${latest.trigger}`)}
                {latest.requestedBy ? ` · ${latest.requestedBy}` : ""}
              </span>
            </div>
            {latest.state === "Waiting" && (
              <p className="text-muted-foreground" data-testid="run-waiting">
                {latest.waitingFor
                  ? t("runWaitingFor", { ...latest.waitingFor, minutes: CLUSTER_LOCK_LAPSE_MS / 60_000 })
                  : t("runWaitingWorker")}
              </p>
            )}
            {latest.state === "Running" && (
              <UploadProgress
                percent={latest.total > 0 ? Math.floor((latest.done / latest.total) * 100) : 0}
                label={t("runProgress", { done: latest.done, total: latest.total })}
              />
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="text-muted-foreground">{t("runCreated")}</dt>
              <dd className="tabular-nums">{dateTime(latest.created)}</dd>
              {latest.finished && (
                <>
                  <dt className="text-muted-foreground">{t("runFinished")}</dt>
                  <dd className="tabular-nums">{dateTime(latest.finished)}</dd>
                </>
              )}
              {Object.entries(latest.summary ?? {}).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{t.has(`summary_${key}`) ? t(`summary_${key}`) : key}</dt>
                  <dd className="tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            {latest.state === "Error" && (
              <p className="text-destructive" data-testid="run-error">
                <LearnRunError run={latest} />
              </p>
            )}
          </div>
        ) : (
          <p className="text-muted-foreground" data-testid="no-runs">
            {t("noRuns")}
          </p>
        )}
        <p className="text-muted-foreground" data-testid="pending-documents">
          {t("pendingText", { count: pending })}
        </p>
        {children}
        {earlier.length > 0 && (
          <details>
            <summary className="cursor-pointer text-muted-foreground">{t("earlierRuns", { count: earlier.length })}</summary>
            <ul className="mt-2 grid gap-2" data-testid="earlier-runs">
              {earlier.map((run) => (
                <li key={run.id} className="grid gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant={STATE_VARIANT[run.state]}>{t(`runState_${run.state}`)}</Badge>
                    <span className="tabular-nums">{dateTime(run.finished ?? run.created)}</span>
                    <span className="text-muted-foreground">{t(`runTrigger_${run.trigger}`)}</span>
                  </div>
                  {run.state === "Error" && <LearnRunError run={run} className="text-destructive" />}
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
