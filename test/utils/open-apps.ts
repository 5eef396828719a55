/**
 * Applications open in this worker. Files share their worker process: an application a file left open
 * keeps its timers, queue and embedded database running under the next file, slowing or disturbing it.
 */
export const openApps = new Set<{ close(): Promise<void> }>();

/** Closes what was left open; answers how many there were. */
export async function closeLeftoverApps(): Promise<number> {
  const leftover = [...openApps];
  await Promise.allSettled(leftover.map((app) => app.close()));
  return leftover.length;
}
