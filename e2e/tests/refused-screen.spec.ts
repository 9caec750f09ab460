import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

// SPEC §6: a user without permission sees a page with a back-to-home link. An operator who opens an
// admin screen by its address (typed, a bookmark, a colleague's link) lands on `/notAuth` — never an
// inline error whose only button is a retry the server will refuse again.

test("an operator opening admin screens lands on /notAuth and its link goes home", async ({ page }) => {
  await signIn(page, "operador@demo.cl");
  for (const path of ["/v3/users", "/v3/users/1", "/v3/connections", "/v3/reviews", "/v3/custom-dashboards", "/v3/companies"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/notAuth$/, { timeout: 30_000 });
    const refused = page.getByTestId("status-notAuth");
    await expect(refused).toContainText("no tienes permisos para ver este contenido");
    await expect(page.getByRole("button", { name: /reintentar/i })).toHaveCount(0);
  }
  await page.screenshot({ path: "test-results/refused-screen.png" });
  await page.getByRole("button", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
  // A screen the operator may open is not refused.
  await page.goto("/v3/operators");
  await expect(page.locator("h1:visible")).toHaveCount(1, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/v3\/operators$/);
});
