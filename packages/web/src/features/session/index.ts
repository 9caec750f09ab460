// The session feature's only door: the operator's session: its store, the signed-in guard and redirects.
export { takeReturnTo } from "./return-to";
export { RequireSession } from "./session-routes";
export { clearSession, getSession, saveSession, useSession } from "./session-store";
export { SIGNED_IN_HOME, signedInRedirectScript } from "./signed-in-redirect";
export { EXPIRED_LOGIN_PATH, handleUnauthorized } from "./unauthorized";
