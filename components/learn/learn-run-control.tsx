"use client";

import { BrainCircuitIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useState, useTransition } from "react";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { UploadProgress } from "@/components/ui/upload-progress";
import { learnRunAction, requestLearnRunAction } from "@/lib/learn/runs/actions";
import type { LearnRunDto } from "@/lib/learn/runs/schemas";
import { LearnRunError, useLearnRunErrorText } from "./learn-run-error";

/** How often an open run's progress is read (DESIGN.md: every long operation shows progress). */
export const RUN_POLL_MS = 2000;

const isOpen = (run: LearnRunDto | null): boolean => run?.state === "Waiting" || run?.state === "Running";

/**
 * "Learn now" (docs/decisions.md "Learn runs and export"): the choice between placing the new documents (onlyChanged)
 * and clustering all documents anew, the button, and the open run's progress, read every 2 seconds until it ends; then
 * the page is read again and the outcome told in the status bar. `latest` is the project's latest run (the page reads
 * it); `disabledReason` (a deleted project, the updating lock) turns the control off and says why. `withStatus` false
 * leaves the run's progress and outcome to a panel beside it (the learn portal's LearnRunPanel).
 */
export function LearnRunControl({
  projectId,
  latest,
  disabledReason,
  withStatus = true,
}: {
  projectId: string;
  latest: LearnRunDto | null;
  disabledReason?: string;
  withStatus?: boolean;
}) {
  const t = useTranslations("learnRuns");
  const router = useRouter();
  const { dateTime } = useDates();
  const { notify, notifyErrors } = useStatus();
  const errorText = useLearnRunErrorText();
  const [pending, startTransition] = useTransition();
  const [onlyChanged, setOnlyChanged] = useState(true);
  const [run, setRun] = useState<LearnRunDto | null>(latest);
  const name = useId();
  useEffect(() => setRun(latest), [latest]);

  const openId = run && isOpen(run) ? run.id : null;
  useEffect(() => {
    if (openId === null) return;
    const timer = setInterval(async () => {
      const result = await learnRunAction({ projectId, runId: openId });
      if (!result.ok) return;
      setRun(result.data);
      if (isOpen(result.data)) return;
      clearInterval(timer);
      if (result.data.state === "Ready")
        notify(
          "success",
          t("ready", { placed: result.data.summary?.placed ?? 0, newClusters: result.data.summary?.newClusters ?? 0 }),
        );
      else notify("error", t("failed", { error: errorText(result.data) }));
      router.refresh();
    }, RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [openId, projectId, notify, router, t, errorText]);

  const start = () =>
    startTransition(async () => {
      const result = await requestLearnRunAction({ projectId, onlyChanged });
      if (!result.ok) return notifyErrors(result.errors, (error) => t("error_request", { error }));
      setRun(result.data);
      notify("note", t("started"));
      // the panel beside (withStatus false) shows the run: it reads the page again, then follows the run's progress
      if (!withStatus) router.refresh();
    });

  const open = isOpen(run);
  const percent = run && run.total > 0 ? Math.floor((run.done / run.total) * 100) : 0;
  return (
    <div className="grid gap-3" data-testid="learn-run-control">
      <fieldset className="grid gap-2" disabled={open || pending || !!disabledReason}>
        <legend className="mb-1 text-sm font-medium">{t("whatToLearn")}</legend>
        {([true, false] as const).map((value) => (
          <label key={String(value)} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="mt-0.5 accent-primary"
              checked={onlyChanged === value}
              onChange={() => setOnlyChanged(value)}
              data-testid={`learn-only-changed-${value}`}
            />
            <span>{t(value ? "onlyChanged" : "allAnew")}</span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={start} disabled={open || pending || !!disabledReason} data-testid="learn-now">
          <BrainCircuitIcon />
          {t("learnNow")}
        </Button>
        {disabledReason && <p className="text-sm text-muted-foreground">{disabledReason}</p>}
      </div>
      {withStatus && (
        <div aria-live="polite" className="grid gap-2 text-sm" data-testid="learn-run-status">
          {open && run && (
            <>
              <p>{t(`state_${run.state}`)}</p>
              <UploadProgress percent={percent} label={t("progress", { percent, done: run.done, total: run.total })} />
            </>
          )}
          {!open && run && (
            <p className="text-muted-foreground">
              {t("lastRun", {
                state: t(`state_${run.state}`),
                time: dateTime(run.finished ?? run.created),
              })}
              {run.state === "Ready" && run.summary ? ` ${t("summary", { ...run.summary })}` : ""}
            </p>
          )}
          {!open && run?.state === "Error" && <LearnRunError run={run} className="text-destructive" />}
        </div>
      )}
    </div>
  );
}
