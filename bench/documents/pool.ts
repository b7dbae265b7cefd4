import { performance } from "node:perf_hooks";

/** `work` on every item, `lanes` at a time (failures are the items' own results); the wall time. */
export async function pool<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
  return performance.now() - t0;
}
