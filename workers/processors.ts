import type { Database } from "@/db/client";
import type { QueueName } from "@/lib/queue/queues";
import { processJobDelivery } from "./jobs/processor";
import { processLearnDelivery } from "./learn/processor";
import { processSchedulerTick } from "./scheduler/processor";

/** One processor per queue; the in-process runner and BullMQ workers call the same functions. */
export const PROCESSORS: Record<QueueName, (db: Database, data: unknown) => Promise<unknown>> = {
  jobs: processJobDelivery,
  scheduler: processSchedulerTick,
  learn: processLearnDelivery,
};
