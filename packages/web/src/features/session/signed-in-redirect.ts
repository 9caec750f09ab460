import { STORAGE_KEYS } from "../../lib/storage";
import { parseSession } from "./session-store";

/** Where a signed-in visitor of the login route goes (SPEC §2). */
export const SIGNED_IN_HOME = "/v3/events";

/** Set on <html> by the prerendered login page's first script for a signed-in visitor: the page then shows
 * its loader, not its form (global.css). */
export const SIGNED_IN_ATTRIBUTE = "data-signed-in";

/**
 * The prerendered login page's first script, inlined in its <head> (prerender.mjs) so it runs before the
 * form is painted and before the portal's scripts are even asked for. With a stored session — the
 * session store's own rule, its source run as it is — the address becomes the events panel's, so the
 * portal starts there (no login page rendered, no redirect through a blank screen), and the page marks
 * itself so that its loader stands where the form was. The server allows it by its hash (http/web.ts).
 */
export function signedInRedirectScript(): string {
  const session = `(${parseSession.toString()})(JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.session)})))`;
  return `try{if(${session}){history.replaceState(null,"",${JSON.stringify(SIGNED_IN_HOME)});document.documentElement.setAttribute(${JSON.stringify(SIGNED_IN_ATTRIBUTE)},"")}}catch(e){}`;
}
