import type { Database } from "@/db/client";
import type { QueueName } from "../queues";
import { processJobDelivery } from "./jobs";
import { processMaintenance } from "./maintenance";

/** One processor per queue; the in-process runner and BullMQ workers call the same functions. */
export const PROCESSORS: Record<QueueName, (db: Database, data: unknown) => Promise<unknown>> = {
  jobs: processJobDelivery,
  maintenance: processMaintenance,
};
