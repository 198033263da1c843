// Waits for a condition instead of sleeping: polls until it holds or the deadline passes.

export interface WaitOptions {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
  /** Named in the error when the condition never holds. */
  readonly what?: string;
}

export async function waitFor<T>(
  condition: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== null && value !== false) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(intervalMs);
  }
}
