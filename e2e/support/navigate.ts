import { expect, type Locator, type Page } from "@playwright/test";

const QUIET_MS = 500;

/** Opens a portal screen the way its own links do, without reloading the page, and waits until the new
 * screen's title (or `ready`) is up and its data has arrived (no request in flight for half a second).
 * A reload parses every script again, most of a screen's cost in a sweep of many screens. A page not
 * yet on the portal, a page outside it, or a change of query alone (the same screen, whose title would
 * not change) is loaded. */
export async function openRoute(page: Page, route: string, ready: Locator = page.getByRole("heading", { level: 1 }).first()): Promise<void> {
  const here = new URL(page.url());
  const next = new URL(route, here.protocol.startsWith("http") ? here : "http://localhost");
  const inPortal = (url: URL) => url.protocol.startsWith("http") && url.pathname.startsWith("/v3/");
  if (!inPortal(here) || !inPortal(next) || next.pathname === here.pathname) {
    await page.goto(route);
    await expect(ready).toBeVisible();
    await page.waitForLoadState("networkidle");
    return;
  }
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const begin = (request: unknown) => {
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request: unknown) => {
    inFlight.delete(request);
    lastChange = Date.now();
  };
  page.on("request", begin);
  page.on("requestfinished", end);
  page.on("requestfailed", end);
  try {
    // The screen being left is marked: its title must be gone before the new one counts as shown, and the
    // new screen's code and data must have arrived (requests, the route's own chunk among them).
    await page.locator("h1").evaluateAll((titles) => titles.forEach((title) => title.setAttribute("data-e2e-left", "")));
    await page.evaluate((to) => {
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    }, route);
    // A screen nested in the one being left (a report in the events panel) may keep its title.
    if (!next.pathname.startsWith(`${here.pathname}/`)) await expect(page.locator("h1[data-e2e-left]")).toHaveCount(0);
    await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS, { intervals: [100] }).toBe(true);
    await expect(ready).toBeVisible();
  } finally {
    page.off("request", begin);
    page.off("requestfinished", end);
    page.off("requestfailed", end);
  }
}
