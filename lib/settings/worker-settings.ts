import type { Database } from "@/db/client";
import type { WorkerConfigDto } from "./schemas";
import { getWorkerConfig } from "./store";

/**
 * The worker configuration as the job pipeline reads it while recording jobs (jsonFormat): at most once every
 * few seconds per process, at once after this process saved it; other processes follow within that time.
 */
const TTL_MS = 5000;
let cached: { config: WorkerConfigDto; until: number } | undefined;

export async function workerSettings(db: Database): Promise<WorkerConfigDto> {
  const now = Date.now();
  if (cached && cached.until > now) return cached.config;
  const config = await getWorkerConfig(db);
  cached = { config, until: now + TTL_MS };
  return config;
}

export function forgetWorkerSettings(): void {
  cached = undefined;
}
