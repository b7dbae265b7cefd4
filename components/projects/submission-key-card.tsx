"use client";

import { RefreshCwIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { regenerateKeyAction } from "@/lib/projects/actions";

/** A project's submission key with its regenerate button (DESIGN.md "Job creation"); learn projects have one too. */
export function SubmissionKeyCard({
  projectId,
  submissionKey,
  readOnly = false,
}: {
  projectId: string;
  submissionKey: string;
  /** a deleted learn project's key is shown, not regenerated */
  readOnly?: boolean;
}) {
  const t = useTranslations("projects");
  const router = useRouter();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  const [key, setKey] = useState(submissionKey);
  const regenerate = () =>
    startTransition(async () => {
      const r = await regenerateKeyAction({ id: projectId });
      if (!r.ok) return notifyErrors(r.errors, (error) => t("projects_error_edit", { error }));
      setKey(r.data.key);
      notify("success", t("regenerated"));
      router.refresh();
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("submissionKey")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="text-sm text-muted-foreground">{t("submissionKeyHint")}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded bg-muted px-2 py-1 text-sm" data-testid="submission-key">
            {key}
          </code>
          {!readOnly && (
            <Button type="button" variant="secondary" disabled={pending} onClick={regenerate}>
              <RefreshCwIcon />
              {t("regenerate")}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
