import ExcelJS from "exceljs";
import { expect, test } from "../support/test.js";
import { expectAccessible } from "../support/axe.js";
import { signIn } from "../pages/login-page.js";
import { chooseWindow, expectLastDayWindow, expectNamedOnCompanyClock, exportAndDownload, openExport } from "../pages/export.js";

test("exports the reports of a window from the events panel's modal and the file, named on the organisation's clock, opens", async ({ page }, testInfo) => {
  await signIn(page, "admin@demo.cl");
  const openedAt = Date.now();
  const modal = await openExport(page);

  // SPEC §9: the window starts as the last day.
  await expectLastDayWindow(page, modal, openedAt);
  await expectAccessible(page);

  // Dates are required: an emptied range is refused with the SPEC §5 text.
  await modal.locator(".ant-picker-range").hover();
  await modal.locator(".ant-picker-clear").click();
  await modal.getByTestId("export-submit").click();
  await expect(modal.getByTestId("export-error")).toHaveText("Debes elegir las fechas");

  // The last 30 days (the demo's reports); the browser runs in Santiago time.
  const now = new Date();
  await chooseWindow(page, modal, new Date(now.getTime() - 30 * 24 * 3600 * 1000), now);
  const before = Date.now();
  const file = await exportAndDownload(page, modal, testInfo.outputPath("export.xlsx"));
  await page.screenshot({ path: "test-results/export-modal.png" });
  await expectNamedOnCompanyClock(page, file.name, before);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file.path);
  const sheet = wb.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual(["ID", "UUID", "Fecha de creación", "Tipo", "Estado"]);
  expect(sheet.rowCount).toBeGreaterThan(100);
  expect(sheet.getRow(2).getCell(3).value).toBeInstanceOf(Date);
});
