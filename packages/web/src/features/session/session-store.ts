import { useSyncExternalStore } from "react";
import { STORAGE_KEYS, localStore, readJson, safeRemove, safeSet, sessionStore } from "../../lib/storage";

/** What the browser keeps of a signed-in operator (localStorage `atalaya.session`). */
export interface Session {
  token: string;
  userId: number;
}

/** Why the last session ended; the login route uses it to pick its `from` marker. */
export type SessionEndReason = "logout" | "expired" | "settingsFailed";

type Listener = () => void;

const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedSession: Session | null = null;
let endReason: SessionEndReason | null = null;

/** The session a stored value holds, or null. Self-contained (no outer names): the prerendered login
 * page's first script runs its source as it is (signed-in-redirect.ts). */
export function parseSession(value: unknown): Session | null {
  if (typeof value !== "object" || value === null) return null;
  const { token, userId } = value as Record<string, unknown>;
  if (typeof token !== "string" || token.length === 0 || typeof userId !== "number") return null;
  return { token, userId };
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored session, or null when signed out. The same object is returned until it changes. */
export function getSession(): Session | null {
  const store = localStore();
  let raw: string | null;
  try {
    raw = store.getItem(STORAGE_KEYS.session);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(readJson(store, STORAGE_KEYS.session));
  }
  return cachedSession;
}

/** Stores a new session after a successful login. */
export function saveSession(session: Session): void {
  endReason = null;
  safeSet(localStore(), STORAGE_KEYS.session, JSON.stringify(session));
  notify();
}

/** Forgets the session and the chosen organisation; logout also forgets the pending return route. */
export function clearSession(reason: SessionEndReason): void {
  endReason = reason;
  const store = localStore();
  safeRemove(store, STORAGE_KEYS.session);
  safeRemove(store, STORAGE_KEYS.companyId);
  if (reason === "logout") safeRemove(sessionStore(), STORAGE_KEYS.returnTo);
  notify();
}

/** The reason the last session ended in this tab, or null. */
export function lastSessionEndReason(): SessionEndReason | null {
  return endReason;
}

/** Subscribes to session changes, including those made in other tabs. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === null || event.key === STORAGE_KEYS.session) listener();
  };
  if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}

/** React view of the stored session; re-renders when it changes here or in another tab. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}
