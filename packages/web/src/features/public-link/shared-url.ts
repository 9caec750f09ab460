/** True for absolute http(s) addresses; anything else (javascript:, data:, relative…) is refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
