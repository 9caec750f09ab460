import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Atalaya2026";

/** The login screen, in Spanish (the portal's default language). */
export class LoginPage {
  constructor(readonly page: Page) {}

  async open(query = ""): Promise<void> {
    await this.page.goto(`/v3/login${query}`);
    await expect(this.page.getByLabel("Correo electrónico")).toBeVisible();
    // The page arrives prerendered; the live form replaces it once the scripts have run.
    await expect(this.page.locator("#root:not([data-prerendered])")).toBeAttached();
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    await this.page.getByLabel("Correo electrónico").fill(email);
    await this.page.getByLabel("Contraseña").fill(password);
    await this.page.getByRole("button", { name: "Iniciar sesión" }).click();
  }

  get error() {
    return this.page.getByTestId("login-error");
  }
}

/** Signs in through the form and waits for the events screen. */
export async function signIn(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  // A loaded CI machine (three test stages side by side) can take longer than the default 10 s.
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
}
