import { parseArgs } from "node:util";

// Arguments and environment of `npm run simulate`, read without side effects so they can be tested.

export const SIMULATE_HELP = `Usage: npm run simulate -- [--rate=N] [--duration=SECONDS] [--url=URL]
  --rate=N            reports per minute, on average (default 6); comments and likes come on top
  --duration=SECONDS  stop after this long (default: until Ctrl-C)
  --url=URL           portal to drive (default: $SIMULATE_URL, else the portal's own settings:
                      $PUBLIC_URL, else http://localhost:$PORT, else http://localhost:8080)`;

export interface SimulateOptions {
  /** The portal's address, without a trailing slash. */
  url: string;
  rate: number;
  durationSeconds: number | undefined;
}

export type SimulateCommand =
  | { kind: "run"; options: SimulateOptions }
  | { kind: "help"; text: string }
  | { kind: "error"; message: string };

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Where the portal listens when no --url is given: SIMULATE_URL, else what the server itself would
 * use with the same environment (PUBLIC_URL, else http://localhost:$PORT, PORT defaulting to 8080).
 */
export function defaultPortalUrl(env: Env): { url: string } | { error: string } {
  const set = (name: string) => env[name]?.trim() || undefined;
  const explicit = set("SIMULATE_URL") ?? set("PUBLIC_URL");
  if (explicit) return { url: explicit };
  const port = set("PORT") ?? "8080";
  if (!/^\d+$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    return { error: `Invalid PORT: ${port} (1–65535; or give --url)` };
  return { url: `http://localhost:${Number(port)}` };
}

/** Reads the command line (without node and the script) and the environment. */
export function parseSimulateOptions(args: readonly string[], env: Env): SimulateCommand {
  let values: { rate?: string; duration?: string; url?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { rate: { type: "string" }, duration: { type: "string" }, url: { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (err) {
    return { kind: "error", message: `${(err as Error).message}\n${SIMULATE_HELP}` };
  }
  if (values.help) return { kind: "help", text: SIMULATE_HELP };
  const rate = Number(values.rate ?? "6");
  if (!Number.isFinite(rate) || rate <= 0 || rate > 6000)
    return { kind: "error", message: `Invalid --rate: ${values.rate} (reports per minute, 0 < N ≤ 6000)` };
  const duration = values.duration === undefined ? undefined : Number(values.duration);
  if (duration !== undefined && (!Number.isFinite(duration) || duration <= 0))
    return { kind: "error", message: `Invalid --duration: ${values.duration} (seconds > 0)` };
  const target = values.url !== undefined ? { url: values.url } : defaultPortalUrl(env);
  if ("error" in target) return { kind: "error", message: target.error };
  const url = target.url.replace(/\/+$/, "");
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:"))
    return { kind: "error", message: `Invalid URL: ${url} (set --url, SIMULATE_URL, PUBLIC_URL or PORT, e.g. http://localhost:8080)` };
  return { kind: "run", options: { url, rate, durationSeconds: duration } };
}
