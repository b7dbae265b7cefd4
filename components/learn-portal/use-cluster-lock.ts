"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useEffectEvent, useRef, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { heartbeatLearnClusterAction, lockLearnClusterAction, unlockLearnClusterAction } from "@/lib/learn/clusters/actions";
import { CLUSTER_LOCK_HEARTBEAT_MS } from "@/lib/learn/clusters/rules";

type Options = {
  projectId: string;
  clusterId: string;
  /** the signed-in user: the heartbeat's answer tells whether the lock is still theirs */
  userId: string;
  /** whether nobody else held the cluster's lock when the page opened: the page then takes it and gives it back */
  takeOnOpen: boolean;
};

/** Releases a cluster's lock with a request that outlives the page (the unlock route takes the browser session). */
function releaseInBackground(projectId: string, clusterId: string) {
  void fetch(`/api/v3/learn/projects/${projectId}/clusters/${clusterId}/unlock`, {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => undefined);
}

/**
 * docs/decisions.md "Learn clusters": the cluster page is its editor. Opening it takes the cluster's lock unless
 * another user holds it (one's own is renewed); leaving it (another page, the tab closed, the back button) gives it
 * back; while it is open, its heartbeat keeps the lock from lapsing. `lock` and `release` are the page's own buttons.
 */
export function useClusterLock({ projectId, clusterId, userId, takeOnOpen }: Options) {
  const t = useTranslations("learnPortal");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  // whether the page holds a lock it took itself, to give back when it is left
  const took = useRef(false);
  const takeOnOpenAtFirst = useRef(takeOnOpen);

  const lock = useCallback(
    (auto = false) =>
      startTransition(async () => {
        // held from now on, so that leaving while the lock is still being taken gives it back too
        took.current = true;
        const result = await lockLearnClusterAction({ projectId, clusterId });
        if (!result.ok) {
          took.current = false;
          // someone was quicker: the page shows their lock after the refresh
          if (!auto) notifyErrors(result.errors, (error) => t("error_lock", { error }));
        }
        router.refresh();
      }),
    [projectId, clusterId, router, notifyErrors, t],
  );

  const release = useCallback(
    () =>
      startTransition(async () => {
        const result = await unlockLearnClusterAction({ projectId, clusterId });
        if (!result.ok) notifyErrors(result.errors, (error) => t("error_unlock", { error }));
        else took.current = false;
        router.refresh();
      }),
    [projectId, clusterId, router, notifyErrors, t],
  );

  const takeAgain = useEffectEvent(() => lock(true));
  useEffect(() => {
    if (!takeOnOpenAtFirst.current) return;
    takeAgain();
    const leave = () => {
      if (!took.current) return;
      took.current = false;
      releaseInBackground(projectId, clusterId);
    };
    // back from the browser's page cache after the lock was given back: take it again
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) takeAgain();
    };
    window.addEventListener("pagehide", leave);
    window.addEventListener("pageshow", back);
    return () => {
      window.removeEventListener("pagehide", leave);
      window.removeEventListener("pageshow", back);
      leave();
    };
  }, [projectId, clusterId]);

  // the heartbeat: while the page holds its lock it says so every CLUSTER_LOCK_HEARTBEAT_MS (and at once when the tab
  // is shown again), so the lock does not lapse; a lock that ended meanwhile (released in another tab, broken, lapsed
  // while the computer slept) is not taken again: the page says so and shows the cluster as it is now
  const beat = useEffectEvent(async () => {
    if (!took.current) return;
    const result = await heartbeatLearnClusterAction({ projectId, clusterId });
    if (!result.ok || !took.current) return;
    if (result.data.locked && result.data.lockedById === userId) return;
    took.current = false;
    notify("note", t("lockLost"));
    router.refresh();
  });
  useEffect(() => {
    const timer = setInterval(() => void beat(), CLUSTER_LOCK_HEARTBEAT_MS);
    const shown = () => {
      if (document.visibilityState === "visible") void beat();
    };
    document.addEventListener("visibilitychange", shown);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", shown);
    };
  }, []);

  /** Gives back the lock the page took, then goes on (the way back to the overview). */
  const leaveTo = useCallback(
    (href: string) =>
      startTransition(async () => {
        if (took.current) {
          took.current = false;
          await unlockLearnClusterAction({ projectId, clusterId });
        }
        router.push(href);
      }),
    [projectId, clusterId, router],
  );

  return { pending, lock: () => lock(false), release, leaveTo };
}
