import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// The report's remaining life (issue 17): an operator asks the reporter questions and the answers sent
// from the reporter API appear on the open detail live; a company admin approves a new reporter's
// report from the review queue and it reaches an operator's panel live. SHOTS_DIR keeps screenshots.

const SHOTS = process.env.SHOTS_DIR;
// Inside the demo zone, on a street of their own.
const HERE = { latitude: -33.4463, longitude: -70.6588 };

async function appToken(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/app/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { user: { access_token: string } }).user.access_token;
}

async function appReport(request: APIRequestContext, token: string, description: string): Promise<{ id: number; uuid: string; companies: number[] }> {
  const res = await request.post("/api/app/reports", {
    headers: { "access-token": token },
    data: { type: 6, description, latitude: HERE.latitude + Math.random() * 0.0005, longitude: HERE.longitude, address: "San Martín 820, Santiago" },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { report: { id: number; uuid: string }; companies: number[] };
  return { ...body.report, companies: body.companies };
}

test("a gathering answered from the reporter API appears on the open detail", async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await appToken(request, "vecino1@demo.cl");
  const report = await appReport(request, token, `Vereda levantada frente al almacén ${Date.now()}`);
  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  const card = page.getByTestId("report-life");
  await expect(card).toContainText("Toma el reporte para enviar preguntas.");
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");

  await card.getByTestId("gathering-question").first().fill("¿Hay personas heridas?");
  await card.getByRole("button", { name: "Agregar pregunta" }).click();
  await card.getByTestId("gathering-question").nth(1).fill("¿Desde cuándo está así?");
  await card.getByTestId("gathering-start").click();
  const gathering = card.getByTestId("gathering");
  await expect(gathering).toHaveAttribute("data-state", "active");
  await expect(gathering).toContainText("Recopilación iniciada");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gathering-started-1440.png`, fullPage: true });

  // The reporter's app reads the questions and answers them; the open detail shows it without a reload.
  const asked = await request.get(`/api/app/reports/${report.uuid}/gathering`, { headers: { "access-token": token } });
  const { gatherings } = (await asked.json()) as { gatherings: { id: number; questions: { text: string }[] }[] };
  expect(gatherings[0]!.questions.map((q) => q.text)).toEqual(["¿Hay personas heridas?", "¿Desde cuándo está así?"]);
  const answered = await request.post(`/api/app/reports/${report.uuid}/gathering`, {
    headers: { "access-token": token },
    data: { gatheringId: gatherings[0]!.id, answers: ["No, nadie", "Desde la lluvia del martes"] },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  await expect(gathering).toHaveAttribute("data-state", "completed");
  await expect(gathering).toContainText("Respuestas recibidas");
  await expect(gathering.getByTestId("gathering-answer").nth(1)).toHaveText("Desde la lluvia del martes");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gathering-completed-1440.png`, fullPage: true });
  // The operator who asked is told in the bell, live, and the notification opens the report.
  await page.getByTestId("notification-bell").click();
  const told = page.getByTestId("notification-item").filter({ hasText: `El informante respondió las preguntas sobre` }).first();
  await expect(told).toHaveAttribute("data-kind", "gatheringAnswered");
  await expect(told).toContainText(`#${report.id}`);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gathering-answered-bell-1440.png` });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(gathering).toBeVisible();
  await expectNoSidewaysScroll(page, "the report detail at 390 px");
  // The detail's side tabs collapse into Ant Design's overflow list at this width, which axe flags on its
  // own (not this card's): the rest of the screen is audited.
  await expectAccessible(page, [".rd-tabs-card .ant-tabs-nav"]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gathering-completed-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await card.getByTestId("gathering-clear").click();
  await page.getByTestId("gathering-clear-confirm").click();
  await expect(gathering).toHaveCount(0);
  await expect(card.getByTestId("gathering-form")).toBeVisible();
});

test("a gathering with one of the company's forms: the reporter answers the form and the answers read on the detail", async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const token = await appToken(request, "vecino1@demo.cl");
  const report = await appReport(request, token, `Semáforo apagado en la esquina ${Date.now()}`);
  // The company admin keeps a form for it (the forms screen's own test builds one by hand).
  const login = await request.post("/api/login", { data: { email: "admin@demo.cl", password: DEMO_PASSWORD } });
  const admin = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const title = `Testigo ${Date.now()}`;
  const created = await request.post(`/api/companies/${report.companies[0]}/form-templates`, {
    headers: { "access-token": admin },
    data: {
      title,
      components: [
        { type: "text", fieldKey: "seen", label: "¿Qué vio?", required: true },
        { type: "radio", fieldKey: "lights", label: "¿Qué luces faltan?", options: [{ label: "Todas", value: "all" }, { label: "Solo la roja", value: "red" }] },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  const card = page.getByTestId("report-life");
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  await card.getByText("Formulario", { exact: true }).click();
  await card.getByTestId("gathering-form-select").click();
  await page.keyboard.type(title);
  // Ant Design's drawn list (its role=option twins are hidden for screen readers).
  await page.locator(".ant-select-item-option").filter({ hasText: title }).click();
  await card.getByTestId("gathering-send-form").click();
  const gathering = card.getByTestId("gathering");
  await expect(gathering).toHaveAttribute("data-state", "active");
  await expect(gathering).toContainText(`Formulario: ${title}`);

  // The app reads the form's questions and answers them; a wrong option is refused, then the answers arrive live.
  const asked = await request.get(`/api/app/reports/${report.uuid}/gathering`, { headers: { "access-token": token } });
  const { gatherings } = (await asked.json()) as { gatherings: { id: number; form: { title: string; components: { fieldKey: string }[] } }[] };
  expect(gatherings[0]!.form.components.map((c) => c.fieldKey)).toEqual(["seen", "lights"]);
  const answer = (values: object) => request.post(`/api/app/reports/${report.uuid}/gathering`, { headers: { "access-token": token }, data: { gatheringId: gatherings[0]!.id, values } });
  expect((await answer({ seen: "Apagado", lights: "green" })).status()).toBe(400);
  const answered = await answer({ seen: "Apagado desde la mañana", lights: "red" });
  expect(answered.ok(), await answered.text()).toBe(true);
  await expect(gathering).toHaveAttribute("data-state", "completed");
  const read = gathering.getByTestId("form-renderer-read");
  await expect(read.getByTestId("field-seen")).toContainText("Apagado desde la mañana");
  await expect(read.getByTestId("read-lights")).toHaveText("Solo la roja");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gathering-form-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(read).toBeVisible();
  await expectNoSidewaysScroll(page, "the report detail at 390 px");

  // The answers are also one of the form's results: by the reporter, through the app, about the report.
  const templateId = ((await created.json()) as { template: { id: number } }).template.id;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@demo.cl", `/v3/forms/${templateId}/results`);
  const row = page.getByTestId("form-results").locator("tbody tr").filter({ hasText: "Apagado desde la mañana" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Solo la roja");
  await expect(row).toContainText("App");
  await expect(row).toContainText(`#${report.id}`);
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/gathering-form-results-1440.png`, fullPage: true });
  // Its report opens from the row.
  await row.getByRole("link", { name: `Abrir el reporte #${report.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/v3/events/${report.uuid}$`));
  await expect(page.getByTestId("report-life").getByTestId("gathering")).toHaveAttribute("data-state", "completed");
});

test("a substatus renamed by an admin shows its new name on the open detail at once; deleted, the report keeps it", async ({ page, request }) => {
  test.setTimeout(300_000);
  const token = await appToken(request, "vecino1@demo.cl");
  const report = await appReport(request, token, `Basura acumulada ${Date.now()}`);
  const login = await request.post("/api/login", { data: { email: "admin@demo.cl", password: DEMO_PASSWORD } });
  const admin = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const base = `/api/companies/${report.companies[0]}/substatuses`;
  const name = `Derivado ${Date.now()}`;
  const created = await request.post(base, { headers: { "access-token": admin }, data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const substatus = ((await created.json()) as { substatus: { id: number } }).substatus;

  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  const picker = page.getByTestId("report-life").getByTestId("substatus-select");
  await picker.click();
  await page.getByRole("option", { name }).click();
  await expect(picker).toContainText(name);

  const renamed = `${name} a Carabineros`;
  expect((await request.put(`${base}/${substatus.id}`, { headers: { "access-token": admin }, data: { name: renamed } })).ok()).toBe(true);
  await expect(picker).toContainText(renamed);
  expect((await request.delete(`${base}/${substatus.id}`, { headers: { "access-token": admin } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId("report-life").getByTestId("substatus-select")).toContainText(renamed);
});

test("a new reporter's report waits in the review queue and, approved, reaches the operator's panel live", async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const token = await appToken(request, "vecina.nueva@demo.cl");
  // The demo organisation reviews new reporters: it does not attend the report yet.
  const held = await appReport(request, token, `Persona revisando autos estacionados ${Date.now()}`);

  // An operator watches the panel, newest first.
  const operator = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(operator, "operador@demo.cl");
  await operator.getByTestId("sort-select").click();
  await operator.getByText("Más recientes").last().click();
  const row = operator.locator(`[data-testid="report-row"][data-report-id="${held.id}"]`);
  await expect(operator.getByTestId("report-row").first()).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@demo.cl");
  // The review row of the menu counts the reports waiting for a decision.
  const reviewsRow = page.getByTestId("nav-reviews");
  await expect(reviewsRow.getByTestId("reviews-pending-badge")).toBeVisible();
  const pendingBefore = Number(/(\d+) por revisar/.exec((await reviewsRow.textContent()) ?? "")?.[1]);
  expect(pendingBefore).toBeGreaterThan(0);
  // The company admin was told in the bell; the notification opens the review queue (a held report has no
  // page in the panel yet).
  await page.getByTestId("notification-bell").click();
  const waiting = page.getByTestId("notification-item").filter({ hasText: "Un reporte espera tu revisión" }).filter({ hasText: `#${held.id}` });
  await expect(waiting).toHaveAttribute("data-kind", "reviewWaiting");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/review-waiting-bell-1440.png` });
  await waiting.getByRole("button").click();
  await expect(page).toHaveURL(/\/v3\/reviews$/);
  await expect(page.getByRole("heading", { level: 1, name: "Revisión de reportes" })).toBeVisible();
  const item = page.locator(`[data-testid="review-item"][data-report-id="${held.id}"]`);
  await expect(item).toContainText("Informante nuevo");
  await expect(item.getByTestId("review-reporter")).toContainText("Rocío Fuentes");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/review-queue-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item).toBeVisible();
  await expectNoSidewaysScroll(page, "the report detail at 390 px");
  await expectAccessible(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/review-queue-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await item.getByTestId("review-approve").click();
  await expect(page.getByText(`Reporte #${held.id} aprobado`)).toBeVisible();
  await expect(item).toHaveCount(0);
  // The decision moves the menu's count at once.
  if (pendingBefore > 1) await expect(reviewsRow).toContainText(`${pendingBefore - 1} por revisar`);
  else await expect(reviewsRow.getByTestId("reviews-pending-badge")).toHaveCount(0);
  await expect(row).toBeVisible();
  await page.getByTestId("review-tabs").getByText("Aprobados").click();
  await expect(page.locator(`[data-testid="review-item"][data-report-id="${held.id}"]`)).toBeVisible();

  await operator.goto(`/v3/events/${held.uuid}`);
  await expect(operator.getByTestId("review-approved")).toHaveText("Aprobado en revisión");
  await operator.close();
});
