/** A message of the in-process transport: a queue's name and its (validated) payload. */
export type LocalMessage = { name: string; data: unknown };
type Consumer = (message: LocalMessage) => void;
type Holder = { consumer?: Consumer; backlog: LocalMessage[] };

/** Messages sent before the consumer attaches are kept, the newest this many. */
const BACKLOG_MAX = 1000;

const g = globalThis as typeof globalThis & { __docserviceLocalQueue?: Holder };
function holder(): Holder {
  g.__docserviceLocalQueue ??= { backlog: [] };
  return g.__docserviceLocalQueue;
}

/**
 * The transport of the embedded default (no REDIS_URL): enqueue hands a message to the consumer of this process
 * (workers/transport/in-process.ts, attached when the server starts), or keeps it until one attaches. A job's message is only a
 * wake-up call: the job itself waits in the database.
 */
export function sendLocal(message: LocalMessage): void {
  const h = holder();
  if (h.consumer) {
    h.consumer(message);
    return;
  }
  h.backlog.push(message);
  if (h.backlog.length > BACKLOG_MAX) h.backlog.shift();
}

/** Attaches this process's consumer (one at a time); the messages kept so far go to it at once. Answers a detach. */
export function consumeLocal(consumer: Consumer): () => void {
  const h = holder();
  h.consumer = consumer;
  for (const message of h.backlog.splice(0)) consumer(message);
  return () => {
    if (h.consumer === consumer) h.consumer = undefined;
  };
}
