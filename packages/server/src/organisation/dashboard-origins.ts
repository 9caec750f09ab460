import type { Db } from "../db/db.js";
import { allDashboardOrigins } from "./dashboard.repository.js";

/** How long a process keeps the origins it read: another process's change shows within this time. */
export const FRAME_ORIGINS_TTL_MS = 5_000;

interface Cached {
  at: number;
  origins: Promise<string[]>;
}

// Per database (tests open several apps on one process), so one app's cache never answers for another's data.
const cache = new WeakMap<Db, Cached>();

/** The origins of every stored custom dashboard (the portal's CSP frame-src), read from the database
 * and kept at most FRAME_ORIGINS_TTL_MS; a failed read is not kept. */
export function dashboardFrameOrigins(db: Db, now = Date.now()): Promise<string[]> {
  const hit = cache.get(db);
  if (hit && now - hit.at < FRAME_ORIGINS_TTL_MS) return hit.origins;
  const origins = allDashboardOrigins(db);
  cache.set(db, { at: now, origins });
  origins.catch(() => cache.delete(db));
  return origins;
}

/** Drops this process's copy after a change here, so the next portal page frames the new origins at once. */
export function forgetFrameOrigins(db: Db): void {
  cache.delete(db);
}
