/** Reconnection delays: exponential growth from `initialMs` up to `maxMs`, with ± `jitter` spread. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  factor: number;
  /** Fraction of the nominal delay added or removed at random, so clients do not reconnect in lockstep. */
  jitter: number;
}

/** 1 s, 2 s, 4 s … capped at 30 s, each ±20 %. */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.2 };

/** Nominal (jitter-free) delay before reconnect number `attempt` (0 = first). */
export function nominalDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.floor(attempt));
  return Math.min(options.maxMs, options.initialMs * options.factor ** exponent);
}

/** Delay before reconnect number `attempt`; `random` returns [0, 1). Never above `maxMs`. */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  options: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const nominal = nominalDelay(attempt, options);
  const spread = nominal * options.jitter;
  const delay = nominal - spread + random() * 2 * spread;
  return Math.round(Math.min(options.maxMs, Math.max(0, delay)));
}
