import { rememberReturnTo } from "./return-to";
import { clearSession } from "./session-store";

/** Login route used after any 401 (SPEC §8's `from` marker). */
export const EXPIRED_LOGIN_PATH = "/v3/login?from=requestAsync";

/**
 * What any 401 does (SPEC §8): remember the current route, clear the local session and the cached
 * server data, and go to the login with `from=requestAsync`.
 */
export function handleUnauthorized(deps: {
  location: Pick<Location, "pathname" | "search" | "hash">;
  clearCache: () => void;
  navigate: (path: string) => void;
}): void {
  const { pathname, search, hash } = deps.location;
  rememberReturnTo(`${pathname}${search}${hash}`);
  clearSession("expired");
  deps.clearCache();
  if (pathname !== "/v3/login") deps.navigate(EXPIRED_LOGIN_PATH);
}
