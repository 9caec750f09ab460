/** One analytics event, as a tag manager reads it: pushed onto `window.dataLayer` (kept in the page
 * when no tag manager is installed, so tests and a later integration can read it). */
export function recordEvent(event: string, data: Record<string, unknown> = {}): void {
  const w = window as unknown as { dataLayer?: Record<string, unknown>[] };
  w.dataLayer ??= [];
  w.dataLayer.push({ event, ...data, at: new Date().toISOString() });
}
