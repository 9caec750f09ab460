import { STORAGE_KEYS, safeGet, safeRemove, safeSet, sessionStore, type KeyValueStore } from "../../lib/storage";

/** True for internal portal routes that are safe to return to after login (`/v3…`, never the login itself). */
export function isReturnPath(path: string): boolean {
  if (!/^\/v3(?:[/?#]|$)/.test(path)) return false;
  return !/^\/v3\/login(?:[/?#]|$)/.test(path);
}

/** Remembers the route to go back to after signing in (sessionStorage `atalaya.returnTo`). */
export function rememberReturnTo(path: string, store: KeyValueStore = sessionStore()): void {
  if (isReturnPath(path)) safeSet(store, STORAGE_KEYS.returnTo, path);
}

/** Takes (reads and forgets) the remembered route, or null when none or unsafe. */
export function takeReturnTo(store: KeyValueStore = sessionStore()): string | null {
  const path = safeGet(store, STORAGE_KEYS.returnTo);
  safeRemove(store, STORAGE_KEYS.returnTo);
  return path !== null && isReturnPath(path) ? path : null;
}
