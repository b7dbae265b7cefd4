/**
 * Thrown by a processor whose delivery must come again later without spending an attempt (a job leased by another
 * worker, maintenance mode, a learn run another worker holds): BullMQ delays it (workers/transport/bullmq.ts).
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs = 5000,
  ) {
    super(message);
  }
}
