import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { apiSession, ensureWorkflow, sendWorkflowReport, WORKFLOW_TITLE } from "../pages/report-forms.js";
import { expectAccessible } from "../support/axe.js";

// Issue 16: the report detail's "Formulario" tab. The type's workflow form is shown but unusable until
// the report is taken; the operator fills their part (the closing section is the admin's, read-only
// for them), the code and answer it writes back appear in the detail, a colleague with the detail open
// sees the save arrive, and the activity log records it.

// Two signed-in browsers at once: more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

async function openFormTab(page: Page, uuid: string): Promise<void> {
  await page.goto(`/v3/events/${uuid}`);
  await page.getByTestId("form-tab").click();
  await expect(page.getByTestId("report-form-tab")).toBeVisible();
}

test("the form tab waits for the take, saves the operator's part, writes back onto the report and reaches a colleague live", async ({ page, browser, request }) => {
  const admin = await apiSession(request, "admin@demo.cl");
  await ensureWorkflow(request, admin);
  const report = await sendWorkflowReport(request, `Persona merodeando autos ${Date.now()}`);
  // The closing section is the admin's to fill.
  const assigned = await request.put(`/api/companies/${admin.companyId}/reports/${report.id}/sections-users`, { headers: { "access-token": admin.token }, data: { sectionsUsers: { cierre: [admin.userId] } } });
  expect(assigned.ok(), await assigned.text()).toBe(true);

  await signIn(page, "operador@demo.cl");
  await openFormTab(page, report.uuid);
  await expect(page.getByRole("heading", { level: 2, name: WORKFLOW_TITLE })).toBeVisible();
  // Not taken: the form shows, disabled, with the reason.
  await expect(page.getByTestId("report-form-not-taken")).toContainText("El formulario se habilita cuando el reporte es tomado");
  await expect(page.getByLabel("Código de procedimiento")).toBeDisabled();
  await expect(page.getByTestId("form-submit")).toBeDisabled();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);

  // A colleague (the admin) keeps the same report's form open.
  const colleague = await (await browser.newContext()).newPage();
  await signIn(colleague, "admin@demo.cl");
  await openFormTab(colleague, report.uuid);
  await expect(colleague.getByTestId("report-form-last-saved")).toHaveText("Aún nadie completó este formulario.");
  // An admin sees who fills each section (the closing one is theirs) in the assignment dialog.
  await colleague.getByTestId("report-form-assign").click();
  const dialog = colleague.getByRole("dialog", { name: "Quién completa cada sección" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("assign-section-cierre")).toContainText("Camila Rojas");
  await colleague.waitForLoadState("networkidle");
  await expectAccessible(colleague);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  await expect(page.getByTestId("report-form-not-taken")).toHaveCount(0);
  // The closing section is someone else's: read-only here, named as such.
  await expect(page.getByTestId("report-form-locked")).toContainText("Cierre");
  await expect(page.getByTestId("field-veredicto").locator("input")).toHaveCount(0);
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("Este campo es obligatorio").first()).toBeVisible();
  await page.getByLabel("Código de procedimiento").fill("PRC-2026-17");
  await page.getByTestId("select-resultado").click();
  const listId = await page.getByTestId("select-resultado").getByRole("combobox").getAttribute("aria-controls");
  await page.locator(`.ant-select-dropdown:has([id="${listId}"]) .ant-select-item-option`, { hasText: "Sin novedad" }).click();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  await page.getByTestId("form-submit").click();
  await expect(page.getByText("Formulario guardado").first()).toBeVisible();

  // What the form wrote back shows in the detail.
  const writeBack = page.getByTestId("report-form-writeback").first();
  await expect(writeBack).toContainText("PRC-2026-17");
  await expect(writeBack).toContainText("Sin novedad");
  await expect(page.getByTestId("report-form-last-saved")).toContainText("Última versión guardada por");

  // The colleague's open tab reads the save without reloading, and they fill their section.
  await expect(colleague.getByTestId("report-form-last-saved")).toContainText("Última versión guardada por", { timeout: 20_000 });
  await expect(colleague.getByLabel("Código de procedimiento")).toHaveValue("PRC-2026-17");
  await expect(colleague.getByTestId("report-form-writeback").first()).toContainText("PRC-2026-17");
  await colleague.getByLabel("Veredicto del supervisor").fill("Procedimiento correcto");
  await colleague.getByTestId("form-submit").click();
  await expect(colleague.getByText("Formulario guardado").first()).toBeVisible();
  await expect(page.getByLabel("Código de procedimiento")).toHaveValue("PRC-2026-17");
  await expect(page.getByTestId("field-veredicto")).toContainText("Procedimiento correcto", { timeout: 20_000 });
  await colleague.context().close();

  // The activity log records each save.
  await page.getByTestId("activity-tab").click();
  await expect(page.getByText("Formulario guardado").first()).toBeVisible();
  await expect(page.getByText("Código: PRC-2026-17").first()).toBeVisible();
});
