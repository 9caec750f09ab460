import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

/** Clicks the map at fractions of its box. */
async function clickMap(page: Page, points: [number, number][]): Promise<void> {
  const box = (await page.getByTestId("zones-map").locator("canvas").boundingBox())!;
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await page.waitForTimeout(150);
  }
}

test("an admin draws a zone on the map, saves it, sees its area, and deletes it", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-zones").click();
  await expect(page).toHaveURL(/\/v3\/zones$/);
  await expect(page.getByRole("heading", { level: 1, name: "Zonas" })).toBeVisible();
  await expect(page.getByTestId("zone-row").first()).toBeVisible();
  await expect(page.getByText("Área máxima por zona: 10.000 km²", { exact: false })).toBeVisible();
  await expectAccessible(page);
  const before = await page.getByTestId("zone-row").count();

  await page.getByTestId("zone-new").click();
  await expect(page.getByTestId("zone-editor")).toBeVisible();
  await expect(page.getByTestId("zone-save")).toBeDisabled();
  // Four corners, then the first again to close the zone.
  await clickMap(page, [[0.3, 0.3], [0.6, 0.3], [0.6, 0.6], [0.3, 0.6], [0.3, 0.3]]);
  await expect(page.getByTestId("zone-area")).toContainText("km²");
  const name = `Zona de prueba ${Date.now()}`;
  await page.getByTestId("zone-name").fill(name);
  await expect(page.getByTestId("zone-save")).toBeEnabled();
  await page.screenshot({ path: "test-results/zones-drawn.png" });
  await page.getByTestId("zone-save").click();
  await expect(page.getByText(`Zona «${name}» guardada`)).toBeVisible();
  await expect(page.getByTestId("zone-row")).toHaveCount(before + 1);
  await expect(page.getByTestId("zone-row-name").filter({ hasText: name })).toBeVisible();
  await expectAccessible(page);

  const row = page.getByTestId("zone-row").filter({ hasText: name });
  await row.getByTestId("zone-delete").click();
  await page.getByTestId("zone-delete-confirm").click();
  await expect(page.getByTestId("zone-row")).toHaveCount(before);
});

test("an operator sees the zones without the drawing tools; at 390 px nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, "operador@demo.cl", "/v3/zones");
  await expect(page.getByTestId("zone-row").first()).toBeVisible();
  await expect(page.getByTestId("zone-new")).toHaveCount(0);
  await expect(page.getByTestId("zone-delete")).toHaveCount(0);
  await expectNoSidewaysScroll(page, "the zones screen at 390 px");
  await expectAccessible(page);
});
