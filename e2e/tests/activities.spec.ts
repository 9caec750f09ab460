import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// Activities and compliance (issue 16): an admin schedules a daily activity on a demo form for the
// demo operator (a form chosen twice is refused on its field first), the operator sees it due on
// /v3/activities, opens the form from there and fills it, and the compliance table shows the
// operator's period completed after a refresh.

const FAILURE = JSON.stringify({ success: false, error: { code: "internal", message: "Error" } });

async function pickOption(page: Page, select: ReturnType<Page["getByTestId"]>, label: string): Promise<void> {
  await select.click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: label }).first().click();
  await page.keyboard.press("Escape");
}

async function tokenOf(request: APIRequestContext, email: string): Promise<{ token: string; companyId: number }> {
  const res = await request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
  const token = ((await res.json()) as { user: { access_token: string } }).user.access_token;
  const settings = (await (await request.get("/api/settings", { headers: { "access-token": token } })).json()) as { company: { id: number } };
  return { token, companyId: settings.company.id };
}

test("schedule an activity for the operator, fill its form as the operator and see the compliance completed", async ({ page, browser, request }) => {
  const name = `Ronda e2e ${Date.now() % 100000}`;
  await signIn(page, "admin@demo.cl", "/v3/activities");
  await expect(page.getByRole("heading", { level: 1, name: "Actividades" })).toBeVisible();
  // The seeded activities are listed.
  await expect(page.getByTestId("activity-row").filter({ hasText: "Ronda diaria de luminarias" })).toBeVisible();

  await page.getByTestId("activity-create").click();
  const drawer = page.getByTestId("activity-drawer");
  await drawer.getByTestId("activity-name").fill(name);
  await pickOption(page, drawer.getByTestId("activity-forms").first(), "Reporte de microbasural");
  await pickOption(page, drawer.getByTestId("activity-users"), "Joaquín Muñoz");
  // The same form in a second group: refused on the field before anything is sent (SPEC §5).
  await drawer.getByTestId("activity-add-group").click();
  await pickOption(page, drawer.getByTestId("activity-forms").nth(1), "Reporte de microbasural");
  await drawer.getByTestId("activity-save").click();
  await expect(drawer.getByText("Una actividad no puede contener el mismo formulario dos veces")).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole("button", { name: "Quitar grupo 2" }).click();
  // A failed schedule: SPEC §8's retry message, and its retry schedules it.
  const schedule = /\/api\/companies\/\d+\/activities$/;
  await page.route(schedule, (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500, contentType: "application/json", body: FAILURE }) : route.continue()));
  await drawer.getByTestId("activity-save").click();
  await expect(drawer.getByTestId("activity-schedule-error")).toContainText("No se pudo programar la actividad; inténtalo de nuevo.");
  await page.unroute(schedule);
  await drawer.getByTestId("activity-retry").click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId("activity-row").filter({ hasText: name })).toBeVisible();

  // The operator sees it due, and opens the form to fill from there.
  const context = await browser.newContext();
  const operatorPage = await context.newPage();
  await signIn(operatorPage, "operador@demo.cl", "/v3/activities");
  const due = operatorPage.getByTestId("my-activity").filter({ hasText: name });
  await expect(due).toHaveAttribute("data-state", "pending");
  await due.getByTestId("my-activity-fill").click();
  await expect(operatorPage.getByTestId("fill-drawer")).toBeVisible();
  // The form is filled through the API the drawer posts to, as the operator (the renderer has its own tests).
  const operator = await tokenOf(request, "operador@demo.cl");
  const templateId = Number(/forms\/(\d+)\/results/.exec(operatorPage.url())![1]);
  const filled = await request.post(`/api/companies/${operator.companyId}/form-templates/${templateId}/submissions`, {
    headers: { "access-token": operator.token },
    data: { values: { tipo: "escombros", detalle: "ladrillos", ubicacion: { lat: -33.4372, lng: -70.6506 } } },
  });
  expect(filled.status()).toBe(200);
  await operatorPage.goto("/v3/activities");
  await expect(operatorPage.getByTestId("my-activity").filter({ hasText: name })).toHaveAttribute("data-state", "completed");

  // The compliance table: stored rows change when refreshed.
  // A failed load: SPEC §8's retry message for activity compliance data, with the refresh button.
  const complianceList = /\/api\/companies\/\d+\/activities\/compliance(\?|$)/;
  await operatorPage.route(complianceList, (route) => route.fulfill({ status: 500, contentType: "application/json", body: FAILURE }));
  await operatorPage.goto("/v3/activities/compliance");
  await expect(operatorPage.getByRole("heading", { level: 1, name: "Cumplimiento de actividades" })).toBeVisible();
  await expect(operatorPage.getByTestId("compliance-error")).toContainText("No pudimos cargar los datos de cumplimiento de actividades");
  await operatorPage.unroute(complianceList);
  await operatorPage.getByTestId("compliance-retry").click();
  const row = operatorPage.getByTestId("compliance-row").filter({ hasText: name });
  // Stored rows follow the submissions at the job's next sweep, or now with the refresh button.
  await expect(row.first()).toBeVisible();
  await operatorPage.getByTestId("compliance-refresh").click();
  await expect(row.first()).toHaveAttribute("data-state", "completed");
  await expect(row.first()).toHaveAttribute("data-user", "Joaquín Muñoz");
  // A period reads as its days: one for a daily activity, first to last for the seeded weekly one.
  await expect(row.first().getByTestId("compliance-period-days")).toHaveText(/^\d{1,2} [\p{L}.]+ \d{4}$/u);
  const weekly = operatorPage.getByTestId("compliance-row").filter({ hasText: "Control semanal de microbasurales" }).first();
  await expect(weekly.getByTestId("compliance-period-days")).toHaveText(/^\d{1,2} [\p{L}.]+( \d{4})? – \d{1,2} [\p{L}.]+ \d{4}$/u);
  // Filtered by state: the seeded history's overdue days, none of them this new activity's.
  await operatorPage.getByTestId("compliance-filter-state").click();
  await operatorPage.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Atrasada" }).click();
  await expect(operatorPage.getByTestId("compliance-row").first()).toHaveAttribute("data-state", "overdue");
  await expect(row).toHaveCount(0);
  await expectAccessible(operatorPage);
  await context.close();
});
