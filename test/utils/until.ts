/** Polls `check` until it answers something, or fails naming `what` after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
