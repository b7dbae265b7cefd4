"use client";

import { LockIcon, LockOpenIcon, ShieldAlertIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useDates } from "@/components/i18n/use-dates";
import { ConfirmDialogContent } from "@/components/shell/confirm-dialog-content";
import { AlertDialog, AlertDialogTrigger } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { LearnClusterDto } from "@/lib/learn/clusters/schemas";
import { cn } from "@/lib/utils";

type Props = {
  cluster: LearnClusterDto;
  userId: string;
  deleted: boolean;
  canBreakLocks: boolean;
  pending: boolean;
  onLock: () => void;
  onRelease: () => void;
};

/** Who holds the cluster's lock, and the buttons that take, give back or break it. */
export function ClusterLockBar({ cluster, userId, deleted, canBreakLocks, pending, onLock, onRelease }: Props) {
  const t = useTranslations("learnPortal");
  const { dateTime } = useDates();
  const mine = cluster.locked && cluster.lockedById === userId;
  const others = cluster.locked && !mine;
  const text = deleted
    ? t("deletedText")
    : mine
      ? t("lockMine")
      : others
        ? t("lockOther", { user: cluster.lockedBy ?? "?", since: dateTime(cluster.lockedAt) })
        : t("lockFree");
  return (
    <div
      role="status"
      data-testid="lock-bar"
      data-lock={deleted ? "deleted" : mine ? "mine" : others ? "other" : "free"}
      className={cn(
        "flex flex-wrap items-center gap-3 rounded-md border px-4 py-3 text-sm",
        others && "border-warning bg-warning/10",
        deleted && "border-destructive",
      )}
    >
      {others ? (
        <ShieldAlertIcon className="size-4 shrink-0" aria-hidden />
      ) : (
        <LockIcon className="size-4 shrink-0" aria-hidden />
      )}
      <span className="min-w-0 flex-1 wrap-anywhere">{text}</span>
      {!deleted && mine && (
        <Button variant="outline" size="sm" onClick={onRelease} disabled={pending} data-testid="release-lock">
          <LockOpenIcon />
          {t("releaseLock")}
        </Button>
      )}
      {!deleted && !cluster.locked && (
        <Button variant="outline" size="sm" onClick={onLock} disabled={pending} data-testid="take-lock">
          <LockIcon />
          {t("takeLock")}
        </Button>
      )}
      {!deleted && others && canBreakLocks && (
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" size="sm" disabled={pending} data-testid="break-lock">
              <LockOpenIcon />
              {t("breakLock")}
            </Button>
          </AlertDialogTrigger>
          <ConfirmDialogContent
            title={t("breakLockTitle")}
            description={t("breakLockText", { user: cluster.lockedBy ?? "?" })}
            confirmLabel={t("breakLock")}
            cancelLabel={t("cancel")}
            onConfirm={onRelease}
            destructive
            confirmTestId="confirm-break-lock"
          />
        </AlertDialog>
      )}
    </div>
  );
}
