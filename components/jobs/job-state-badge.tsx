"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import type { JobState } from "@/db/schema/jobs";

const VARIANT = {
  Undefined: "outline",
  New: "outline",
  Waiting: "secondary",
  Assigned: "secondary",
  Processing: "warning",
  Ready: "success",
  Error: "destructive",
  Removed: "outline",
} as const satisfies Record<JobState, "outline" | "secondary" | "warning" | "success" | "destructive">;

/** The translated state of a job (messages jobs.state_<State>); a table passes the `label` it translated once. */
export function JobStateBadge({ state, label }: { state: JobState; label?: string }) {
  return (
    <Badge variant={VARIANT[state]} data-state={state}>
      {label ?? <StateText state={state} />}
    </Badge>
  );
}

function StateText({ state }: { state: JobState }) {
  return useTranslations("jobs")(`state_${state}`);
}
