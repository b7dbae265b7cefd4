"use client";

import { LockOpenIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { releaseMyLearnLocksAction } from "@/lib/learn/clusters/actions";
import { CLUSTER_LOCK_LAPSE_MS } from "@/lib/learn/clusters/rules";

/**
 * The overview's notice of the locks the signed-in user holds in this project (docs/decisions.md "Learn clusters"): a
 * tab that closed without giving its lock back, another tab still open. "Release my locks" gives them all back, so
 * "learn now" and the waiting runs go on at once instead of after the lapse.
 */
export function MyLocks({ projectId, clusters }: { projectId: string; clusters: string[] }) {
  const t = useTranslations("learnPortal");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  if (!clusters.length) return null;
  const release = () =>
    startTransition(async () => {
      const result = await releaseMyLearnLocksAction({ projectId });
      if (!result.ok) return notifyErrors(result.errors, (error) => t("error_releaseMyLocks", { error }));
      notify("success", t("myLocksReleased", { count: result.data }));
      router.refresh();
    });
  return (
    <section
      aria-labelledby="my-locks-heading"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-warning bg-warning/10 px-4 py-3 text-sm"
      data-testid="my-locks"
    >
      <div className="min-w-0 flex-1">
        <h2 id="my-locks-heading" className="font-medium">
          {t("myLocksTitle")}
        </h2>
        <p className="wrap-anywhere">
          {t("myLocksText", {
            count: clusters.length,
            clusters: clusters.join(", "),
            minutes: CLUSTER_LOCK_LAPSE_MS / 60_000,
          })}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={release} disabled={pending} data-testid="release-my-locks">
        <LockOpenIcon />
        {t("releaseMyLocks")}
      </Button>
    </section>
  );
}
