import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";

// Company settings (issue 12): an admin sets a type's priority and attention time and the next report
// gets them; a freemium organisation's operator meets the upgrade prompt, asks, and the provider lifts
// the free limits.

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
  return ((await res.json()) as { user: { access_token: string } }).user.access_token;
}

test("an admin changes a type's priority and attention time and a new report gets them", async ({ page, request }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-settings").click();
  await expect(page.getByRole("heading", { level: 1, name: "Configuración" })).toBeVisible();
  const row = page.getByTestId("type-row-6");
  await row.scrollIntoViewIfNeeded();
  // The choice is checked on the select itself before saving (a loaded machine once saved without it).
  await expect(async () => {
    await row.getByTestId("type-priority-6").click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("Muy alta").click({ timeout: 5_000 });
    await expect(row.getByTestId("type-priority-6")).toContainText("Muy alta", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await row.locator(`input[data-testid="type-attention-6"], [data-testid="type-attention-6"] input`).first().fill("45");
  await row.getByTestId("type-unit-6").click();
  await page.locator(".ant-select-dropdown:visible").getByTitle("minutos").click();
  await page.getByTestId("save-report-types").click();
  await expect(page.getByText("Configuración guardada")).toBeVisible();

  // The numeric check of SPEC §5 on a config pair, before anything is sent.
  const polling = page.getByLabel("Valor pollingNewReportsMinutes");
  await polling.fill("quince");
  await expect(page.getByTestId("config-problem")).toHaveText("Debe ser un número: signo opcional, dígitos y decimales opcionales (por ejemplo 15 o -2.5).");
  await expect(page.getByTestId("save-config")).toBeDisabled();
  await polling.fill("15");
  await expect(page.getByTestId("config-problem")).toHaveCount(0);

  const created = await request.post("/api/app/reports", {
    data: { type: 6, description: `Vereda en mal estado ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { id: number } };
  const token = await tokenOf(request, "admin@demo.cl");
  const read = await request.get(`/api/reports/${report.id}`, { headers: { "access-token": token } });
  const detail = ((await read.json()) as { report: { priority: string; dueDate: string; createdAt: string } }).report;
  expect(detail.priority).toBe("highest");
  expect(Date.parse(detail.dueDate) - Date.parse(detail.createdAt)).toBe(45 * 60_000);
});

test("a freemium operator meets the upgrade prompt, asks once, and the provider lifts the free limits", async ({ browser }) => {
  const freemiumContext = await browser.newContext();
  const operator = await freemiumContext.newPage();
  await signIn(operator, "vecinos@demo.cl");
  await operator.getByTestId("nav-teams-locked").click();
  const prompt = operator.getByRole("dialog");
  await expect(prompt).toContainText("cuenta gratuita");
  await operator.getByTestId("upgrade-request").click();
  await expect(operator.getByTestId("upgrade-confirmation")).toContainText("Recibimos tu solicitud de mejora");
  await operator.getByTestId("upgrade-accept").click();
  await expect(prompt).toBeHidden();
  // Asking again says it is already under review.
  await operator.getByTestId("nav-messages-locked").click();
  await operator.getByTestId("upgrade-request").click();
  await expect(operator.getByTestId("upgrade-confirmation")).toContainText("ya está en revisión");
  await operator.getByTestId("upgrade-accept").click();

  const unreadBefore = Number(await operator.getByTestId("notification-count").getAttribute("data-count"));

  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await signIn(provider, "proveedor@demo.cl");
  await provider.getByTestId("nav-companies").click();
  const row = provider.locator('[data-testid="company-row"][data-name="Comité Vecinal Villa Los Aromos"]');
  await expect(row.getByTestId("pending-request")).toBeVisible();
  await expect(row.getByTestId("company-plan")).toHaveText("Gratuita");
  await row.getByTestId("lift-freemium").click();
  await provider.getByTestId("lift-confirm").click();
  await expect(row.getByTestId("company-plan")).toHaveText("Completa");
  await expect(row.getByTestId("pending-request")).toHaveCount(0);

  // The answer reaches the operator who asked, live: a notification in the bell, and the locked entries
  // unlock without a reload.
  await expect(operator.getByTestId("notification-count")).toHaveAttribute("data-count", String(unreadBefore + 1));
  await expect(operator.getByTestId("nav-teams-locked")).toHaveCount(0);
  await expect(operator.getByTestId("nav-teams")).toBeVisible();
  await operator.getByTestId("notification-bell").click();
  const item = operator.getByTestId("notification-item").first();
  await expect(item).toHaveAttribute("data-kind", "upgradeAnswered");
  await expect(item).toContainText("Tu solicitud para mejorar el plan fue aceptada");
  // And the next visit too.
  await operator.reload();
  await expect(operator.getByTestId("nav-settings")).toBeVisible();
  await expect(operator.getByTestId("nav-teams-locked")).toHaveCount(0);
  await providerContext.close();
  await freemiumContext.close();
});

test("an admin creates an Open311 API key, a request sent with it reaches the panel marked Open311, and revoking the key refuses it", async ({ page, request }) => {
  await signIn(page, "admin@demo.cl", "/v3/settings");
  await page.getByRole("tab", { name: "Claves de API" }).click();
  await expect(page).toHaveURL(/tab=api-keys/);
  const name = `App municipal ${Date.now()}`;
  await page.getByTestId("api-key-name").fill(name);
  await page.getByTestId("api-key-create").click();
  const key = ((await page.getByTestId("api-key-secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^atl_/);
  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 12));
  // Shown once: after "done" the whole key is nowhere on the page.
  await page.getByTestId("api-key-done").click();
  await expect(page.getByText(key)).toHaveCount(0);

  const description = `Luminaria apagada informada por Open311 ${Date.now()}`;
  const sent = await request.post("/open311/v2/requests.json", {
    form: { api_key: key, service_code: "22", lat: "-33.4402", long: "-70.6541", description, first_name: "Ana", last_name: "Rojas" },
  });
  expect(sent.status()).toBe(200);
  const [{ service_request_id: id }] = (await sent.json()) as [{ service_request_id: number }];
  const read = await request.get(`/api/reports/${id}`, { headers: { "access-token": await tokenOf(request, "admin@demo.cl") } });
  const { uuid } = ((await read.json()) as { report: { uuid: string } }).report;
  await page.goto(`/v3/events/${uuid}`);
  await expect(page.getByTestId("report-source-open311")).toHaveText("Recibido por Open311");
  // The detail's description (its row in the panel beside it may show the same words).
  await expect(page.getByLabel(description)).toBeVisible();

  await page.goto("/v3/settings?tab=api-keys");
  await row.getByTestId("api-key-revoke").click();
  await page.getByTestId("api-key-revoke-confirm").click();
  await expect(row).toContainText("Revocada");
  const refused = await request.get(`/open311/v2/requests/${id}.xml?api_key=${key}`);
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("<errors><error><code>403</code>");
});

test("the settings and the provider's organisations name each module in the reader's language, never by its stored id", async ({ page }) => {
  await signIn(page, "proveedor@demo.cl", "/v3/settings");
  const active = page.getByTestId("settings-modules");
  await expect(active).toContainText("Historial");
  await expect(active).toContainText("Tableros personalizados");
  await expect(active).not.toContainText("history");
  await expect(active).not.toContainText("custom_dashboards");

  await page.goto("/v3/companies");
  const modules = page.locator('[data-testid="company-row"][data-name="Comité Vecinal Villa Los Aromos"] .provider-companies__modules');
  await expect(modules).toContainText("Eventos");
  await expect(modules).not.toContainText("events");
  // The picker offers the modules by name; the one picked is saved by its stored id and shown by name.
  await modules.click();
  await page.keyboard.type("Patr");
  await expect(page.locator(".ant-select-item-option").filter({ hasText: "Patrullas" })).toBeVisible();
  await expect(page.locator(".ant-select-item-option").filter({ hasText: "patrols" })).toHaveCount(0);

  // In English the same screen says "Events" (the menu's name for the events screen, one text for both).
  await page.keyboard.press("Escape");
  await page.getByTestId("language-switch").click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(modules).toContainText("Events");
  await expect(page.getByTestId("nav-events")).toHaveText("Events");
});
