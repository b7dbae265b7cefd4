import { bullQueue } from "@/lib/queue";
import { redisConnection } from "@/lib/queue/redis";
import { runInProcess } from "./in-process";
import { SCHEDULES } from "./maintenance/schedules";
import { keepTimer } from "./runtime";

/**
 * Starts the repeating work of SCHEDULES. With Redis they become BullMQ job schedulers (idempotent: any number of
 * servers and workers may register them) that `npm run worker` processes; without, this process runs them on timers.
 */
export async function startScheduling(): Promise<void> {
  if (redisConnection()) {
    for (const s of SCHEDULES) {
      await bullQueue(s.queue).upsertJobScheduler(s.id, { every: s.everyMs }, { name: s.queue, data: s.payload });
    }
    return;
  }
  for (const s of SCHEDULES) {
    // the first run waits until the server has answered its first requests
    setTimeout(() => void runInProcess(s.queue, s.payload), 10_000).unref();
    keepTimer(setInterval(() => void runInProcess(s.queue, s.payload), s.everyMs));
  }
}
