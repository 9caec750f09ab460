import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, LoginPage } from "../pages/login-page.js";

/** Signs in through the form; on a loaded machine the first portal load may take a while. */
async function signIn(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
}

// Every entry of the side navigation opens a finished screen (one visible h1) for each portal role, at
// desktop width where the whole menu shows; a screenshot of each is kept under test-results/navigation.

/** The menu's entries as the signed-in user sees them (their test ids). */
async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByTestId("side-nav");
  await expect(nav).toBeVisible();
  return nav.locator("[data-testid^='nav-']").evaluateAll((items) => items.map((el) => el.getAttribute("data-testid")!));
}

async function visitEveryEntry(page: Page, who: string): Promise<string[]> {
  const entries = await menuEntries(page);
  for (const id of entries) {
    await page.getByTestId(id).click();
    const path = `/v3/${id.slice("nav-".length)}`;
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$|/)`));
    await expect(page.locator("h1:visible")).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByTestId("status-notAuth")).toHaveCount(0);
    await expect(page.getByTestId("status-fallback")).toHaveCount(0);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `test-results/navigation/${who}-${id.slice("nav-".length)}.png` });
  }
  return entries;
}

test.describe("side navigation", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Fourteen screens, each loaded and photographed.
  test.describe.configure({ timeout: 240_000 });

  test("a company admin opens every entry, connections included", async ({ page }) => {
    await signIn(page, "admin@demo.cl");
    const entries = await visitEveryEntry(page, "admin");
    expect(entries).toEqual(expect.arrayContaining(["nav-events", "nav-history", "nav-replies", "nav-answers", "nav-connections", "nav-shifts", "nav-operators", "nav-sounds"]));
  });

  test("an operator opens every entry and is not offered connections", async ({ page }) => {
    await signIn(page, "operador@demo.cl");
    const entries = await visitEveryEntry(page, "operator");
    expect(entries).toEqual(expect.arrayContaining(["nav-events", "nav-replies", "nav-operators", "nav-sounds"]));
    expect(entries).not.toContain("nav-connections");
    // The screen the menu hides is refused by address too, with the 403 screen (never a blank page).
    await page.goto("/v3/connections");
    await expect(page.getByTestId("status-notAuth")).toBeVisible({ timeout: 30_000 });
  });

  test("a patrol is refused by the portal login (SPEC §6: only groups 1, 2 and 3 sign in)", async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn("patrulla@demo.cl");
    await expect(login.error).toContainText("no tiene acceso al portal");
    await expect(page).toHaveURL(/\/v3\/login/);
    await page.screenshot({ path: "test-results/navigation/patrol-refused.png" });
  });
});

/** Signs in through the API: the access token and the user. */
async function apiLogin(request: APIRequestContext, email: string): Promise<{ token: string; id: number }> {
  const res = await request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBe(true);
  const { user } = (await res.json()) as { user: { id: number; access_token: string } };
  return { token: user.access_token, id: user.id };
}

test("a notification arrives live when a colleague assigns a report, and opens it", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "operador@demo.cl");
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-state", "online");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toBeVisible();
  // The bell fits the phone header: nothing sticks out past the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const before = Number(await page.getByTestId("notification-count").getAttribute("data-count"));

  // The colleague (another user, another browser session) takes a new report and assigns it.
  const admin = await apiLogin(request, "admin@demo.cl");
  const operator = await apiLogin(request, "operador@demo.cl");
  const headers = { "access-token": admin.token };
  const settings = (await (await request.get("/api/settings", { headers })).json()) as { company: { id: number } };
  const created = await request.post(`/api/companies/${settings.company.id}/reports`, {
    headers,
    data: { type: 1, description: `Asignación en vivo ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, informerType: "anonymous" },
  });
  expect(created.ok()).toBe(true);
  const { report } = (await created.json()) as { report: { id: number; uuid: string } };
  const base = `/api/companies/${settings.company.id}/reports/${report.id}`;
  expect((await request.post(`${base}/take`, { headers })).ok()).toBe(true);
  const assigned = await request.post(`${base}/assign`, { headers, data: { userId: operator.id } });
  expect(assigned.ok()).toBe(true);

  await expect(page.getByTestId("notification-count")).toHaveAttribute("data-count", String(before + 1));
  await bell.click();
  const item = page.getByTestId("notification-item").first();
  await expect(item).toHaveAttribute("data-kind", "assigned");
  await expect(item).toHaveAttribute("data-read", "false");
  await expect(item).toContainText("te asignó");
  await page.waitForTimeout(400); // the drawer slides in
  await page.screenshot({ path: "test-results/navigation/notification-drawer-390.png" });
  await item.getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/v3/events/${report.uuid}`));
  await expect(page.getByTestId("notification-count")).toHaveAttribute("data-count", String(before));
  await context.close();
});
