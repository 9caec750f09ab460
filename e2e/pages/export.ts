import { expect, type Locator, type Page } from "@playwright/test";

// The export modal as an operator uses it, from the events panel or the history screen. The browser runs
// in Santiago time, the demo organisation's zone too (playwright.config.ts).

const pad = (n: number) => String(n).padStart(2, "0");
/** DD/MM/YYYY HH:mm:ss, as the modal's range shows and reads a date. */
export const pickerText = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a DD/MM/YYYY HH:mm:ss text stands for in the browser's zone. */
function pickerInstant(text: string): number {
  const [d, m, y, h, mi, s] = text.split(/[/ :]/).map(Number) as [number, number, number, number, number, number];
  return new Date(y, m - 1, d, h, mi, s).getTime();
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
export async function expectLastDayWindow(modal: Locator, openedAt: number): Promise<void> {
  const [from, to] = [await rangeInputs(modal).nth(0).inputValue(), await rangeInputs(modal).nth(1).inputValue()];
  expect(pickerInstant(to) - pickerInstant(from), `${from} – ${to}`).toBe(DAY_MS);
  // Seconds are shown, milliseconds are not: "now" within the time the click took.
  expect(pickerInstant(to)).toBeGreaterThanOrEqual(Math.floor(openedAt / 1000) * 1000);
  expect(pickerInstant(to)).toBeLessThanOrEqual(Date.now());
}

/** Types a window into the range. */
export async function chooseWindow(modal: Locator, from: Date, to: Date): Promise<void> {
  const inputs = rangeInputs(modal);
  await inputs.nth(0).click();
  await inputs.nth(0).fill(pickerText(from));
  await inputs.nth(0).press("Enter");
  await inputs.nth(1).fill(pickerText(to));
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
 * (Santiago): `reportes-YYYYMMDD-HHmm.xlsx`, between `before` and now. */
export function expectNamedOnCompanyClock(name: string, before: number): void {
  const match = /^reportes-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})\.xlsx$/.exec(name);
  expect(match, name).not.toBeNull();
  const [y, m, d, h, mi] = match!.slice(1).map(Number) as [number, number, number, number, number];
  const named = new Date(y, m - 1, d, h, mi).getTime();
  expect(named, name).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
  expect(named, name).toBeLessThanOrEqual(Date.now());
}
