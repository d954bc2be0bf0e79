/**
 * Runs `work` on every item, at most `limit` at once, in the items' order: the build's precompression
 * (one job per thread of libuv's pool) and the gate's reading of a build (a few files at a time, so that
 * a build switch under load does not wait a turn of the event loop for every step of every file).
 */
export async function forEachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({length: Math.min(limit, items.length)}, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}
