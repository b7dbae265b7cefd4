import type { Database } from "@/db/client";
import { getServiceConfig, type ServiceConfig } from "./store";

export type UploadLimits = Pick<ServiceConfig, "maxOrderFileBytes" | "maxJobBytes" | "maxOrderFiles" | "maxProjectFileBytes">;

/**
 * The job intake is measured (bench/jobs.mjs): its limits are read from the service configuration at most once
 * every few seconds per process, and at once after this process saved the configuration. Another node sees a
 * change within that time (docs/decisions.md "Uploads").
 */
const TTL_MS = 5000;
let cached: { limits: UploadLimits; until: number } | undefined;

export async function uploadLimits(db: Database): Promise<UploadLimits> {
  const now = Date.now();
  if (cached && cached.until > now) return cached.limits;
  const config = await getServiceConfig(db);
  const limits: UploadLimits = {
    maxOrderFileBytes: config.maxOrderFileBytes,
    maxJobBytes: config.maxJobBytes,
    maxOrderFiles: config.maxOrderFiles,
    maxProjectFileBytes: config.maxProjectFileBytes,
  };
  cached = { limits, until: now + TTL_MS };
  return limits;
}

/** After a change of the service configuration (and between tests that change it). */
export function forgetUploadLimits(): void {
  cached = undefined;
}
