/** Every key this portal keeps in the browser, named once so e2e tests and code agree. */
export const STORAGE_KEYS = {
  /** localStorage: `{token, userId}` of the signed-in operator. */
  session: "atalaya.session",
  /** localStorage: id of the organisation chosen in the company selector. */
  companyId: "atalaya.companyId",
  /** localStorage: interface language (es, en, fr). */
  language: "atalaya.lang",
  /** localStorage: "true" when the side navigation is collapsed. */
  siderCollapsed: "atalaya.sider.collapsed",
  /** localStorage: connectivity log entries not yet accepted by the server. */
  connectivityLogs: "atalaya.connectivityLogs",
  /** sessionStorage: internal route to return to after signing in again. */
  returnTo: "atalaya.returnTo",
} as const;

/** The subset of the Web Storage API the portal uses; lets pure code take an in-memory fake in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A store that forgets everything, used where the browser refuses storage (private mode, tests). */
export function createMemoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const fallbackLocal = createMemoryStore();
const fallbackSession = createMemoryStore();

function resolveStore(kind: "localStorage" | "sessionStorage", fallback: KeyValueStore): KeyValueStore {
  try {
    const store = globalThis[kind];
    if (store) return store;
  } catch {
    // Access throws when storage is disabled by the browser; the portal keeps working in memory.
  }
  return fallback;
}

/** localStorage, or an in-memory stand-in when it is not available. */
export function localStore(): KeyValueStore {
  return resolveStore("localStorage", fallbackLocal);
}

/** sessionStorage, or an in-memory stand-in when it is not available. */
export function sessionStore(): KeyValueStore {
  return resolveStore("sessionStorage", fallbackSession);
}

/** Reads and parses a JSON value; a missing or corrupt entry reads as null. */
export function readJson(store: KeyValueStore, key: string): unknown {
  const raw = safeGet(store, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Reads a key without throwing (quota and security errors read as missing). */
export function safeGet(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key; returns false when the browser refused (quota, privacy mode). */
export function safeSet(store: KeyValueStore, key: string, value: string): boolean {
  try {
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a key without throwing. */
export function safeRemove(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to undo: a store that refuses removal also refused the write.
  }
}
