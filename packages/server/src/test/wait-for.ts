/** Options of waitFor: how long to keep trying (ms, default 5000) and how long to pause between tries
 * (ms, default 20). */
export interface WaitForOptions {
  timeout?: number;
  interval?: number;
}

/**
 * Retries `fn` until it passes, instead of sleeping a guessed time: an assertion passes when it does not
 * throw, a condition when it returns anything but `false`. Resolves with what `fn` returned. Past the
 * timeout it rejects with the last error (an assertion's own message and diff), or, for a condition
 * that stayed false, an error saying so.
 */
export async function waitFor<T>(fn: () => T | Promise<T>, { timeout = 5000, interval = 20 }: WaitForOptions = {}): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let last: unknown;
    try {
      const value = await fn();
      if (value !== false) return value as Exclude<T, false>;
      last = new Error(`waitFor: the condition was still false after ${timeout} ms`);
    } catch (err) {
      last = err;
    }
    if (Date.now() >= deadline) {
      if (last instanceof Error && !last.message.startsWith("waitFor:")) last.message += ` (still failing after waitFor's ${timeout} ms)`;
      throw last;
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
