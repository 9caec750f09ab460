import { STORAGE_KEYS, readJson, safeSet, type KeyValueStore } from "../../lib/storage";

/** One line of the connectivity log as the server receives it. */
export interface ConnectivityLogEvent {
  date: string;
  event: string;
  details?: unknown;
}

/** One stored entry: who and where, plus the event. */
export interface ConnectivityLogEntry {
  id: string;
  type: string;
  user_id: number;
  company_id: number;
  event: ConnectivityLogEvent;
}

/** Body of `POST /api/logs-pusher?route=statusConnection&type=&user_id=`. */
export interface ConnectivityLogBatch {
  type: string;
  user_id: number;
  company_id: number;
  events: ConnectivityLogEvent[];
}

/** Most entries kept while the server cannot be reached (the server accepts 500 per call). */
export const MAX_STORED_LOGS = 500;

function isEntry(value: unknown): value is ConnectivityLogEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  const event = entry.event as Record<string, unknown> | null | undefined;
  return (
    typeof entry.id === "string" &&
    typeof entry.type === "string" &&
    typeof entry.user_id === "number" &&
    typeof entry.company_id === "number" &&
    typeof event === "object" &&
    event !== null &&
    typeof event.date === "string" &&
    typeof event.event === "string"
  );
}

/** Groups entries into one batch per (type, user, company), preserving order inside each batch. */
export function groupIntoBatches(entries: ConnectivityLogEntry[]): { batch: ConnectivityLogBatch; ids: string[] }[] {
  const groups = new Map<string, { batch: ConnectivityLogBatch; ids: string[] }>();
  for (const entry of entries) {
    const key = `${entry.type}|${entry.user_id}|${entry.company_id}`;
    let group = groups.get(key);
    if (!group) {
      group = { batch: { type: entry.type, user_id: entry.user_id, company_id: entry.company_id, events: [] }, ids: [] };
      groups.set(key, group);
    }
    group.batch.events.push(entry.event);
    group.ids.push(entry.id);
  }
  return [...groups.values()];
}

/**
 * Connectivity log (SPEC §4, §7): every entry is first stored in localStorage `atalaya.connectivityLogs`,
 * then sent; entries the server did not accept stay stored and go out again with the next send.
 */
export class ConnectivityLog {
  private readonly store: KeyValueStore;
  private readonly send: (batch: ConnectivityLogBatch) => Promise<void>;
  private counter = 0;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;

  constructor(store: KeyValueStore, send: (batch: ConnectivityLogBatch) => Promise<void>) {
    this.store = store;
    this.send = send;
  }

  /** Entries not yet accepted by the server, oldest first. */
  pending(): ConnectivityLogEntry[] {
    const stored = readJson(this.store, STORAGE_KEYS.connectivityLogs);
    return Array.isArray(stored) ? stored.filter(isEntry) : [];
  }

  /** Stores an entry and sends everything pending. */
  record(entry: Omit<ConnectivityLogEntry, "id">): Promise<void> {
    this.counter += 1;
    const withId: ConnectivityLogEntry = { ...entry, id: `${entry.event.date}-${this.counter}-${Math.random().toString(36).slice(2, 8)}` };
    this.write([...this.pending(), withId]);
    return this.flush();
  }

  /** Sends everything pending; resolves when done (failures keep the entries stored). */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.flushOnce().finally(() => {
      this.flushing = null;
      if (this.flushAgain) {
        this.flushAgain = false;
        void this.flush();
      }
    });
    return this.flushing;
  }

  private async flushOnce(): Promise<void> {
    for (const { batch, ids } of groupIntoBatches(this.pending())) {
      try {
        await this.send(batch);
      } catch {
        continue;
      }
      const sent = new Set(ids);
      this.write(this.pending().filter((entry) => !sent.has(entry.id)));
    }
  }

  private write(entries: ConnectivityLogEntry[]): void {
    safeSet(this.store, STORAGE_KEYS.connectivityLogs, JSON.stringify(entries.slice(-MAX_STORED_LOGS)));
  }
}
