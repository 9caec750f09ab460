import { Redis } from "ioredis";
import type { PresenceViewer } from "@atalaya/shared";

/** Which report a presence entry is about. The uuid keeps keys of a recreated database (tests, restores)
 * from meeting stale entries of an old report with the same id. */
export interface PresenceKey {
  companyId: number;
  reportUuid: string;
}

/** The viewers of a report after a change, and whether the set differs from before (so it is worth telling). */
export interface PresenceState {
  viewers: PresenceViewer[];
  changed: boolean;
}

/** Who has a report open right now. Entries expire ttlMs after their last `open`; expired ones are
 * dropped whenever the report's entry is touched. */
export interface PresenceStore {
  /** The viewer has the report open (first time or heartbeat). */
  open(key: PresenceKey, viewer: PresenceViewer): Promise<PresenceState>;
  /** The viewer left the report. */
  leave(key: PresenceKey, userId: number): Promise<PresenceState>;
  /** Current viewers. */
  list(key: PresenceKey): Promise<PresenceViewer[]>;
  close(): Promise<void>;
  readonly kind: "memory" | "redis";
}

const byName = (a: PresenceViewer, b: PresenceViewer) => a.name.localeCompare(b.name) || a.id - b.id;
const keyOf = (k: PresenceKey) => `${k.companyId}:${k.reportUuid}`;

/** One process: a map per report of user → name and expiry. */
export function memoryPresence(ttlMs: number, now: () => number = Date.now): PresenceStore {
  const reports = new Map<string, Map<number, { name: string; expiresAt: number }>>();
  // Reports nobody touches again would keep their expired entries: sweep them now and then.
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, viewers] of reports) {
      for (const [id, v] of viewers) if (v.expiresAt <= t) viewers.delete(id);
      if (!viewers.size) reports.delete(k);
    }
  }, ttlMs);
  sweep.unref();

  const touch = (key: PresenceKey, change: (viewers: Map<number, { name: string; expiresAt: number }>) => boolean): PresenceState => {
    const k = keyOf(key);
    const viewers = reports.get(k) ?? new Map<number, { name: string; expiresAt: number }>();
    const t = now();
    let changed = false;
    for (const [id, v] of viewers)
      if (v.expiresAt <= t) {
        viewers.delete(id);
        changed = true;
      }
    if (change(viewers)) changed = true;
    if (viewers.size) reports.set(k, viewers);
    else reports.delete(k);
    return { viewers: [...viewers].map(([id, v]) => ({ id, name: v.name })).sort(byName), changed };
  };

  return {
    kind: "memory",
    async open(key, viewer) {
      return touch(key, (viewers) => {
        const before = viewers.get(viewer.id);
        viewers.set(viewer.id, { name: viewer.name, expiresAt: now() + ttlMs });
        return before?.name !== viewer.name;
      });
    },
    async leave(key, userId) {
      return touch(key, (viewers) => viewers.delete(userId));
    },
    async list(key) {
      return touch(key, () => false).viewers;
    },
    async close() {
      clearInterval(sweep);
      reports.clear();
    },
  };
}

// One atomic step on the report's hash (field = user id, value = "expiresAt|name"): drop expired
// entries, apply the operation, and say whether the set of viewers changed. Atomic, so two processes
// heartbeating the same report never lose each other's entries or both miss a change.
const SCRIPT = `
local key, now, op, uid, name, exp, ttl = KEYS[1], tonumber(ARGV[1]), ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6]
local changed, had = 0, false
local out = {}
local flat = redis.call('HGETALL', key)
for i = 1, #flat, 2 do
  local f, v = flat[i], flat[i + 1]
  local sep = string.find(v, '|', 1, true)
  local expires = sep and tonumber(string.sub(v, 1, sep - 1)) or 0
  if expires <= now then
    redis.call('HDEL', key, f)
    changed = 1
  elseif f == uid and op ~= 'list' then
    had = true
    if op == 'leave' then
      redis.call('HDEL', key, f)
      changed = 1
    elseif string.sub(v, sep + 1) ~= name then
      changed = 1
    end
  else
    out[#out + 1] = f
    out[#out + 1] = string.sub(v, sep + 1)
  end
end
if op == 'open' then
  if not had then changed = 1 end
  redis.call('HSET', key, uid, exp .. '|' .. name)
  redis.call('PEXPIRE', key, ttl)
  out[#out + 1] = uid
  out[#out + 1] = name
end
return {changed, out}
`;

/** Several processes: a Redis hash per report (under the deployment's prefix), so every process sees
 * the same viewers. */
export async function redisPresence(url: string, prefix: string, ttlMs: number, onError: (err: Error) => void, now: () => number = Date.now): Promise<PresenceStore> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  redis.on("error", onError);
  await redis.connect();
  const run = async (key: PresenceKey, op: "open" | "leave" | "list", userId = 0, name = ""): Promise<PresenceState> => {
    const t = now();
    const [changed, flat] = (await redis.eval(SCRIPT, 1, `${prefix}presence:${keyOf(key)}`, t, op, userId, name, t + ttlMs, ttlMs)) as [
      number,
      string[],
    ];
    const viewers: PresenceViewer[] = [];
    for (let i = 0; i < flat.length; i += 2) viewers.push({ id: Number(flat[i]), name: flat[i + 1] ?? "" });
    return { viewers: viewers.sort(byName), changed: changed === 1 };
  };
  return {
    kind: "redis",
    open: (key, viewer) => run(key, "open", viewer.id, viewer.name),
    leave: (key, userId) => run(key, "leave", userId),
    list: async (key) => (await run(key, "list")).viewers,
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
