import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { demoPublicPages } from "../pages/assets.js";
import { linkFromMail } from "../pages/outbox.js";
import { expectAccessible } from "../support/axe.js";
import { openRoute } from "../support/navigate.js";
import { firstUserView } from "../pages/users.js";
import { apiSession, ensureWorkflow, sendWorkflowReport } from "../pages/report-forms.js";

// The accessibility gate (WCAG 2.2 A/AA rules of axe-core, 0 critical and 0 serious) on every screen an
// operator uses, in the states that change what is on it. A new screen adds itself here.

test("login, events panel, report detail (pending, taken, close dialog) and create report pass axe-core", async ({ page, request }) => {
  // Six screens, each loaded and audited: more than the default minute when the machine is busy.
  test.setTimeout(180_000);
  await page.goto("/v3/login");
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectAccessible(page);

  const created = await request.post("/api/app/reports", {
    data: { type: 6, description: `Vereda rota frente al colegio ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };

  await signIn(page, "operador@demo.cl");
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/v3/events/${report.uuid}`);
  await expect(page.getByTestId("take-button")).toBeEnabled();
  await expectAccessible(page);

  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  await expectAccessible(page);

  await page.getByTestId("close-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  await page.goto("/v3/events/new");
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectAccessible(page);
});

test("the gate runs WCAG 2.5.3's label-in-name rule: a control named otherwise than the text it shows fails", async ({ page }) => {
  await page.setContent('<!doctype html><html lang="es"><title>Prueba</title><main><h1>Prueba</h1><button type="button" aria-label="Idioma">ES</button></main></html>');
  await expect(expectAccessible(page)).rejects.toThrow(/label-content-name-mismatch/);
  await page.setContent('<!doctype html><html lang="es"><title>Prueba</title><main><h1>Prueba</h1><button type="button" aria-label="ES — Idioma: Español">ES</button></main></html>');
  await expectAccessible(page);
});

test("the header's language button, the menu and the maps' patrol markers are named by what they show (label in name)", async ({ page }) => {
  await signIn(page, "admin@demo.cl", "/v3/maps");
  await expect(page.getByRole("button", { name: "ES — Idioma: Español" })).toBeVisible();
  // The menu's icons are decorative: a row is named by its text alone, in the reader's language.
  await expect(page.getByRole("menuitem", { name: "Eventos", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Panel de control", exact: true })).toBeVisible();
  const marker = page.locator(".patrol-marker").first();
  await expect(marker).toBeVisible();
  const shown = (await marker.textContent())!.trim();
  expect(await marker.getAttribute("aria-label")).toMatch(new RegExp(`^${shown} — `));
  await expectAccessible(page);
  await page.goto("/v3/patrols");
  await expect(page.locator(".patrol-marker").first()).toBeVisible();
  await expectAccessible(page);
});

// Organisation administration (issue 12).
const ORGANISATION_ROUTES = ["/v3/teams", "/v3/tags", "/v3/sources", "/v3/form-selectors", "/v3/custom-dashboards", "/v3/assets", "/v3/safetags"];
// Dynamic forms (issue 16): the welcome page, the builder and the results of the seeded checklist; activities and their compliance.
const FORMS_ROUTES = ["/v3/forms", "/v3/forms/builder/1", "/v3/forms/1/results", "/v3/activities", "/v3/activities/compliance"];

test("the mass messages list, its editor drawer and the provider's approval queue pass axe-core (issue 15)", async ({ page }) => {
  await signIn(page, "proveedor@demo.cl", "/v3/messages");
  await expect(page.getByTestId("message-row").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId("message-create").click();
  await expect(page.getByTestId("message-zone-picker")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/v3/messages-approval");
  await expect(page.getByTestId("approval-row").first()).toBeVisible();
  await expectAccessible(page);
});

test("answers, history, activity, search, reported users, dashboard, shifts, replies, operators, connections, plate lookups, sounds, organisation screens, users and a user view pass axe-core", async ({ page }) => {
  // Thirty screens, each loaded and audited.
  test.setTimeout(600_000);
  await signIn(page, "admin@demo.cl");
  for (const route of ["/v3/answers", "/v3/history", "/v3/activity", "/v3/search?q=robo", "/v3/reported-users", "/v3/reviews", "/v3/dashboard", "/v3/shifts", "/v3/replies", "/v3/operators", "/v3/connections", "/v3/plate-lookups", "/v3/sounds", "/v3/settings", "/v3/collaborators/messages", "/v3/collaborators/messages?box=sent", ...ORGANISATION_ROUTES, ...FORMS_ROUTES, "/v3/users", await firstUserView(page)]) {
    await openRoute(page, route);
    await expectAccessible(page);
  }
});

test("the collaborator message compose drawer passes axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl", "/v3/collaborators/messages");
  await page.getByTestId("collaborator-compose-open").click();
  await expect(page.getByTestId("collaborator-compose")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
});

test("the header's plate search dialog, with a stolen result, passes axe-core", async ({ page }) => {
  // Two audits and a lookup through the demo's fake police service.
  test.setTimeout(150_000);
  await signIn(page, "operador@demo.cl");
  await page.getByTestId("plate-search-open").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("dialog").getByLabel("Patente").fill("BBCL23");
  await page.getByRole("dialog").getByLabel("Patente").press("Enter");
  await expect(page.getByTestId("plate-result")).toBeVisible();
  await expectAccessible(page);
});

test("the notification drawer passes axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification-drawer")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
});

test("the organisation screens' drawers pass axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  for (const [route, create] of [["/v3/teams", "teams-create"], ["/v3/tags", "tags-create"], ["/v3/sources", "sources-create"], ["/v3/form-selectors", "selectors-create"], ["/v3/custom-dashboards", "dashboards-create"]]) {
    await openRoute(page, route!);
    await page.getByTestId(create!).click();
    await expect(page.locator(".ant-drawer-body")).toBeVisible();
    await expectAccessible(page);
  }
});

test("the provider's organisations screen, the settings with provider flags, the portal errors (with a group open) and the upgrade prompt pass axe-core", async ({ page, browser }) => {
  await signIn(page, "proveedor@demo.cl");
  for (const route of ["/v3/companies", "/v3/settings", "/v3/client-errors"]) {
    await openRoute(page, route);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expectAccessible(page);
  }
  // A group of the portal errors open in its drawer (issue 18): one reported through the API first.
  await page.request.post("/api/client-errors", {
    data: { release: "30.14.0", errors: [{ kind: "error", message: "Prueba de accesibilidad", route: "/v3/events", stack: "Error: Prueba\n    at x (app.js:1:2)" }] },
  });
  await page.goto("/v3/client-errors");
  await page.locator('[data-testid="client-error-row"][data-message="Prueba de accesibilidad"]').getByTestId("client-error-open").click();
  await expect(page.getByTestId("client-error-occurrence").first()).toBeVisible();
  await page.locator(".client-errors__occurrence summary").first().click();
  await expectAccessible(page);
  const context = await browser.newContext();
  const freemium = await context.newPage();
  await signIn(freemium, "vecinos@demo.cl");
  await freemium.getByTestId("nav-teams-locked").click();
  await expect(freemium.getByTestId("upgrade-request")).toBeVisible();
  await expectAccessible(freemium);
  await context.close();
});

test("the settings' API keys tab (issue 18), with a key just created and the revoke confirmation, passes axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl", "/v3/settings?tab=api-keys");
  await expect(page.getByTestId("api-keys-panel")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  await page.getByTestId("api-key-name").fill(`Integración ${Date.now()}`);
  await page.getByTestId("api-key-create").click();
  await expect(page.getByTestId("api-key-secret")).toContainText("atl_");
  await expectAccessible(page);
  await page.getByTestId("api-key-revoke").first().click();
  await expect(page.getByTestId("api-key-revoke-confirm")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
});

// Issue 13: the visitor pages (the create-account steps are audited one by one in signup.spec.ts) and the
// provider's mail outbox and law-enforcement requests.
test("the landing, sign-up, password-reset and law-enforcement pages pass axe-core", async ({ page }) => {
  test.setTimeout(180_000);
  for (const route of [
    "/",
    "/v3/preregister",
    "/v3/create-account",
    "/v3/auth/forgetPassword",
    "/v3/auth/resetPassword/AAAAAAAAAAAAAAAAAAAAAA",
    "/v3/law-enforcement/access",
    "/v3/law-enforcement/form?token=AAAAAAAAAAAAAAAAAAAAAA",
    // The e-mail verification link's landing, verified and not.
    "/v3/login?verified=1",
    "/v3/login?verified=0",
  ]) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);
  }
  // A request with an attached file, so the provider's list shows its download button.
  const email = `a11y-${Date.now()}@fiscaliamp.cl`;
  expect((await page.request.post("/api/law-enforcement/access", { data: { email, acceptTerms: true } })).ok()).toBe(true);
  const token = /token=([A-Za-z0-9_-]{22})/.exec(await linkFromMail(page.request, email, /\/v3\/law-enforcement\/form\?token=[A-Za-z0-9_-]{22}/))![1]!;
  const request = { token, agency: "PDI", officerName: "Ana Soto", officerRank: "Inspectora", caseNumber: "RUC 1", legalBasis: "Art. 180 CPP", reportIds: [1] };
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  const sent = await page.request.post("/api/law-enforcement/requests", { multipart: { request: JSON.stringify(request), files: { name: "orden.pdf", mimeType: "application/pdf", buffer: pdf } } });
  expect(sent.status()).toBe(201);
  await signIn(page, "proveedor@demo.cl");
  for (const route of ["/v3/mail-outbox", "/v3/law-enforcement-requests"]) {
    await openRoute(page, route);
    await expectAccessible(page);
  }
});

// Issue 18: the panel's selection bar with a bulk action's dialog and summary, and the shortcuts overlay.
test("the events panel's selection bar, a bulk dialog, its summary and the keyboard shortcuts overlay pass axe-core", async ({ page }) => {
  await signIn(page, "operador@demo.cl");
  await page.getByTestId("panel-tab-in_progress").click();
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  await page.getByTestId("report-check").nth(0).click();
  await page.getByTestId("report-check").nth(1).click({ modifiers: ["Shift"] });
  await expect(page.getByTestId("selection-bar")).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId("bulk-priority").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page);
  await page.getByTestId("bulk-confirm").click();
  await expect(page.getByTestId("bulk-summary")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Atajos de teclado" })).toBeVisible();
  await expectAccessible(page);
});

// Duplicate suggestions (issue 18): the panel row's badge and the suggestion card on the detail.
test("a report with a duplicate suggestion (panel badge, detail card) passes axe-core", async ({ page, request }) => {
  const stamp = Date.now();
  const at = { latitude: -33.4490, longitude: -70.6560, address: "Alameda 1500, Santiago" };
  await request.post("/api/app/reports", { data: { type: 15, description: `Colisión en el cruce ${stamp}`, ...at } });
  const created = await request.post("/api/app/reports", { data: { type: 15, description: `Dos autos chocaron en el cruce ${stamp}`, ...at } });
  const { report } = (await created.json()) as { report: { id: number; uuid: string } };
  await signIn(page, "operador@demo.cl");
  await page.getByTestId("sort-select").click();
  await page.getByText("Más recientes").last().click();
  await expect(page.locator(`[data-testid="report-row"][data-report-id="${report.id}"]`).getByTestId("badge-duplicate")).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/v3/events/${report.uuid}`);
  await expect(page.getByTestId("duplicate-suggestion").first()).toBeVisible();
  await expectAccessible(page);
});

// Issue 17: an asset's QR page and a safe tag's finder page, without a session.
test("the asset and safe tag public pages pass axe-core", async ({ browser, request }) => {
  const { assetPage, tagPage } = await demoPublicPages(request);
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  for (const route of [assetPage, tagPage]) {
    await anonymous.goto(route);
    await expect(anonymous.getByRole("heading", { level: 1 })).toBeVisible();
    await anonymous.waitForLoadState("networkidle");
    await expectAccessible(anonymous);
  }
  await visitor.close();
});

test("the assets screen's drawer and QR dialog and a batch of safe tags pass axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl", "/v3/assets");
  await page.getByTestId("assets-create").click();
  await expect(page.getByTestId("asset-drawer")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await page.getByTestId("asset-qr").first().click();
  await expect(page.getByTestId("asset-qr-image")).toBeVisible();
  await expectAccessible(page);
  await page.goto("/v3/safetags");
  await page.getByTestId("safetag-batch-open").last().click();
  await expect(page.getByTestId("safetag-row").first()).toBeVisible();
  await expectAccessible(page);
});

test("the report detail's form tab (issue 16), unusable before the take and fillable after it, passes axe-core", async ({ page, request }) => {
  const admin = await apiSession(request, "admin@demo.cl");
  await ensureWorkflow(request, admin);
  const report = await sendWorkflowReport(request, `Auto con alarma sonando ${Date.now()}`);
  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("form-tab").click();
  await expect(page.getByTestId("report-form-not-taken")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-form-not-taken")).toHaveCount(0);
  await expect(page.getByTestId("form-submit")).toBeEnabled();
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("Este campo es obligatorio").first()).toBeVisible();
  await expectAccessible(page);
});
