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

/** The translated state of a job (messages jobs.state_<State>). */
export function JobStateBadge({ state }: { state: JobState }) {
  const t = useTranslations("jobs");
  return (
    <Badge variant={VARIANT[state]} data-state={state}>
      {t(`state_${state}`)}
    </Badge>
  );
}
