import { expect, type Locator, type Page } from "@playwright/test";

// The export modal as an operator uses it, from the events panel or the history screen. The browser runs
// in Santiago time, the demo organisation's zone too (playwright.config.ts).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a DD/MM/YYYY HH:mm:ss text (the modal's dates) stands for on the browser's clock, which is
 * not the test runner's. */
function pickerInstant(page: Page, text: string): Promise<number> {
  return page.evaluate((t) => {
    const [d, m, y, h, mi, s] = t.split(/[/ :]/).map(Number) as [number, number, number, number, number, number];
    return new Date(y, m - 1, d, h, mi, s).getTime();
  }, text);
}

/** An instant as DD/MM/YYYY HH:mm:ss on the browser's clock. */
function pickerText(page: Page, at: Date): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, at.getTime());
}

/** Opens the modal with the screen's "Exportar" button. */
export async function openExport(page: Page): Promise<Locator> {
  await page.getByTestId("export-button").click();
  const modal = page.getByTestId("export-modal");
  await expect(modal.getByText("Exportar reportes")).toBeVisible();
  return modal;
}

/** The range's two inputs. */
const rangeInputs = (modal: Locator) => modal.locator(".ant-picker-input input");

/** The modal opened with SPEC §9's default window: the last day, up to the moment it opened. */
export async function expectLastDayWindow(page: Page, modal: Locator, openedAt: number): Promise<void> {
  const [from, to] = [await rangeInputs(modal).nth(0).inputValue(), await rangeInputs(modal).nth(1).inputValue()];
  const [start, end] = [await pickerInstant(page, from), await pickerInstant(page, to)];
  expect(end - start, `${from} – ${to}`).toBe(DAY_MS);
  // Seconds are shown, milliseconds are not: "now" within the time the click took.
  expect(end, to).toBeGreaterThanOrEqual(Math.floor(openedAt / 1000) * 1000);
  expect(end, to).toBeLessThanOrEqual(Date.now());
}

/** Types a window into the range. */
export async function chooseWindow(page: Page, modal: Locator, from: Date, to: Date): Promise<void> {
  const inputs = rangeInputs(modal);
  await inputs.nth(0).click();
  await inputs.nth(0).fill(await pickerText(page, from));
  await inputs.nth(0).press("Enter");
  await inputs.nth(1).fill(await pickerText(page, to));
  await inputs.nth(1).press("Enter");
}

/** Exports the chosen window and downloads the file; answers its suggested name and where it was saved. */
export async function exportAndDownload(page: Page, modal: Locator, saveAs: string): Promise<{ name: string; path: string }> {
  await modal.getByTestId("export-submit").click();
  const download = modal.getByTestId("export-download");
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  await file.saveAs(saveAs);
  return { name: file.suggestedFilename(), path: saveAs };
}

/** The export's file name carries the date and time it was written on the organisation's clock
 * (Santiago, the browser's too): `reportes-YYYYMMDD-HHmm.xlsx`, between `before` and now. */
export async function expectNamedOnCompanyClock(page: Page, name: string, before: number): Promise<void> {
  const match = /^reportes-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})\.xlsx$/.exec(name);
  expect(match, name).not.toBeNull();
  const [y, m, d, h, mi] = match!.slice(1);
  const named = await pickerInstant(page, `${d}/${m}/${y} ${h}:${mi}:00`);
  expect(named, name).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
  expect(named, name).toBeLessThanOrEqual(Date.now());
}
