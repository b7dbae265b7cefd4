"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import type { ActionResult } from "@/lib/errors/action";
import { deleteJobsAction, lockJobsAction, restartJobsAction } from "@/lib/jobs/actions";

export type JobActions = {
  pending: boolean;
  lock: (id: number, prevent: boolean) => void;
  restart: (ids: number[], options?: BatchOptions) => void;
  remove: (ids: number[], options?: BatchOptions) => void;
};

/** A batch (the bulk actions of the monitor) reports the count; `onDone` runs after a success. */
type BatchOptions = { batch?: boolean; onDone?: () => void };

/**
 * The job changes of the monitor and the details page, each reported in the status bar
 * (spec operations §8 "Success messages"); the page is read again afterwards, also after a failure.
 */
export function useJobActions(): JobActions {
  const t = useTranslations("jobs");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();

  return useMemo(() => {
    const run = (action: () => Promise<ActionResult>, success: string, onDone?: () => void) =>
      startTransition(async () => {
        const result = await action();
        router.refresh();
        // a refused delete of a protected job arrives as jobMonitor_text_delete_locked, translated in "errors"
        if (!result.ok) return notifyErrors(result.errors);
        notify("success", success);
        onDone?.();
      });
    return {
      pending,
      lock: (id, prevent) =>
        run(
          () => lockJobsAction({ ids: [id], prevent }),
          t(prevent ? "jobMonitor_text_locked" : "jobMonitor_text_unlocked", { id }),
        ),
      restart: (ids, options) =>
        run(
          () => restartJobsAction({ ids }),
          options?.batch
            ? t("jobMonitor_text_restartedBatch", { count: ids.length })
            : t("jobMonitor_text_restarted", { id: ids.join(", ") }),
          options?.onDone,
        ),
      remove: (ids, options) =>
        run(
          () => deleteJobsAction({ ids }),
          options?.batch
            ? t("jobMonitor_text_deletedBatch", { count: ids.length })
            : t("jobMonitor_text_deleted", { id: ids.join(", ") }),
          options?.onDone,
        ),
    };
  }, [t, router, notify, notifyErrors, pending]);
}
