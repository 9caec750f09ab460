import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";

// Issue 17's report flags in the portal: highlight (live in a second browser), the "my favourites"
// filter, unseen rows in bold until opened, the premium alert's banner.

// Two signed-in browsers at once in the first test: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 150_000 });

/** Signs in through the form; the events screen may take a while on a loaded machine. */
const PLACE = { latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" };

async function sendReport(request: APIRequestContext, description: string, token?: string): Promise<{ id: number; uuid: string }> {
  const res = await request.post("/api/app/reports", { data: { type: 0, description, ...PLACE }, ...(token ? { headers: { "access-token": token } } : {}) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { report: { id: number; uuid: string } }).report;
}

async function sortBy(page: Page, label: string): Promise<void> {
  await page.getByTestId("sort-select").click();
  await page.getByText(label, { exact: true }).last().click();
}

async function operatorToken(request: APIRequestContext): Promise<{ token: string; companyId: number }> {
  const login = await request.post("/api/login", { data: { email: "operador@demo.cl", password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const settings = (await (await request.get("/api/settings", { headers: { "access-token": token } })).json()) as { company: { id: number } };
  return { token, companyId: settings.company.id };
}

test("highlighting a report moves its row to the top of a colleague's open panel, live", async ({ page, browser, request }) => {
  const description = `Destacar para todo el equipo ${Date.now()}`;
  await signIn(page, "operador@demo.cl");
  const colleague = await (await browser.newContext()).newPage();
  await signIn(colleague, "operadora@demo.cl");
  await expect(colleague.getByText("En línea").first()).toBeVisible();
  // Oldest first: a new report would be at the very end of the colleague's tab.
  await sortBy(colleague, "Más antiguos");
  const report = await sendReport(request, description);
  await expect(colleague.getByTestId("report-row").first()).not.toContainText(description);

  await page.goto(`/v3/events/${report.uuid}`);
  await page.getByTestId("highlight-toggle").click();
  await expect(page.getByTestId("highlighted-tag")).toBeVisible();

  const first = colleague.getByTestId("report-row").first();
  await expect(first).toContainText(description);
  await expect(first).toHaveAttribute("data-highlighted", "true");
  await expect(first.getByTestId("highlight-mark")).toBeVisible();

  // Unpinned, it leaves the top again.
  await page.getByTestId("highlight-toggle").click();
  await expect(page.getByTestId("highlighted-tag")).toHaveCount(0);
  await expect(colleague.getByTestId("report-row").first()).not.toContainText(description);
  await colleague.context().close();
});

test("the favourites filter shows only the reports the operator starred", async ({ page, request }) => {
  const starred = `Favorito del operador ${Date.now()}`;
  const plain = `Sin estrella ${Date.now()}`;
  await signIn(page, "operador@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  await sortBy(page, "Más recientes");
  await sendReport(request, plain);
  await sendReport(request, starred);
  const row = page.getByTestId("report-row").filter({ hasText: starred });
  await row.getByTestId("favorite-toggle").click();
  await expect(row.getByTestId("favorite-toggle")).toHaveAttribute("aria-pressed", "true");

  await page.getByTestId("favorites-filter").click();
  await expect(page.getByTestId("favorites-filter")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("report-row").filter({ hasText: starred })).toBeVisible();
  await expect(page.getByTestId("report-row").filter({ hasText: plain })).toHaveCount(0);
  // The star is the operator's own: it is kept by the server (a reload shows it).
  await page.reload();
  await page.getByTestId("favorites-filter").click();
  await expect(page.getByTestId("report-row").filter({ hasText: starred })).toBeVisible();
  await expect(page.getByTestId("report-row").filter({ hasText: plain })).toHaveCount(0);

  // Unstarred, it leaves the filtered list.
  await page.getByTestId("report-row").filter({ hasText: starred }).getByTestId("favorite-toggle").click();
  await expect(page.getByTestId("report-row").filter({ hasText: starred })).toHaveCount(0);
});

test("a new report is bold until the operator opens it, then normal", async ({ page, request }) => {
  const description = `Aún no leído ${Date.now()}`;
  await signIn(page, "operador@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  await sortBy(page, "Más recientes");
  await sendReport(request, description);
  const row = page.getByTestId("report-row").filter({ hasText: description });
  await expect(row).toHaveAttribute("data-seen", "false");
  await expect(row.locator(".report-row__description")).toHaveCSS("font-weight", "700");

  await row.click();
  await expect(page.getByTestId("report-detail")).toBeVisible();
  await expect(row).toHaveAttribute("data-seen", "true");
  await expect(row.locator(".report-row__description")).toHaveCSS("font-weight", "400");
  // Stored on the server for this operator: still read after a reload.
  await page.goto("/v3/events");
  await expect(page.getByTestId("report-row").filter({ hasText: description })).toHaveAttribute("data-seen", "true");
});

test("a report from a subscribed reporter raises the premium alert and shows the premium banner and badges", async ({ page, request }) => {
  const { token, companyId } = await operatorToken(request);
  expect(companyId).toBeGreaterThan(0);
  await signIn(page, "operador@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  // The demo's subscribed neighbour (seed) sends a report through the reporter app.
  const login = await request.post("/api/app/login", { data: { email: "vecino1@demo.cl", password: DEMO_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const neighbour = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const description = `Reporte de vecino premium ${Date.now()}`;
  const report = await sendReport(request, description, neighbour);

  const alert = page.getByTestId("new-report-alert");
  await expect(alert).toHaveAttribute("data-premium", "true");
  await expect(alert).toHaveAttribute("data-report-id", String(report.id));
  await expect(alert.getByTestId("premium-alert-title")).toHaveText("Nuevo reporte de un usuario premium");

  await alert.getByTestId("new-report-alert-open").click();
  await expect(page.getByTestId("premium-banner")).toBeVisible();
  await expect(page.getByTestId("report-flags").getByTestId("subscription-badge")).toHaveText("Suscripción Premium");
  const row = page.getByTestId("report-row").filter({ hasText: description });
  await sortBy(page, "Más recientes");
  await expect(row.getByTestId("premium-marker")).toBeVisible();
  // The API says the same to this company (in the SPEC §6 gates through the demo's data).
  const res = await request.get(`/api/companies/${companyId}/reports/${report.id}`, { headers: { "access-token": token } });
  expect(((await res.json()) as { report: { premiumUser: boolean } }).report.premiumUser).toBe(true);
});

test("a report past its due time reads the same in its panel row and in its detail (d h m s)", async ({ page }) => {
  await signIn(page, "operador@demo.cl");
  // The demo's pending reports of the last days are all past their attention time.
  const row = page.getByTestId("report-row").filter({ has: page.locator('[data-testid="report-countdown"][data-late="true"]') }).first();
  const rowText = (await row.getByTestId("report-countdown").textContent())!.trim();
  const LATE = /^Vencido hace (\d+ d )?(\d+ h )?(\d+ m)?( \d+ s)?$/;
  expect(rowText).toMatch(LATE);
  await row.click();
  const detail = page.locator(".rd-due");
  await expect(detail).toHaveAttribute("data-overdue", "true");
  const detailText = (await detail.textContent())!.trim();
  expect(detailText).toMatch(LATE);
  // Days and hours agree (the minutes may have ticked between the two reads).
  expect(detailText.split(" m")[0]!.replace(/\d+$/, "")).toBe(rowText.split(" m")[0]!.replace(/\d+$/, ""));
});
