"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { JobLogLine } from "@/lib/jobs/queries";
import { useEInvoiceCheckText } from "./use-einvoice-check-text";
import { useJobError } from "./use-job-error";

/**
 * A job's error (./use-job-error.ts) and log lines in the user's language, by the code the line stores with its
 * parameters (messages "jobLog"); the stored English text where there is no code or no translation.
 */
export function useJobMessages() {
  const error = useJobError();
  const tl = useTranslations("jobLog");
  const checkText = useEInvoiceCheckText();

  const line = useCallback(
    (entry: JobLogLine): string => {
      if (!entry.code || !tl.has(entry.code)) return entry.message;
      const params = entry.params ?? {};
      if (entry.code === "JobFailed") {
        const code = String(params.code ?? "");
        const text = error({ errorCode: code, errorMessage: String(params.message ?? ""), errorParams: params });
        return tl("JobFailed", { code, error: text ?? "" });
      }
      // a failed e-invoice check: its own text in the viewer's language, from the check's key and parameters
      if (entry.code === "EInvoiceCheck") {
        const { file, rule, message, key, ...rest } = params;
        const text = checkText({
          key: key === undefined ? undefined : String(key),
          message: String(message ?? ""),
          params: rest,
        });
        return tl("EInvoiceCheck", { file: String(file ?? ""), rule: String(rule ?? ""), message: text });
      }
      return tl(entry.code, params);
    },
    [tl, error, checkText],
  );

  return { error, line };
}
