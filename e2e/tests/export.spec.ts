import ExcelJS from "exceljs";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

const pad = (n: number) => String(n).padStart(2, "0");
const format = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

test("exports the reports of a window from the events panel's modal and the file opens", async ({ page }, testInfo) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("export-button").click();
  const modal = page.getByTestId("export-modal");
  await expect(modal.getByText("Exportar reportes")).toBeVisible();

  // Dates are required.
  await modal.getByTestId("export-submit").click();
  await expect(modal.getByTestId("export-error")).toHaveText("Debes elegir las fechas");

  // The last 30 days (the demo's reports); the browser runs in Santiago time.
  const now = new Date();
  const from = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
  const inputs = modal.locator(".ant-picker-input input");
  await inputs.nth(0).click();
  await inputs.nth(0).fill(format(from));
  await inputs.nth(0).press("Enter");
  await inputs.nth(1).fill(format(now));
  await inputs.nth(1).press("Enter");
  await modal.getByTestId("export-submit").click();

  const download = modal.getByTestId("export-download");
  await expect(download).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: "test-results/export-modal.png" });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^reportes-.*\.xlsx$/);
  const path = testInfo.outputPath("export.xlsx");
  await file.saveAs(path);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(["ID", "UUID", "Fecha de creación", "Tipo", "Estado"]);
  expect(sheet.rowCount).toBeGreaterThan(100);
  expect(sheet.getRow(2).getCell(3).value).toBeInstanceOf(Date);
});
