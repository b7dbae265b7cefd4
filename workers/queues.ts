import { jobsConsumer } from "./jobs/queue";
import { learnConsumer } from "./learn/queue";
import { schedulerConsumer } from "./scheduler/queue";
import type { QueueConsumer } from "./transport/consumer";

/**
 * The queues this service consumes, each defined once in its folder (workers/<name>/queue.ts, its producer side in
 * lib/queue/<name>.ts): the list both transports, the server and the worker processes are driven by. The scheduler
 * comes last: its tasks feed the others.
 */
export const CONSUMERS: readonly QueueConsumer[] = [jobsConsumer, learnConsumer, schedulerConsumer];
