import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import type { QueueConsumer, Sweep, SweepOccasion, Transport } from "./consumer";
import { keepTimer } from "./state";

type Round = (occasion: SweepOccasion) => Promise<void>;

function round(sweep: Sweep): Round {
  let running = false;
  return async (occasion) => {
    if (sweep.exclusive && running) return;
    running = true;
    try {
      await sweep.run(await getDb(), occasion);
    } catch (err) {
      log[sweep.failure.level]({ err }, sweep.failure.message);
    } finally {
      running = false;
    }
  };
}

/**
 * Starts the sweeps of the queues that run under `transport`: each every its interval (kept with keepTimer, so a stop
 * ends it), and at once where it asks for it. Answers the rounds to run when Redis is back after an outage.
 */
export function startSweeps(consumers: readonly QueueConsumer[], transport: Transport): Round[] {
  const whenRedisIsBack: Round[] = [];
  for (const sweep of consumers.flatMap((c) => c.sweeps ?? [])) {
    if (!sweep.on.includes(transport)) continue;
    const run = round(sweep);
    if (sweep.atStart?.includes(transport)) void run("start");
    keepTimer(setInterval(() => void run("interval"), sweep.everyMs));
    if (sweep.whenRedisIsBack) whenRedisIsBack.push(run);
  }
  return whenRedisIsBack;
}
