import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { expectAccessible } from "../support/axe.js";
import { LoginPage, signIn as signInWithSession } from "../pages/login-page.js";

// The user admin (issue 12): an admin creates an operator, restricts them to one zone from the user
// view, and that operator's panel shows only that zone's reports; locking them ends their session.
const LASTARRIA_ZONE = "Barrio Lastarria y Parque Forestal";
const LASTARRIA = { latitude: -33.437, longitude: -70.635, address: "José Victorino Lastarria 90, Santiago" };
const CENTRO = { latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" };
const PASSWORD = "Operadora-2026";

async function sendReport(request: APIRequestContext, place: typeof LASTARRIA, description: string): Promise<void> {
  const res = await request.post("/api/app/reports", { data: { type: 0, description, ...place } });
  expect(res.ok()).toBe(true);
}

/** Signs in through the form; argon2 on a loaded machine may take a while. */
async function signIn(page: Page, email: string, password?: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email, password);
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 45_000 });
}

async function pick(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).first().click();
}

test("an admin creates an operator, restricts them to one zone, and locking ends their session", async ({ page, browser, request }) => {
  // Two signed-in browsers and four argon2 sign-ins on a shared machine.
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `operadora.${stamp}@demo.cl`;
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-users").click();
  await expect(page).toHaveURL(/\/v3\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  await expect(page.getByTestId("user-row").first()).toBeVisible();

  // The drawer checks the SPEC §5 rules before sending and says what is wrong on each field.
  await page.getByTestId("user-create").click();
  const drawer = page.getByTestId("user-create-drawer");
  await drawer.getByTestId("user-email").fill(email);
  await drawer.getByTestId("user-first-name").fill("Fe");
  await drawer.getByTestId("user-last-name").fill("Morales");
  await drawer.getByTestId("user-phone").fill("9 8765 4321");
  await drawer.getByTestId("user-rut").fill("12.345.678-4");
  await drawer.getByTestId("user-password").fill(PASSWORD);
  await drawer.getByTestId("user-password-confirmation").fill("Otra-2026");
  await drawer.getByTestId("user-create-submit").click();
  await expect(drawer.getByText("Debe tener al menos 3 caracteres")).toBeVisible();
  await expect(drawer.getByText("El RUT no es válido")).toBeVisible();
  await expect(drawer.getByText("Debes seleccionar un rol")).toBeVisible();
  await expect(drawer.getByText("La confirmación de la contraseña no coincide")).toBeVisible();

  await drawer.getByTestId("user-first-name").fill("Fernanda");
  await drawer.getByTestId("user-rut").fill("12.345.678-5");
  await drawer.getByTestId("user-password-confirmation").fill(PASSWORD);
  await pick(page, "user-role-select", "Operador");
  await drawer.getByTestId("user-create-submit").click();

  // Created: the user view opens; restrict them to one zone in "Reportes y zonas".
  await expect(page).toHaveURL(/\/v3\/users\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Fernanda Morales" })).toBeVisible();
  await page.getByTestId("tab-restrictions").click();
  await pick(page, "restrict-zones", LASTARRIA_ZONE);
  await page.keyboard.press("Escape");
  await page.getByTestId("restrictions-save").click();
  await expect(page.getByText("Cambios guardados.")).toBeVisible();
  await page.screenshot({ path: "test-results/users-view-restrictions.png" });

  // The new operator signs in elsewhere and sees only that zone's reports.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: "es-CL" });
  const operator = await context.newPage();
  await signIn(operator, email, PASSWORD);
  await expect(operator.getByText("En línea").first()).toBeVisible();
  await operator.getByTestId("sort-select").click();
  await operator.getByText("Más recientes").last().click();
  const outside = `Robo en el centro, fuera de su zona ${stamp}`;
  const inside = `Robo en Lastarria, dentro de su zona ${stamp}`;
  await sendReport(request, CENTRO, outside);
  await sendReport(request, LASTARRIA, inside);
  await expect(operator.getByText(inside).first()).toBeVisible({ timeout: 30_000 }).catch(async (error: Error) => {
    await operator.screenshot({ path: "test-results/users-operator-panel.png" });
    throw error;
  });
  await expect(operator.getByText(outside)).toHaveCount(0);
  // After a reload too (the list comes from the API, not only the live stream).
  await operator.reload();
  await operator.getByTestId("sort-select").click();
  await operator.getByText("Más recientes").last().click();
  await expect(operator.getByText(inside).first()).toBeVisible();
  await expect(operator.getByText(outside)).toHaveCount(0);

  // Locking ends the operator's session at once: their portal falls back to the login.
  await page.getByTestId("tab-account").click();
  await page.getByTestId("account-lock").click();
  await page.getByTestId("user-lock-confirm").click();
  await expect(page.getByTestId("user-view-locked")).toBeVisible();
  await expect(operator).toHaveURL(/\/v3\/login/, { timeout: 30_000 });
  await context.close();

  // The list shows the lock and finds them by RUT.
  await page.goto("/v3/users");
  await page.getByTestId("users-search").locator("input").fill("12.345.678");
  await page.getByTestId("users-search").locator("input").press("Enter");
  const row = page.getByTestId("user-row").filter({ hasText: email });
  await expect(row.getByTestId("user-locked")).toBeVisible();
});

test("at phone width every row action of the users list is reachable from its menu, without sideways scrolling", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "admin@demo.cl");
  await page.goto("/v3/users");
  const row = page.locator('[data-testid="user-row"][data-email="operador@demo.cl"]');
  await expect(row).toBeVisible();
  const menu = row.getByTestId("user-actions-menu");
  await expect(menu).toBeVisible();
  // The button lies inside the window and inside the list's card (which clips what sticks out).
  const box = (await menu.boundingBox())!;
  const card = (await page.locator(".screen-card").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(390, card.x + card.width));
  await expectNoSidewaysScroll(page, "the users list at 390 px");
  // The role is still shown, under the name.
  await expect(row.locator(".users-name__role")).toBeVisible();

  await menu.click();
  const items = page.locator(".ant-dropdown:visible [role='menuitem']");
  await expect(items).toHaveText([/^Ver a /, /^Bloquear a /, /^Quitar a .* de la organización$/]);
  await items.filter({ hasText: /^Bloquear a / }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText(/^¿Bloquear a /);
  await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveCount(0);

  await menu.click();
  await page.locator(".ant-dropdown:visible [role='menuitem']").filter({ hasText: /de la organización$/ }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveText(/^¿Quitar a .* de la organización\?$/);
  await page.getByRole("dialog").getByRole("button", { name: "Cancelar" }).click();
  await expect(page.locator(".ant-modal-confirm-title")).toHaveCount(0);

  await menu.click();
  await page.locator(".ant-dropdown:visible [role='menuitem']").filter({ hasText: /^Ver a / }).click();
  await expect(page).toHaveURL(/\/v3\/users\/\d+$/);
  await context.close();
});

test("the new-user drawer marks and checks what SPEC §5 requires, and an error goes once its field changes", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const width of [1440, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await context.newPage();
    await signInWithSession(page, "admin@demo.cl", "/v3/users");
    const sent: string[] = [];
    page.on("request", (r) => void (r.method() === "POST" && /\/users$/.test(new URL(r.url()).pathname) && sent.push(r.url())));
    await page.getByTestId("user-create").click();
    const drawer = page.getByTestId("user-create-drawer");
    const errors = drawer.locator(".ant-form-item-explain-error");

    // Required: e-mail, names, role, password and its confirmation; phone and RUT are optional, and say so.
    for (const id of ["user-email", "user-first-name", "user-last-name", "user-password", "user-password-confirmation"])
      await expect(drawer.getByTestId(id), id).toHaveAttribute("aria-required", "true");
    for (const id of ["user-phone", "user-rut"]) await expect(drawer.getByTestId(id), id).not.toHaveAttribute("aria-required", "true");
    await expect(drawer.locator(".ant-form-item-label", { hasText: /^Teléfono/ })).toContainText("(opcional)");
    await expect(drawer.locator(".ant-form-item-label", { hasText: /^RUT/ })).toContainText("(opcional)");
    await expect(drawer.locator(".ant-form-item-label", { hasText: /^Correo electrónico/ })).not.toContainText("(opcional)");

    // Checked before sending, each problem on its field, nothing sent.
    await drawer.getByTestId("user-email").fill(`nuevo.${width}.${Date.now()}@demo.cl`);
    await drawer.getByTestId("user-first-name").fill("Al");
    await drawer.getByTestId("user-last-name").fill("Fuentes");
    await drawer.getByTestId("user-phone").fill("12");
    await pick(page, "user-role-select", "Operador");
    await drawer.getByTestId("user-create-submit").click();
    await expect(errors).toHaveText(["Debe tener al menos 3 caracteres", "El teléfono no es válido", "La contraseña debe tener entre 8 y 64 caracteres", "La confirmación de la contraseña no coincide"]);
    expect(sent).toEqual([]);
    if (width === 390) {
      await expectNoSidewaysScroll(page, "the new-user drawer with its errors at 390 px");
      await expectAccessible(page);
    }

    // Each error goes as soon as its field changes (the password's takes its confirmation's along).
    await drawer.getByTestId("user-first-name").fill("Alba");
    await expect(errors).toHaveCount(3);
    await drawer.getByTestId("user-phone").fill("");
    await expect(errors).toHaveText(["La contraseña debe tener entre 8 y 64 caracteres", "La confirmación de la contraseña no coincide"]);
    await drawer.getByTestId("user-password").fill(PASSWORD);
    await expect(errors).toHaveCount(0);
    // Checked again: only what is still wrong.
    await drawer.getByTestId("user-password-confirmation").fill("Otra-2026");
    await drawer.getByTestId("user-create-submit").click();
    await expect(errors).toHaveText(["La confirmación de la contraseña no coincide"]);
    expect(sent).toEqual([]);
    if (width === 1440) {
      await expectAccessible(page);
      // Without phone or RUT the member is created.
      await drawer.getByTestId("user-password-confirmation").fill(PASSWORD);
      await drawer.getByTestId("user-create-submit").click();
      await expect(page).toHaveURL(/\/v3\/users\/\d+$/, { timeout: 45_000 });
      await expect(page.getByRole("heading", { level: 1, name: "Alba Fuentes" })).toBeVisible();
      await expect(page.getByTestId("profile-phone")).toHaveValue("");
      await expect(page.getByTestId("profile-first-name")).toHaveAttribute("aria-required", "true");
      expect(sent).toHaveLength(1);
    }
    await context.close();
  }
});
