import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectAccessible } from "../support/axe.js";
import { linkFromMail } from "../pages/outbox.js";

/** Clicks the map at fractions of its box. */
async function clickMap(page: Page, testId: string, points: [number, number][]): Promise<void> {
  const box = (await page.getByTestId(testId).locator("canvas").boundingBox())!;
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await page.waitForTimeout(150);
  }
}

test("a visitor pre-registers, follows the mailed key through the five steps with a drawn zone and a solved captcha, and lands signed in on /v3/", async ({ browser }) => {
  // Five steps, a proof of work and an audit of each step.
  test.setTimeout(180_000);
  const context = await browser.newContext({ geolocation: { latitude: -33.4378, longitude: -70.6505 }, permissions: ["geolocation"], locale: "en-US" });
  const page = await context.newPage();
  // The captcha's worker and styles and the map must load under the portal's CSP.
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  const email = `junta-${Date.now()}@example.cl`;
  const organisation = `Junta de Vecinos Yungay ${Date.now()}`;

  // The landing: what the portal is, and its doors, in the browser's language (en-US).
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Geolocated citizen reports, handled in real time" })).toBeVisible();
  await page.getByTestId("landing-create").click();
  await expect(page).toHaveURL(/\/v3\/preregister$/);

  // Submit stays disabled until the e-mail is valid and the legal box is ticked.
  const submit = page.getByTestId("preregister-submit");
  await page.getByTestId("preregister-email").fill("not-an-email");
  await expect(page.getByText("Must be a valid email address")).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByTestId("preregister-email").fill(email);
  await expect(submit).toBeDisabled();
  await page.getByTestId("preregister-legals").check();
  await submit.click();
  await expect(page.getByTestId("preregister-success")).toContainText(email);

  const link = await linkFromMail(page.request, email, /\/v3\/create-account\?key=[A-Za-z0-9_-]{22}/);
  await page.goto(link);

  // 1. Personal information: the key's e-mail prefilled and fixed; names not only spaces, password 8-12 without spaces.
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await expect(page.getByTestId("signup-email")).toHaveValue(email);
  await expect(page.getByTestId("signup-email")).toBeDisabled();
  await expect(page.getByTestId("signup-back")).toHaveCount(0);
  // The account's language starts as the sign-up's.
  await expect(page.getByTestId("signup-lang")).toContainText("English");
  const next = page.getByTestId("signup-next");
  await page.getByTestId("signup-first-name").fill("   ");
  await page.getByTestId("signup-last-name").fill("Pérez");
  await page.getByTestId("signup-password").fill("con espacio");
  await expect(next).toBeDisabled();
  await page.getByTestId("signup-first-name").fill("Ana");
  await expect(page.getByText("The password must have 8 to 12 characters, without spaces")).toBeVisible();
  await page.getByTestId("signup-password").fill("Clave-2026");
  await expectAccessible(page);
  await next.click();

  // 2. Team information with the captcha solved in the browser (self-hosted proof of work).
  await expect(page.getByRole("heading", { level: 1, name: "Your organisation" })).toBeVisible();
  await page.getByTestId("signup-org").fill(organisation);
  await page.getByTestId("signup-category").click();
  await page.getByTitle("Neighbour").click();
  await page.getByTestId("signup-activities").fill("Seguridad del barrio y mantención de plazas");
  await page.getByTestId("signup-phone").fill("9 6123 4567");
  await expect(next).toBeDisabled();
  await page.locator("altcha-widget input[type=checkbox]").click();
  await expect(page.locator("altcha-widget")).toContainText("Verified", { timeout: 60_000 });
  await expectAccessible(page);
  await next.click();

  // 3. Company zone: the browser's location centres the map; draw, then continue.
  await expect(page.getByRole("heading", { level: 1, name: "Organisation zone" })).toBeVisible();
  await expect(page.getByTestId("signup-back")).toBeVisible();
  const map = page.getByTestId("signup-map");
  await expect(map.locator("canvas")).toBeVisible();
  const box = (await map.boundingBox())!;
  expect(Math.round(box.height)).toBe(400);
  expect(Math.round(box.width)).toBeLessThanOrEqual(720);
  await page.getByTestId("signup-zone-name").fill("Barrio Yungay ");
  await expect(next).toBeDisabled();
  await page.getByTestId("signup-draw").click();
  await expect(page.getByTestId("signup-draw")).toHaveText("Drawing…");
  await clickMap(page, "signup-map", [[0.3, 0.3], [0.6, 0.3], [0.6, 0.6], [0.3, 0.6], [0.3, 0.3]]);
  await expect(page.getByTestId("signup-draw")).toHaveText("Delete");
  await expect(page.getByTestId("signup-zone-area")).toBeVisible();
  await expectAccessible(page);
  await next.click();

  // 4 and 5. Report types: continue needs one selected across both steps.
  await expect(page.getByRole("heading", { level: 1, name: "Security reports" })).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByTestId("type-card-0").click();
  await expect(page.getByTestId("signup-types-count")).toHaveText("1 type selected");
  await expectAccessible(page);
  await next.click();
  await expect(page.getByRole("heading", { level: 1, name: "City reports" })).toBeVisible();
  await expect(next).toBeEnabled();
  await page.getByTestId("type-card-13").click();
  await expectAccessible(page);
  await expect(next).toHaveText("Create account");
  await next.click();

  // Registered, signed in with the entered e-mail and password, and in the portal, in English as the
  // sign-up was, this visit and the next.
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
  await expect(page.getByText(organisation).first()).toBeVisible();
  await expect(page.getByRole("navigation").getByText("Events").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(cspViolations).toEqual([]);
  await context.close();
});

test("a visitor whose browser asks for Spanish (es-CL) signs up in Spanish and lands in a Spanish portal", async ({ browser }) => {
  // Five steps and a proof of work.
  test.setTimeout(180_000);
  const context = await browser.newContext({ geolocation: { latitude: -33.4378, longitude: -70.6505 }, permissions: ["geolocation"], locale: "es-CL" });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Reportes ciudadanos georreferenciados, atendidos en tiempo real" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expectAccessible(page);

  await page.goto("/v3/create-account");
  await expect(page.getByRole("heading", { level: 1, name: "Tus datos" })).toBeVisible();
  await expect(page.getByTestId("signup-lang")).toContainText("Español");
  const organisation = `Junta de Vecinos Bellavista ${Date.now()}`;
  const next = page.getByTestId("signup-next");
  await page.getByTestId("signup-first-name").fill("Josefa");
  await page.getByTestId("signup-last-name").fill("Tapia");
  await page.getByTestId("signup-email").fill(`bellavista-${Date.now()}@example.cl`);
  await page.getByTestId("signup-password").fill("Clave-2026");
  await next.click();

  await expect(page.getByRole("heading", { level: 1, name: "Tu organización" })).toBeVisible();
  await page.getByTestId("signup-org").fill(organisation);
  await page.getByTestId("signup-category").click();
  await page.getByTitle("Vecino").click();
  await page.getByTestId("signup-activities").fill("Seguridad del barrio");
  await page.getByTestId("signup-phone").fill("9 6123 4567");
  await page.locator("altcha-widget input[type=checkbox]").click();
  await expect(page.locator("altcha-widget")).toContainText("Verificado", { timeout: 60_000 });
  await next.click();

  await expect(page.getByRole("heading", { level: 1, name: "Zona de la organización" })).toBeVisible();
  await expect(page.getByTestId("signup-map").locator("canvas")).toBeVisible();
  await page.getByTestId("signup-zone-name").fill("Bellavista");
  await page.getByTestId("signup-draw").click();
  await clickMap(page, "signup-map", [[0.3, 0.3], [0.6, 0.3], [0.6, 0.6], [0.3, 0.3]]);
  await expect(page.getByTestId("signup-zone-area")).toBeVisible();
  await next.click();
  await expect(page.getByRole("heading", { level: 1, name: "Reportes de seguridad" })).toBeVisible();
  await page.getByTestId("type-card-0").click();
  await next.click();
  await expect(page.getByRole("heading", { level: 1, name: "Reportes de la ciudad" })).toBeVisible();
  await expect(next).toHaveText("Crear cuenta");
  await next.click();

  // The portal in Spanish, this visit and the next.
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
  await expect(page.getByText(organisation).first()).toBeVisible();
  await expect(page.getByRole("navigation").getByText("Eventos").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await context.close();
});

test("a failed registration keeps the last step, re-enables the form and shows the 'Error' toast until dismissed", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ geolocation: { latitude: -33.4378, longitude: -70.6505 }, permissions: ["geolocation"], locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/v3/create-account");
  // An e-mail that already has an account: "username already taken".
  await page.getByTestId("signup-first-name").fill("Camila");
  await page.getByTestId("signup-last-name").fill("Rojas");
  await page.getByTestId("signup-email").fill("admin@demo.cl");
  await page.getByTestId("signup-password").fill("Clave-2026");
  await page.getByTestId("signup-next").click();
  await page.getByTestId("signup-org").fill(`Duplicada ${Date.now()}`);
  await page.getByTestId("signup-category").click();
  await page.getByTitle("Other").click();
  await page.getByTestId("signup-activities").fill("Prueba");
  await page.getByTestId("signup-phone").fill("+56 9 6123 4567");
  await page.locator("altcha-widget input[type=checkbox]").click();
  await expect(page.locator("altcha-widget")).toContainText("Verified", { timeout: 60_000 });
  await page.getByTestId("signup-next").click();
  await page.getByTestId("signup-zone-name").fill("Zona");
  await page.getByTestId("signup-draw").click();
  await clickMap(page, "signup-map", [[0.3, 0.3], [0.6, 0.3], [0.6, 0.6], [0.3, 0.3]]);
  await page.getByTestId("signup-next").click();
  await page.getByTestId("type-card-1").click();
  await page.getByTestId("signup-next").click();
  await page.getByTestId("signup-next").click();

  const toast = page.locator(".ant-notification-notice");
  await expect(toast).toContainText("Error");
  await expect(toast).toContainText("username already taken");
  await expect(page.getByRole("heading", { level: 1, name: "City reports" })).toBeVisible();
  await expect(page.getByTestId("signup-next")).toBeEnabled();
  await page.waitForTimeout(4000);
  await expect(toast).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { dataLayer?: { event: string }[] }).dataLayer?.map((e) => e.event))).toContain("signup_registration_failed");
  await context.close();
});
