"use client";

import { DownloadIcon, LockIcon, LockOpenIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { BackButton } from "@/components/portal/back-button";
import { Button } from "@/components/ui/button";
import { allows } from "@/lib/jobs/rules";
import type { JobDto } from "@/lib/jobs/schemas";
import { ConfirmButton } from "./confirm-button";
import { jobDownloadHref } from "./job-links";
import { useJobActions } from "./use-job-actions";

/** spec operations §2 "Job details": back, download, lock or unlock, restart, delete (enabled by spec §4). */
export function JobDetailActions({ job }: { job: JobDto }) {
  const t = useTranslations("jobs");
  const actions = useJobActions();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="job-detail-actions">
      <BackButton label={t("back")} />
      {allows("download", job) ? (
        <Button variant="outline" asChild>
          <a href={jobDownloadHref(job.id)} data-testid="job-download">
            <DownloadIcon aria-hidden="true" />
            {t("download")}
          </a>
        </Button>
      ) : (
        <Button variant="outline" disabled data-testid="job-download">
          <DownloadIcon aria-hidden="true" />
          {t("download")}
        </Button>
      )}
      <Button
        variant="outline"
        disabled={!allows("toggleLock", job) || actions.pending}
        onClick={() => actions.lock(job.id, !job.preventDelete)}
        data-testid="job-lock"
      >
        {job.preventDelete ? <LockOpenIcon aria-hidden="true" /> : <LockIcon aria-hidden="true" />}
        {job.preventDelete ? t("unlock") : t("lock")}
      </Button>
      <Button
        variant="outline"
        disabled={!allows("restart", job) || actions.pending}
        onClick={() => actions.restart([job.id])}
        data-testid="job-restart"
      >
        <RotateCcwIcon aria-hidden="true" />
        {t("restart")}
      </Button>
      <ConfirmButton
        label={t("delete")}
        icon={Trash2Icon}
        title={t("deleteTitle", { id: job.id })}
        description={t("deleteText")}
        disabled={!allows("delete", job) || actions.pending}
        destructive
        onConfirm={() => actions.remove([job.id])}
        testId="job-delete"
      />
    </div>
  );
}
