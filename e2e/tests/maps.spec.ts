import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

test("the map shows the period's reports; the heat map appears, whole and by 4-hour steps; the timelapse plays", async ({ page }, testInfo) => {
  await signIn(page, "operador@demo.cl");
  await page.getByTestId("nav-maps").click();
  await expect(page).toHaveURL(/\/v3\/maps$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mapa" })).toBeVisible();
  await expect(page.getByTestId("maps-total")).toContainText(/\d+ reportes en el mapa/);
  const sixDays = Number((await page.getByTestId("maps-total").textContent())!.match(/\d+/)![0]);
  expect(sixDays).toBeGreaterThan(0);

  // A longer period holds at least as many reports.
  await page.getByTestId("maps-period").getByText("1 mes").click();
  await expect.poll(async () => Number((await page.getByTestId("maps-total").textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(sixDays);

  await page.getByTestId("maps-layer-heat").click();
  await expect(page.locator("[data-heat-drawn=true]")).toBeVisible();
  await expect(page.getByTestId("maps-heat-total")).toContainText(/reportes en el mapa de calor/);
  await page.screenshot({ path: testInfo.outputPath("heat-map.png") });

  // One 4-hour window: the latest one, then the one before it.
  await page.getByTestId("maps-heat-whole").click();
  const range = page.getByTestId("maps-heat-range");
  await expect(range).toBeVisible();
  const last = await range.textContent();
  await page.getByRole("button", { name: "4 horas antes" }).click();
  await expect(range).not.toHaveText(last!);
  await expect(page.getByTestId("maps-heat-total")).toBeVisible();

  // The timelapse at 16×: the time played moves on, then pauses.
  await page.getByTestId("maps-timelapse-speed").click();
  await page.locator(".ant-select-item-option").filter({ hasText: "16×" }).click();
  await page.getByTestId("maps-timelapse-play").click();
  const time = page.getByTestId("maps-timelapse-time");
  await expect(time).toBeVisible();
  const first = await time.textContent();
  await expect(time).not.toHaveText(first!);
  await page.getByTestId("maps-timelapse-play").click();
  await page.screenshot({ path: testInfo.outputPath("timelapse.png") });
  await expectAccessible(page);
});

test("with the tile server unreachable the map screens log at most one console error and draw their layers on the blank base", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // As on a machine without internet, whatever this one has: every tile request fails.
  await page.route("https://tile.openstreetmap.org/**", (route) => route.abort("internetdisconnected"));
  await signIn(page, "operador@demo.cl", "/v3/maps");
  await expect(page.getByTestId("maps-map")).toHaveAttribute("data-base", "blank");
  await expect(page.getByTestId("maps-total")).toContainText(/\d+ reportes en el mapa/);
  await expect(page.locator(".patrol-marker").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The patrols screen's map knows already: it asks no tile at all.
  await page.getByTestId("nav-patrols").click();
  await expect(page.getByTestId("patrols-map")).toHaveAttribute("data-base", "blank");
  await page.waitForLoadState("networkidle");
  expect(errors.length, errors.join("\n")).toBeLessThanOrEqual(1);
});
