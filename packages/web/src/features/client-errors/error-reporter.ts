import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERROR_SAMPLE_RATE,
  routeOf,
  scrubText,
  type ClientErrorInput,
  type ClientErrorKind,
  type ClientErrorReport,
} from "@atalaya/shared";

/** The same error seen again within this window is counted, not sent again. */
export const DEDUP_WINDOW_MS = 60_000;
/** Errors wait this long to leave together (a page hiding sends at once). */
export const FLUSH_DELAY_MS = 5_000;
/** At most this many distinct errors are queued per window, whatever a loop throws. */
export const MAX_DISTINCT_PER_WINDOW = 30;
/** A batch stays under keepalive fetch's 64 KB allowance. */
const MAX_BATCH_BYTES = 60_000;

/** The 4xx answers no screen expects (a wrong method, a body or address too large, a wrong media
 * type, headers too large): a bug on our side. Every other 4xx (validation, 401, 403, 404, 409, 429)
 * is the API's ordinary answer that the screen shows, so it is not reported. */
const UNEXPECTED_4XX = new Set([405, 413, 414, 415, 431]);

/** True for a failed API call worth reporting: no response (status 0), a 5xx, or an unexpected 4xx. */
export function isReportableFailure(status: number): boolean {
  return status === 0 || status >= 500 || UNEXPECTED_4XX.has(status);
}

/** What a thrown value says: its message and stack, whatever was thrown. */
export function describeThrown(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error) return { message: `${value.name}: ${value.message}`, ...(value.stack ? { stack: value.stack } : {}) };
  if (typeof value === "string") return { message: value };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

/** What the reporter needs from the page; injected so the logic runs in unit tests. */
export interface ReporterDeps {
  release: string;
  /** The page's address (path), scrubbed into a route. */
  location: () => string;
  companyId: () => number | null;
  /** A number in [0, 1): the error is kept when it is below the sample rate. */
  random: () => number;
  now: () => number;
  /** Sends one batch (keepalive fetch or sendBeacon); never throws. */
  send: (report: ClientErrorReport) => void;
  schedule: (fn: () => void, ms: number) => unknown;
  sampleRate?: number;
}

/** One error as the reporter is told of it. */
export interface Captured {
  kind: ClientErrorKind;
  message: string;
  stack?: string | undefined;
  status?: number;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
}

export interface ErrorReporter {
  capture(error: Captured): void;
  /** Sends what is queued now (the page is hiding). */
  flush(): void;
}

/**
 * The browser's error reporter: each distinct error (kind, message, route, status) is sampled once at
 * the SPEC §9 rate; a repeat within {@link DEDUP_WINDOW_MS} only raises its count; texts are scrubbed
 * and bounded with the rule the server applies again; queued errors leave in batches of at most 20
 * after {@link FLUSH_DELAY_MS}. A loop throwing the same error sends it once a minute, with its count.
 */
export function createErrorReporter(deps: ReporterDeps): ErrorReporter {
  const rate = deps.sampleRate ?? CLIENT_ERROR_SAMPLE_RATE;
  /** Key → when the window of that error started, whether it was sampled in, and its repeats after
   * its report left (carried by the next window's report). */
  const seen = new Map<string, { since: number; kept: boolean; unsent: number }>();
  let queue: (ClientErrorInput & { key: string; count: number })[] = [];
  let scheduled = false;

  const forgetOld = (now: number) => {
    for (const [key, s] of seen) if (now - s.since >= DEDUP_WINDOW_MS && s.unsent === 0) seen.delete(key);
  };

  function flush(): void {
    scheduled = false;
    if (queue.length === 0) return;
    const pending = queue;
    queue = [];
    const companyId = deps.companyId();
    for (let i = 0; i < pending.length; i += CLIENT_ERROR_LIMITS.batch) {
      let errors = pending.slice(i, i + CLIENT_ERROR_LIMITS.batch).map(({ key: _key, ...e }) => e);
      // Stacks are the bulk: dropped from the end of the batch until it fits keepalive's allowance.
      for (let j = errors.length - 1; j >= 0 && JSON.stringify(errors).length > MAX_BATCH_BYTES; j--) {
        const { stack: _stack, ...rest } = errors[j]!;
        errors = errors.map((e, k) => (k === j ? rest : e));
      }
      deps.send({ release: deps.release, ...(companyId === null ? {} : { companyId }), errors });
    }
  }

  function capture(error: Captured): void {
    const now = deps.now();
    const route = routeOf(deps.location());
    const message = scrubText(error.message, CLIENT_ERROR_LIMITS.message) || "(no message)";
    const key = `${error.kind}|${message}|${route}|${error.status ?? ""}`;
    const known = seen.get(key);
    if (known && now - known.since < DEDUP_WINDOW_MS) {
      if (!known.kept) return;
      const queued = queue.find((q) => q.key === key);
      // Already sent in this window: the next window's report carries the repeats from then on.
      if (queued) queued.count = Math.min(queued.count + 1, CLIENT_ERROR_LIMITS.count);
      else known.unsent++;
      return;
    }
    const carried = known?.kept ? known.unsent : 0;
    seen.delete(key);
    forgetOld(now);
    if (seen.size >= MAX_DISTINCT_PER_WINDOW) return;
    // Sampled once per error and window: a repeat follows its first occurrence's fate.
    const kept = deps.random() < rate;
    seen.set(key, { since: now, kept, unsent: 0 });
    if (!kept) return;
    const stack = error.stack ? scrubText(error.stack, CLIENT_ERROR_LIMITS.stack, true) : "";
    queue.push({
      key,
      kind: error.kind,
      message,
      route,
      count: Math.min(1 + carried, CLIENT_ERROR_LIMITS.count),
      at: new Date(now).toISOString(),
      ...(stack ? { stack } : {}),
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.method ? { method: error.method } : {}),
    });
    if (!scheduled) {
      scheduled = true;
      deps.schedule(flush, FLUSH_DELAY_MS);
    }
  }

  return { capture, flush };
}
