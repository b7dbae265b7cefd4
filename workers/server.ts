import { startInProcess } from "./in-process";
import { startScheduling } from "./scheduling";

/**
 * The workers' part of the Next server (instrumentation.ts): without Redis the embedded runner and the schedules'
 * timers; with Redis only the schedules' registration (`npm run worker` processes them).
 */
export async function startInServer(): Promise<void> {
  startInProcess();
  await startScheduling();
}
