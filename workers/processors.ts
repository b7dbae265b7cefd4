import type { Database } from "@/db/client";
import type { QueueName } from "@/lib/queue/queues";
import { processJobDelivery } from "./jobs/processor";
import { processMaintenance } from "./maintenance/processor";

/** One processor per queue; the in-process runner and BullMQ workers call the same functions. */
export const PROCESSORS: Record<QueueName, (db: Database, data: unknown) => Promise<unknown>> = {
  jobs: processJobDelivery,
  maintenance: processMaintenance,
};
