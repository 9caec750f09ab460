import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

// Client error reporting (issue 18): an error thrown in an operator's page reaches the provider's
// "Portal errors" screen, grouped, with its route and without the operator's e-mail.

test("an error thrown in the page ends up on the provider's screen, which an operator cannot open", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, "operador@demo.cl");
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  // Nothing a menu offers an operator.
  await expect(page.getByTestId("nav-client-errors")).toHaveCount(0);

  // Errors are sampled at 0.8: six distinct ones make all of them being dropped a 1-in-3000 event.
  const tag = `E2E-${Date.now().toString(36)}`;
  const sent = page.waitForResponse((res) => res.url().endsWith("/api/client-errors") && res.request().method() === "POST", { timeout: 30_000 });
  await page.evaluate((t) => {
    for (let i = 0; i < 6; i++) {
      setTimeout(() => {
        throw new Error(`Fallo de prueba ${t} ${i} operador@demo.cl`);
      });
    }
  }, tag);
  const response = await sent;
  expect(response.status()).toBe(200);
  const posted = response.request().postDataJSON() as { release: string; errors: { message: string; route: string }[] };
  expect(posted.errors.length).toBeGreaterThan(0);
  expect(posted.errors[0]!.route).toBe("/v3/events");
  expect(JSON.stringify(posted)).not.toContain("operador@demo.cl");
  const message = posted.errors[0]!.message;

  // The operator's own address cannot open the screen either: a provider's screen is refused (SPEC §6).
  await page.goto("/v3/client-errors");
  await expect(page).toHaveURL(/\/notAuth$/, { timeout: 30_000 });
  await expect(page.getByTestId("status-notAuth")).toBeVisible();

  const context = await browser.newContext();
  const provider = await context.newPage();
  await signIn(provider, "proveedor@demo.cl");
  await provider.getByTestId("nav-client-errors").click();
  await expect(provider.getByRole("heading", { level: 1, name: "Errores del portal" })).toBeVisible();
  const row = provider.locator(`[data-testid="client-error-row"][data-message="${message}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(posted.release);
  await expect(row).toContainText("[email]");
  await row.getByTestId("client-error-open").click();
  const drawer = provider.getByTestId("client-error-drawer");
  await expect(drawer.getByTestId("client-error-occurrence")).toHaveCount(1);
  await expect(drawer.getByTestId("client-error-occurrence")).toContainText("/v3/events");
  await expect(drawer.getByTestId("client-error-occurrence")).toContainText(/Usuario \d+/);
  await context.close();
});
