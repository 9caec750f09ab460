import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { signIn } from "../pages/login-page.js";
import { openRoute } from "../support/navigate.js";
import { firstUserView } from "../pages/users.js";
import { demoPublicPages } from "../pages/assets.js";
import { apiSession, ensureWorkflow, sendWorkflowReport } from "../pages/report-forms.js";

// Every signed-in screen at phone and tablet width: nothing wider than the window.
const ROUTES = [
  "/v3/events",
  "/v3/events/new",
  "/v3/history",
  "/v3/activity",
  "/v3/search?q=robo",
  "/v3/answers",
  "/v3/reported-users",
  "/v3/reviews",
  "/v3/maps",
  "/v3/patrols",
  "/v3/dashboard",
  "/v3/dashboard?tab=operators&period=30",
  "/v3/shifts",
  "/v3/replies",
  "/v3/operators",
  "/v3/connections",
  "/v3/plate-lookups",
  "/v3/sounds",
  "/v3/teams",
  "/v3/tags",
  "/v3/sources",
  "/v3/form-selectors",
  "/v3/custom-dashboards",
  // Issue 17: assets and safe tags.
  "/v3/assets",
  "/v3/safetags",
  // Dynamic forms (issue 16).
  "/v3/forms",
  "/v3/forms/builder/1",
  "/v3/forms/1/results",
  "/v3/activities",
  "/v3/activities/compliance",
  "/v3/users",
  "/v3/settings",
  "/v3/settings?tab=api-keys",
  "/v3/companies",
  "/v3/client-errors",
  // Issue 13: the provider's screens.
  "/v3/mail-outbox",
  "/v3/law-enforcement-requests",
  // Issue 15: mass messages and the provider's approval queue.
  "/v3/messages",
  "/v3/messages-approval",
  // Issue 15: messages to collaborators.
  "/v3/collaborators/messages",
  "/v3/collaborators/messages?box=sent",
];

// The visitor pages (issue 13), seen without an account.
const VISITOR_ROUTES = [
  "/",
  "/v3/preregister",
  "/v3/create-account",
  "/v3/auth/forgetPassword",
  "/v3/auth/resetPassword/AAAAAAAAAAAAAAAAAAAAAA",
  "/v2/auth/resetPassword/AAAAAAAAAAAAAAAAAAAAAA",
  "/v3/law-enforcement/access",
  "/v3/law-enforcement/form?token=AAAAAAAAAAAAAAAAAAAAAA",
];

/** Each route opened once at phone width (as the portal's links open it, see openRoute) and measured,
 * then the same page widened to a tablet's and measured again (a page load is what costs; the two widths
 * need not pay it twice). */
async function expectRoutesFit(page: Page, routes: readonly string[], ready: string): Promise<void> {
  for (const route of routes) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openRoute(page, route, page.locator(ready).first());
    await expectNoSidewaysScroll(page, `${route} at 390 px`);
    await page.setViewportSize({ width: 1024, height: 844 });
    await expectNoSidewaysScroll(page, `${route} at 1024 px`);
  }
}

test("no screen scrolls sideways at 390 px nor at 1024 px", async ({ browser, request }) => {
  // About fifty screens, each loaded to its network's rest and measured at both widths.
  test.setTimeout(600_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "admin@demo.cl");
  const created = await request.post("/api/app/reports", {
    data: { type: 1, description: `Prueba de ancho ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await expectRoutesFit(page, [...ROUTES, `/v3/events/${report.uuid}`, await firstUserView(page)], "h1:visible, h2:visible");
  await context.close();
});

test("the provider's screens at 390 px, with a long error open, do not scroll sideways", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "proveedor@demo.cl");
  const long = `Error: ${"una-palabra-muy-larga-sin-espacios".repeat(8)} en la pantalla`;
  await page.request.post("/api/client-errors", {
    data: { release: "30.14.0", errors: [{ kind: "error", message: long, route: "/v3/events/:id", stack: `Error\n    at ${"x".repeat(300)} (app.js:1:2)` }] },
  });
  for (const route of ["/v3/companies", "/v3/client-errors"]) {
    await openRoute(page, route);
    await expectNoSidewaysScroll(page, `${route} at 390 px`);
  }
  await page.getByTestId("client-error-open").first().click();
  await expect(page.getByTestId("client-error-occurrence").first()).toBeVisible();
  await expectNoSidewaysScroll(page, "the error drawer at 390 px");
  await context.close();
});
test("no visitor page scrolls sideways at 390 px nor at 1024 px", async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Issue 17: an asset's QR page and a safe tag's finder page.
  const { assetPage, tagPage } = await demoPublicPages(request);
  await expectRoutesFit(page, [...VISITOR_ROUTES, assetPage, tagPage], "h1:visible");
  await context.close();
});

test("on a phone the navigation is a drawer over the screen that closes when a screen is chosen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "operador@demo.cl");
  // The user's name is the avatar's; the screen keeps its whole width (no collapsed rail).
  await expect(page.getByTestId("side-nav")).toBeHidden();
  const toggle = page.getByTestId("sider-toggle");
  expect((await toggle.boundingBox())!.width).toBeGreaterThanOrEqual(24);
  await toggle.click();
  await expect(page.getByTestId("side-nav")).toBeVisible();
  await page.waitForTimeout(500); // the drawer slides in
  await page.screenshot({ path: "test-results/phone-drawer.png" });
  await page.getByTestId("nav-history").click();
  await expect(page).toHaveURL(/\/v3\/history$/);
  await expect(page.getByTestId("side-nav")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Historial" })).toBeVisible();
  await context.close();
});

test("the header shows the organisation's whole name, on two lines at most, at 390 px and at 1440 px", async ({ browser }) => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, "operador@demo.cl");
    // The name alone, or the organisation selector's (the operator belongs to several).
    const name = page.locator(".company-name__text, .company-selector__name");
    await expect(name).toHaveText("Municipalidad de Santiago — Seguridad Ciudadana");
    // Not cut: nothing of it hidden past its box (an ellipsis or a third line would be).
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(cut, `the name is cut at ${viewport.width} px`).toBe(false);
    const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await name.boundingBox())!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
    // The tools are all still there, inside the window.
    await expect(page.getByTestId("notification-bell")).toBeInViewport();
    await expect(page.getByTestId("language-switch")).toBeInViewport();
    await expectNoSidewaysScroll(page, `the header at ${viewport.width} px`);
    await page.screenshot({ path: `test-results/header-${viewport.width}.png` });
    await context.close();
  }
});

test("the events panel's title stays whole on one line in French, at 1440 px and at 390 px", async ({ page }) => {
  await signIn(page, "operador@demo.cl");
  // The panel up before the menu is used, as a person would see it (signIn waits for the address only).
  await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
  await page.getByTestId("language-switch").click();
  await page.getByRole("menuitem", { name: "Français" }).click();
  await expect(page.getByTestId("language-switch")).toHaveText("FR");
  const title = page.getByRole("heading", { level: 1, name: "Événements" });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(title).toBeVisible();
    // "Éve-nements" broken across two lines at 1440 px: the French buttons beside it took the room.
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await title.boundingBox())!.height, `the title at ${width} px`).toBeLessThan(1.5 * lineHeight);
    await expect(page.getByTestId("new-report-button")).toBeInViewport();
  }
});

test("the report detail's form tab (issue 16) does not scroll sideways at 390 px", async ({ browser, request }) => {
  const admin = await apiSession(request, "admin@demo.cl");
  await ensureWorkflow(request, admin);
  const report = await sendWorkflowReport(request, `Prueba de ancho del formulario ${Date.now()}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "admin@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("form-tab").click();
  await expect(page.getByTestId("report-form-tab")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoSidewaysScroll(page, "form tab at 390 px");
  await context.close();
});

test("a date range opened on a phone stays inside the window, its month moving on from its own header", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "admin@demo.cl");
  // With hours (activity, history), with seconds in a dialog (the events' export), days only (a form's results).
  const pickers = [
    ["/v3/activity", "#activity-window"],
    ["/v3/history", "#history-window"],
    ["/v3/events", "#export-range", "export-button"],
    ["/v3/forms/1/results", "#rf-dates"],
  ] as const;
  for (const [route, field, opener] of pickers) {
    await openRoute(page, route);
    if (opener) await page.getByTestId(opener).first().click();
    await page.locator(field).click();
    const calendar = page.locator(".ant-picker-dropdown:not(.ant-picker-dropdown-hidden)");
    await expect(calendar.locator(".ant-picker-date-panel:visible"), route).toHaveCount(1);
    const box = (await calendar.boundingBox())!;
    expect(box.x, `${route}: the calendar's left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${route}: the calendar's right edge`).toBeLessThanOrEqual(390);
    const month = (await calendar.locator(".ant-picker-header-view").first().textContent())!;
    await calendar.locator(".ant-picker-header-next-btn").first().click();
    await expect(calendar.locator(".ant-picker-header-view").first()).not.toHaveText(month);
    await page.keyboard.press("Escape");
    await expect(calendar).toHaveCount(0);
  }
  await context.close();
});
