import ExcelJS from "exceljs";
import { expect, test } from "../support/test.js";
import { expectAccessible } from "../support/axe.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";
import { expectLastDayWindow, expectNamedOnCompanyClock, exportAndDownload, openExport } from "../pages/export.js";

test("an admin deletes a report: it leaves the panel, and history and activity show it deleted by an administrator", async ({ page, request }) => {
  const description = `Cartel caído sobre la vereda ${Date.now()}`;
  const created = await request.post("/api/app/reports", {
    data: { type: 6, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  expect(created.ok()).toBe(true);
  const { report } = (await created.json()) as { report: { id: number; uuid: string } };

  await signIn(page, "admin@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByRole("button", { name: "Más acciones" }).click();
  await page.getByTestId("delete-report").click();
  await expect(page.getByText("Seguirá en el historial y en las exportaciones, marcado como eliminado.")).toBeVisible();
  await page.getByTestId("delete-confirm").click();
  await expect(page).toHaveURL(/\/v3\/events$/);
  // Out of the panel's lists: the pending list no longer has it.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("atalaya.session") ?? "{}").token as string);
  const settings = (await (await request.get("/api/settings", { headers: { "access-token": token } })).json()) as { company: { id: number } };
  const pending = await request.get(`/api/companies/${settings.company.id}/reports?status=pending&limit=100`, { headers: { "access-token": token } });
  expect(((await pending.json()) as { reports: { id: number }[] }).reports.map((r) => r.id)).not.toContain(report.id);

  // History: found by its id, marked deleted by an administrator; a click opens it, read-only.
  await page.getByTestId("nav-history").click();
  await expect(page.getByRole("heading", { level: 1, name: "Historial" })).toBeVisible();
  await expect(page.getByTestId("history-window-read")).toContainText("últimas 24 horas");
  await page.getByTestId("history-identifier").fill(String(report.id));
  await page.getByTestId("history-apply").click();
  await expect(page).toHaveURL(new RegExp(`id=${report.id}`));
  const row = page.locator(`[data-testid="history-row"][data-report-id="${report.id}"]`);
  await expect(row.getByTestId("history-deleted-admin")).toHaveText("Eliminado por un administrador");
  await expect(page.getByTestId("history-total")).toHaveText("1 reporte");
  await page.screenshot({ path: "test-results/history-deleted.png" });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/v3/events/${report.uuid}$`));
  await expect(page.getByTestId("deleted-badge")).toHaveText("Eliminado por un administrador");
  await expect(page.getByTestId("take-button")).toHaveCount(0);

  // Activity: the deletion, by Camila Rojas, filtered by action.
  await page.goto("/v3/activity?action=deletedByAdmin");
  const entry = page.getByTestId("activity-entry").filter({ hasText: `Reporte #${report.id}` });
  await expect(entry).toContainText("Eliminado por un administrador");
  await expect(entry).toContainText("Camila Rojas");
  await page.screenshot({ path: "test-results/activity-deleted.png" });
});

test("history reaches reports closed as not applicable, filtered by type and a window of dates", async ({ page, request }) => {
  const login = await request.post("/api/login", { data: { email: "operador@demo.cl", password: DEMO_PASSWORD } });
  const headers = { "access-token": ((await login.json()) as { user: { access_token: string } }).user.access_token };
  const settings = (await (await request.get("/api/settings", { headers })).json()) as { company: { id: number } };
  const res = await request.post(`/api/companies/${settings.company.id}/reports/history`, {
    headers,
    data: { start_date: "2020-01-01", end_date: "2030-12-31", limit: 100 },
  });
  const all = (await res.json()) as { reports: { id: number; type: number; status: string; createdAt: string }[] };
  const notApplicable = all.reports.find((r) => r.status === "false");
  expect(notApplicable, "the demo data has reports closed as not applicable").toBeDefined();
  const at = Date.parse(notApplicable!.createdAt);
  const from = new Date(at - 60_000).toISOString();
  const to = new Date(at + 60_000).toISOString();

  await signIn(page, "operador@demo.cl", `/v3/history?types=${notApplicable!.type}&from=${from}&to=${to}`);
  const row = page.locator(`[data-testid="history-row"][data-report-id="${notApplicable!.id}"]`);
  await expect(row).toHaveAttribute("data-status", "false");
  await expect(row).toContainText("No aplica");
  // Only that type in that window.
  for (const other of await page.getByTestId("history-row").all()) await expect(other).toHaveAttribute("data-type", String(notApplicable!.type));
  await expect(page.getByTestId("history-window-read")).not.toContainText("últimas 24 horas");
});

test("history offers the events panel's export: the last day to start with, a file named on the organisation's clock", async ({ page, request }, testInfo) => {
  // A report of the last minutes, so the default window has one to write.
  const description = `Luminaria apagada en el pasaje ${Date.now()}`;
  const created = await request.post("/api/app/reports", {
    data: { type: 6, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  expect(created.ok()).toBe(true);

  await signIn(page, "operador@demo.cl", "/v3/history");
  await expect(page.getByRole("heading", { level: 1, name: "Historial" })).toBeVisible();
  await expectAccessible(page);
  const openedAt = Date.now();
  const modal = await openExport(page);
  await expectLastDayWindow(page, modal, openedAt);
  const before = Date.now();
  const file = await exportAndDownload(page, modal, testInfo.outputPath("history-export.xlsx"));
  await expectNamedOnCompanyClock(page, file.name, before);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file.path);
  const descriptions = wb.worksheets[0]!.getColumn(8).values;
  expect(descriptions).toContain(description);
  await page.keyboard.press("Escape");

  // On a phone the button keeps its place beside the title and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("export-button")).toBeVisible();
  await expectNoSidewaysScroll(page, "the history screen at 390 px");
});
