import { REPORT_TYPES, reportTypeImagePath } from "@atalaya/shared";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// Issue 32 (SPEC §3): each report type's own image — its symbol on its colour, served by the API — is the
// badge of the events panel's rows and the pin of the maps screen, named by the type's name.

/** The catalogue type whose image an <img> shows, read from its address. */
async function typeOfImage(img: Locator) {
  const src = new URL((await img.getAttribute("src"))!, "http://portal").pathname;
  const type = REPORT_TYPES.find((t) => reportTypeImagePath(t.imageName) === src);
  expect(type, src).toBeDefined();
  return type!;
}

/** The image arrived and was drawn (an image the server refused has no natural size). */
async function expectDrawn(img: Locator): Promise<void> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

/** The type image's own answer: an SVG, cached publicly. */
async function expectServed(page: Page, path: string): Promise<void> {
  const res = await page.request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(res.headers()["cache-control"]).toMatch(/^public/);
}

test("the events panel's rows and the map's pins show each report's type image, named by the type", async ({ page }, testInfo) => {
  await signIn(page, "operador@demo.cl");
  const rows = page.getByTestId("report-row");
  await expect(rows.first()).toBeVisible();

  // Every row in view: the badge is its type's image, whose accessible name is the type's name written beside it.
  const shown = new Set<number>();
  for (const row of (await rows.all()).slice(0, 6)) {
    const badge = row.locator("img.report-type-icon");
    const type = await typeOfImage(badge);
    const name = (await row.locator(".report-row__type").textContent())!;
    expect(type.nameLocalized.es).toBe(name);
    await expect(row.getByRole("img", { name })).toBeVisible();
    await expectDrawn(badge);
    shown.add(type.id);
  }
  await expectServed(page, reportTypeImagePath(REPORT_TYPES.find((t) => shown.has(t.id))!.imageName));
  await page.screenshot({ path: testInfo.outputPath("events-badges.png") });
  await expectAccessible(page);

  // The maps screen: the reports that no cluster holds are pins, each its type's image.
  await page.getByTestId("nav-maps").click();
  await expect(page.getByRole("heading", { level: 1, name: "Mapa" })).toBeVisible();
  const pins = page.getByTestId("report-pin");
  await expect(pins.first()).toBeVisible();
  const count = await pins.count();
  for (let i = 0; i < Math.min(count, 6); i++) {
    const pin = pins.nth(i);
    const image = pin.locator("img");
    const type = await typeOfImage(image);
    await expectDrawn(image);
    // Named by the type first (the label-in-name rule: what the pin shows is what it is called).
    await expect(pin).toHaveAccessibleName(new RegExp(`^${type.nameLocalized.es}, reporte #\\d+$`));
    // Placed by the map alone (a pin in the page's flow would stand below where its report is).
    await expect(pin).toHaveCSS("position", "absolute");
  }

  // The pin nearest the map's centre opens its report's popup, whose button takes the focus.
  const area = (await page.getByTestId("maps-map").boundingBox())!;
  const centre = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
  let first = pins.first();
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const b = (await pins.nth(i).boundingBox())!;
    const d = Math.hypot(b.x + b.width / 2 - centre.x, b.y + b.height / 2 - centre.y);
    if (d < nearest) [nearest, first] = [d, pins.nth(i)];
  }
  const name = (await first.getAttribute("aria-label"))!;
  const pinType = await typeOfImage(first.locator("img"));
  await first.click();
  const popup = page.locator(".maps-popup");
  await expect(popup).toBeVisible();
  await expect(popup.getByRole("button", { name: "Abrir reporte" })).toBeFocused();
  // The pin's tip stands on the report's point: where the map put the popup, 40 px beyond its tip.
  const pin = (await first.boundingBox())!;
  const tip = (await page.locator(".maplibregl-popup-tip").boundingBox())!;
  const anchor = (await page.locator(".maplibregl-popup").getAttribute("class"))!.match(/maplibregl-popup-anchor-(top|bottom)\b/)?.[1];
  expect(anchor, "the popup opens above or below the pin").toBeDefined();
  expect(Math.abs(tip.x + tip.width / 2 - (pin.x + pin.width / 2))).toBeLessThan(2);
  const pointY = anchor === "bottom" ? tip.y + tip.height + 40 : tip.y - 40;
  expect(Math.abs(pointY - (pin.y + pin.height))).toBeLessThan(2);
  await page.screenshot({ path: testInfo.outputPath("map-pins.png") });
  await expectAccessible(page);
  await popup.getByRole("button", { name: "Abrir reporte" }).click();
  await expect(page).toHaveURL(/\/v3\/events\/[\w-]+$/);
  // The report opened is the pin's, and the detail's badge shows the same image.
  await expect(page.getByRole("heading", { level: 2, name: `Reporte ${name.replace(/^.*, reporte /, "")}` })).toBeVisible();
  const detailBadge = page.locator(".rd-header__title img.report-type-icon");
  expect(await typeOfImage(detailBadge)).toBe(pinType);
  // The detail's map marks the report with the same pin, a picture only (the address is written beside it).
  const detailPin = page.getByTestId("report-map").locator(".report-pin");
  await expect(detailPin).toHaveAttribute("aria-hidden", "true");
  expect(await typeOfImage(detailPin.locator("img"))).toBe(pinType);
  await page.screenshot({ path: testInfo.outputPath("detail.png") });
});
