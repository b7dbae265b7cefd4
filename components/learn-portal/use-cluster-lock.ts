"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useEffectEvent, useRef, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { lockLearnClusterAction, unlockLearnClusterAction } from "@/lib/learn/actions";

type Options = {
  projectId: string;
  clusterId: string;
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
 * back. `lock` and `release` are the page's own buttons.
 */
export function useClusterLock({ projectId, clusterId, takeOnOpen }: Options) {
  const t = useTranslations("learnPortal");
  const router = useRouter();
  const { notifyErrors } = useStatus();
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
