import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { DEMO_PASSWORD, LoginPage, signIn } from "../pages/login-page.js";

/** Signs in through the form; on a loaded machine the first portal load may take a while. */
// Every entry of the side navigation opens a finished screen (one visible h1, neither the 403 nor the
// fallback screen) for each portal role, at desktop width where the whole menu shows; a screenshot of
// each is kept under test-results/navigation. A free organisation's locked entries open the upgrade
// prompt instead; a patrol cannot sign in to the portal at all (SPEC §6).

/** What each role's menu holds (menu.ts, the demo organisation with every module), in menu order. */
const WORKER_ENTRIES = [
  "nav-events", "nav-dashboard", "nav-history", "nav-activity", "nav-replies", "nav-answers", "nav-reported-users", "nav-maps",
  "nav-patrols", "nav-zones", "nav-shifts", "nav-operators", "nav-sounds", "nav-teams", "nav-collaborators/messages", "nav-messages",
  "nav-tags", "nav-sources", "nav-form-selectors", "nav-assets", "nav-safetags", "nav-forms", "nav-activities",
  "nav-activities/compliance", "nav-settings",
];
// A company admin also has the review queue, connections, plate lookups, users and custom dashboards.
const ADMIN_ENTRIES = [
  "nav-events", "nav-dashboard", "nav-history", "nav-activity", "nav-replies", "nav-answers", "nav-reported-users", "nav-reviews",
  "nav-maps", "nav-patrols", "nav-zones", "nav-connections", "nav-plate-lookups", "nav-shifts", "nav-operators", "nav-sounds",
  "nav-users", "nav-teams", "nav-collaborators/messages", "nav-messages", "nav-tags", "nav-sources", "nav-form-selectors",
  "nav-assets", "nav-safetags", "nav-forms", "nav-activities", "nav-activities/compliance", "nav-custom-dashboards", "nav-settings",
];
// The provider's administrator (a company admin of the demo) also has the approval queue after the messages.
const PROVIDER_ENTRIES = [
  ...ADMIN_ENTRIES.slice(0, ADMIN_ENTRIES.indexOf("nav-messages") + 1), "nav-messages-approval",
  ...ADMIN_ENTRIES.slice(ADMIN_ENTRIES.indexOf("nav-messages") + 1, -1),
  "nav-companies", "nav-client-errors", "nav-mail-outbox", "nav-law-enforcement-requests", "nav-settings",
];

/** The menu's entries as the signed-in user sees them (their test ids; custom dashboards' entries aside). */
async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByTestId("side-nav");
  await expect(nav).toBeVisible();
  const ids = await nav.locator("[data-testid^='nav-']").evaluateAll((items) => items.map((el) => el.getAttribute("data-testid")!));
  return ids.filter((id) => id !== "nav-custom-dashboard");
}

/** A screen that is there: one visible h1, neither the 403 nor the fallback screen; photographed. */
async function expectFinishedScreen(page: Page, shot: string): Promise<void> {
  await expect(page.locator("h1:visible")).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId("status-notAuth")).toHaveCount(0);
  await expect(page.getByTestId("status-fallback")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `test-results/navigation/${shot}.png` });
}

async function visitEveryEntry(page: Page, who: string): Promise<string[]> {
  const entries = await menuEntries(page);
  for (const id of entries) {
    await page.getByTestId(id).click();
    if (id.endsWith("-locked")) {
      // A free organisation's entry of the full plan: the upgrade prompt, closed again without asking.
      const prompt = page.getByRole("dialog");
      await expect(prompt).toContainText("cuenta gratuita");
      await page.screenshot({ path: `test-results/navigation/${who}-${id.slice("nav-".length)}.png` });
      await prompt.getByRole("button", { name: "Ahora no" }).click();
      await expect(prompt).toBeHidden();
      continue;
    }
    const path = `/v3/${id.slice("nav-".length)}`;
    await expect(page).toHaveURL(new RegExp(`${path}(\\?|$|/)`));
    await expectFinishedScreen(page, `${who}-${id.slice("nav-".length)}`);
  }
  // Each custom dashboard is an entry of its own, opening it embedded.
  const dashboards = page.getByTestId("nav-custom-dashboard");
  for (let i = 0; i < (await dashboards.count()); i++) {
    await dashboards.nth(i).click();
    await expect(page).toHaveURL(/\/v3\/custom-dashboards\/\d+$/);
    await expectFinishedScreen(page, `${who}-custom-dashboard-${i + 1}`);
  }
  return entries;
}

test.describe("side navigation", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Twenty screens, each loaded and photographed.
  test.describe.configure({ timeout: 300_000 });

  test("a company admin opens every entry, connections, users and custom dashboards included", async ({ page }) => {
    await signIn(page, "admin@demo.cl");
    expect(await visitEveryEntry(page, "admin")).toEqual(ADMIN_ENTRIES);
  });

  test("an operator opens every entry and is not offered connections, users or custom dashboards", async ({ page }) => {
    await signIn(page, "operador@demo.cl");
    expect(await visitEveryEntry(page, "operator")).toEqual(WORKER_ENTRIES);
    // The screen the menu hides is refused by address too, with the 403 screen (never a blank page).
    await page.goto("/v3/connections");
    await expect(page.getByTestId("status-notAuth")).toBeVisible({ timeout: 30_000 });
  });

  test("the provider's administrator opens every entry, the organisations included", async ({ page }) => {
    await signIn(page, "proveedor@demo.cl");
    expect(await visitEveryEntry(page, "provider")).toEqual(PROVIDER_ENTRIES);
  });

  test("a free organisation's operator opens every entry; the full plan's ones open the upgrade prompt", async ({ page }) => {
    await signIn(page, "vecinos@demo.cl");
    const entries = await visitEveryEntry(page, "freemium");
    expect(entries).toEqual(expect.arrayContaining(["nav-events", "nav-teams-locked", "nav-messages-locked", "nav-settings"]));
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
  await expectNoSidewaysScroll(page, "the phone header with the bell");
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
