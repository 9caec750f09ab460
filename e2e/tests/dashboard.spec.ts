import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

/** Picks an option of an Ant Design select by its text. */
async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

test("an admin opens the dashboard, changes the period to 1 month (address and figures follow) and opens each tab", async ({ page }) => {
  // The dashboard's code and ECharts load only when its route opens.
  const chunks: string[] = [];
  page.on("request", (r) => {
    if (/\/assets\/(echarts|dashboard-page)-/.test(r.url())) chunks.push(r.url());
  });
  await signIn(page, "admin@demo.cl");
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  expect(chunks).toEqual([]);
  const first = page.waitForResponse((r) => r.url().includes("/dashboard/summary") && r.url().includes("period=6"));
  await page.getByTestId("nav-dashboard").click();
  await expect(page).toHaveURL(/\/v3\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Panel de control" })).toBeVisible();
  const sixDays = (await (await first).json()) as { total: number; counters: Record<string, number> };

  // The counters are the API's figures for the default period (SPEC §9: 6 days).
  const total = page.getByTestId("dashboard-counter-total");
  await expect(total).toHaveAttribute("data-value", String(sixDays.total));
  await expect(page.getByTestId("dashboard-counter-solved")).toHaveAttribute("data-value", String(sixDays.counters.solved));
  await expect(page.getByTestId("dashboard-window")).toHaveAttribute("data-period", "6");
  // Statistics v2 (a module of the demo company): the change against the previous period.
  await expect(total.getByTestId("dashboard-delta")).toBeVisible();
  await expect(page.getByTestId("chart-per-day").locator("canvas").first()).toBeVisible();
  expect(chunks.some((url) => url.includes("/echarts-"))).toBe(true);
  await expect(page.getByTestId("chart-per-day-summary")).toContainText(`Total: ${sixDays.total}`);
  await expect(page.getByTestId("attention-take-average")).toContainText(/\d+ (d|h|m|s)/);

  const month = page.waitForResponse((r) => r.url().includes("/dashboard/summary") && r.url().includes("period=30"));
  await pick(page, "dashboard-period", "1 mes");
  await expect(page).toHaveURL(/[?&]period=30/);
  const thirtyDays = (await (await month).json()) as { total: number };
  await expect(page.getByTestId("dashboard-window")).toHaveAttribute("data-period", "30");
  await expect(total).toHaveAttribute("data-value", String(thirtyDays.total));
  expect(thirtyDays.total).toBeGreaterThanOrEqual(sixDays.total);
  await page.screenshot({ path: "test-results/dashboard-summary.png", fullPage: true });

  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByTestId("dashboard-period")).toContainText("1 mes");
  await expect(total).toHaveAttribute("data-value", String(thirtyDays.total));

  await page.getByTestId("dashboard-tab-reports").click();
  await expect(page).toHaveURL(/tab=reports/);
  await expect(page.getByTestId("chart-by-status").locator("canvas").first()).toBeVisible();
  await expect(page.getByTestId("chart-per-day-status")).toBeVisible();
  await expect(page.getByTestId("chart-by-zone-summary")).toContainText("Santiago Centro");
  await expectAccessible(page);

  await page.getByTestId("dashboard-tab-operators").click();
  await expect(page.getByTestId("operator-podium")).toBeVisible();
  const podium = page.getByTestId("podium-card");
  expect(await podium.count()).toBeGreaterThan(0);
  expect(await podium.count()).toBeLessThanOrEqual(3);
  await expect(page.getByTestId("operator-row").first()).toBeVisible();
  await expectAccessible(page);

  await page.getByTestId("dashboard-tab-users").click();
  await expect(page.getByTestId("top-reporter-row").first()).toBeVisible();
  await expect(page.getByTestId("chart-new-users")).toBeVisible();
  await expectAccessible(page);

  // SPEC §6: the apps metrics are only for companies 110 and 268.
  await expect(page.getByTestId("dashboard-tab-apps")).toHaveCount(0);
  // The timelapse tab: the period's reports played on the map under the dashboard's heading and filter.
  await expect(page.getByRole("tab")).toHaveCount(5);
  await page.getByTestId("dashboard-tab-timelapse").click();
  await expect(page).toHaveURL(/tab=timelapse/);
  await expect(page.getByTestId("maps-total")).toContainText(/reportes en el mapa/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await page.getByTestId("maps-timelapse-play").click();
  await expect(page.getByTestId("maps-timelapse-time")).toBeVisible();
  await page.getByTestId("maps-timelapse-play").click();
  await expectAccessible(page);

  await page.getByTestId("dashboard-tab-summary").click();
  await expect(page).not.toHaveURL(/tab=/);
  await expect(page).toHaveURL(/period=30/);
});

test("an admin creates a shift that crosses midnight, sees it listed, meets the taken name, and deletes it", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-shifts").click();
  await expect(page).toHaveURL(/\/v3\/shifts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Turnos" })).toBeVisible();
  const name = `Noche ${Date.now()}`;

  const fill = async () => {
    await page.getByTestId("shift-create").click();
    await expect(page.getByTestId("shift-drawer")).toBeVisible();
    await page.getByTestId("shift-name").fill(name);
    await page.getByTestId("shift-start").click();
    await page.keyboard.type("22:00:00");
    await page.keyboard.press("Enter");
    await page.getByTestId("shift-end").click();
    await page.keyboard.type("06:00:00");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("shift-hint")).toContainText("Cruza la medianoche");
  };
  await fill();
  await page.getByTestId("shift-save").click();
  await expect(page.getByText(`Turno «${name}» creado`)).toBeVisible();
  const row = page.locator(`[data-testid="shift-row"][data-name="${name}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("shift-hours")).toHaveText("22:00:00 a 06:00:00");
  await expect(row.getByTestId("shift-crosses-midnight")).toBeVisible();
  await expectAccessible(page);

  // The same name again: the name field says so (a 409 with the field), and nothing is added.
  await fill();
  await page.getByTestId("shift-save").click();
  await expect(page.getByTestId("shift-drawer").getByText("Ya existe un turno con ese nombre.")).toBeVisible();
  await page.getByTestId("shift-drawer").getByRole("button", { name: "Cancelar" }).click();
  await expect(page.locator(`[data-testid="shift-row"][data-name="${name}"]`)).toHaveCount(1);

  await row.getByTestId("shift-delete").click();
  await page.getByTestId("shift-delete-confirm").click();
  await expect(page.getByText(`Turno «${name}» eliminado`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("an operator reads the shifts without the tools to change them", async ({ page }) => {
  await signIn(page, "operador@demo.cl", "/v3/shifts");
  await expect(page.getByRole("heading", { level: 1, name: "Turnos" })).toBeVisible();
  await expect(page.getByTestId("shifts-read-only")).toBeVisible();
  await expect(page.getByTestId("shift-create")).toHaveCount(0);
  await expect(page.getByTestId("shift-delete")).toHaveCount(0);
});
