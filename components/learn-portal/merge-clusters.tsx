"use client";

import { MergeIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { mergeLearnClustersAction } from "@/lib/learn/clusters/actions";
import type { LearnClusterChoice, LearnClusterDto } from "@/lib/learn/clusters/schemas";
import { ClusterChoiceDialog } from "./cluster-choice-dialog";

type Props = { projectId: string; cluster: LearnClusterDto; choices: LearnClusterChoice[]; userId: string; editable: boolean };

/** Merging other clusters into this one: their documents join it, they are deleted, its name stays (or theirs comes). */
export function MergeClusters({ projectId, cluster, choices, userId, editable }: Props) {
  const t = useTranslations("learnPortal");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const merge = (ids: string[]) =>
    startTransition(async () => {
      const r = await mergeLearnClustersAction({ projectId, ids: [cluster.id, ...ids] });
      if (!r.ok) return notifyErrors(r.errors, (error) => t("error_merge", { error }));
      setOpen(false);
      notify("success", t("text_merged", { count: ids.length, size: r.data.size }));
      router.refresh();
    });
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>
          <h2>{t("mergeTitle")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">{t("mergeText")}</p>
      </CardContent>
      <CardFooter>
        <Button
          variant="outline"
          onClick={() => setOpen(true)}
          disabled={!editable || choices.length === 0}
          data-testid="merge-clusters"
        >
          <MergeIcon />
          {t("mergeButton")}
        </Button>
      </CardFooter>
      <ClusterChoiceDialog
        open={open}
        onOpenChange={setOpen}
        title={t("mergeDialogTitle")}
        description={t("mergeDialogText")}
        confirmLabel={(count) => t("mergeConfirm", { count })}
        multiple
        choices={choices}
        userId={userId}
        pending={pending}
        onConfirm={merge}
        testId="merge-dialog"
      />
    </Card>
  );
}
