"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { JobDto } from "@/lib/jobs/schemas";

export type JobError = Pick<JobDto, "errorCode" | "errorMessage" | "errorParams">;

/**
 * A job's error in the user's language, by the code the job stores with its parameters (messages "jobErrors"); the
 * stored English text where there is no code or no translation. The job table needs only this, not the log's texts.
 */
export function useJobError(): (job: JobError) => string | null {
  const te = useTranslations("jobErrors");
  return useCallback(
    (job: JobError): string | null => {
      if (job.errorCode && te.has(job.errorCode)) return te(job.errorCode, { file: "", ...job.errorParams });
      return job.errorMessage;
    },
    [te],
  );
}
