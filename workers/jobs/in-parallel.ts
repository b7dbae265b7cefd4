/**
 * `work` on each item, at most `lanes` at a time, the results in the items' order. The first failure stops the
 * start of further items and is answered with the item it happened on (items under way are let finish).
 */
export async function inParallel<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<R>,
): Promise<{ results: R[] } | { failed: T; error: unknown }> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { failed: T; error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      const item = items[i] as T;
      try {
        results[i] = await work(item);
      } catch (error) {
        failure ??= { failed: item, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  return failure ?? { results };
}
