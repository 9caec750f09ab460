import { expect, test } from "../support/test.js";
import { DEMO_PASSWORD, LoginPage } from "../pages/login-page.js";
import { linkFromMail } from "../pages/outbox.js";

// The demo's freemium operator: its password goes back to the demo one at the end.
const EMAIL = "vecinos@demo.cl";

test("forgotten password: the login's link, the mailed code, a new password, the redirect after 10 s and signing in with it", async ({ page }) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.open();
  await page.getByTestId("forgot-link").click();
  await expect(page).toHaveURL(/\/v3\/auth\/forgetPassword$/);
  await page.getByTestId("forgot-email").fill(EMAIL);
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-sent")).toContainText(EMAIL);

  // An unknown e-mail reads the same (no account enumeration).
  await page.goto("/v3/auth/forgetPassword");
  await page.getByTestId("forgot-email").fill("nadie@example.cl");
  await page.getByTestId("forgot-submit").click();
  await expect(page.getByTestId("forgot-sent")).toContainText("nadie@example.cl");

  const link = await linkFromMail(page.request, EMAIL, /\/v3\/auth\/resetPassword\/[A-Za-z0-9_-]{22}/);
  // The old address form of the same screen.
  await page.goto(link.replace("/v3/", "/v2/"));
  await page.locator("input#reset-password").fill("Nueva-Clave-2026");
  await page.locator("input#reset-confirm").fill("Otra-Clave-2026");
  await expect(page.getByTestId("reset-submit")).toBeDisabled();
  await page.locator("input#reset-confirm").fill("Nueva-Clave-2026");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("reset-done")).toBeVisible();
  const savedAt = Date.now();
  await expect(page).toHaveURL(/\/v3\/login$/, { timeout: 15_000 });
  expect(Date.now() - savedAt).toBeGreaterThan(8_000);

  // Used once: the same code no longer works.
  await page.goto(link);
  await page.locator("input#reset-password").fill("Tercera-Clave-2026");
  await page.locator("input#reset-confirm").fill("Tercera-Clave-2026");
  await page.getByTestId("reset-submit").click();
  await expect(page.getByTestId("reset-error")).toBeVisible();

  await login.open();
  await login.signIn(EMAIL, "Nueva-Clave-2026");
  await expect(page).toHaveURL(/\/v3\/events/);

  // Back to the demo password, through the same API.
  await page.request.post("/api/auth/forgot-password", { data: { email: EMAIL } });
  const again = await linkFromMail(page.request, EMAIL, /\/v3\/auth\/resetPassword\/[A-Za-z0-9_-]{22}/);
  const res = await page.request.post("/api/auth/reset-password", { data: { code: again.split("/").pop(), password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
});
