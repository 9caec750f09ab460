import { expect, type APIRequestContext, type Page } from "@playwright/test";

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

/** Signs in through the login form and waits for the events screen, as an operator does. */
export async function signInWithForm(page: Page, email: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(email);
  // A loaded CI machine (three test stages side by side) can take longer than the default 10 s.
  await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
}

// The sessions this worker's tests signed in with, by e-mail: a worker's tests all talk to its own server
// (support/test.ts), and a sign-in costs that server an argon2id verification (a quarter of a second of CPU
// on CI's two cores) where checking a kept session costs a read.
const sessions = new Map<string, { token: string; userId: number }>();

/** A session of the user: the one this worker kept while the server still accepts it, else a new one. */
async function sessionOf(request: APIRequestContext, email: string): Promise<{ token: string; userId: number }> {
  const kept = sessions.get(email);
  if (kept && (await request.get("/api/settings", { headers: { authorization: `Bearer ${kept.token}` } })).ok()) return kept;
  const res = await request.post("/api/login", { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok(), `sign-in of ${email}: ${res.status()}`).toBe(true);
  const { user } = (await res.json()) as { user: { id: number; access_token: string } };
  const session = { token: user.access_token, userId: user.id };
  sessions.set(email, session);
  return session;
}

/** Signs in as the login form would (`POST /api/login`, the session kept where the portal keeps it) and
 * opens `route` (the events screen unless told). The form itself is tested in shell.spec.ts; the other
 * tests start signed in without paying a load of the login page, nor of the events screen when they
 * want another one. */
export async function signIn(page: Page, email: string, route = "/v3/events"): Promise<void> {
  const { token, userId } = await sessionOf(page.request, email);
  // Stored before the portal's first script runs, once per sign-in (a later logout stays logged out).
  await page.addInitScript(
    ({ session, mark }) => {
      if (window.location.protocol === "about:" || window.sessionStorage.getItem(mark)) return;
      window.sessionStorage.setItem(mark, "1");
      window.localStorage.setItem("atalaya.session", session);
    },
    { session: JSON.stringify({ token, userId }), mark: `e2e.signed-in.${token.slice(-12)}` },
  );
  await page.goto(route);
  const path = route.split(/[?#]/)[0]!;
  await expect(page).toHaveURL((url) => url.pathname.startsWith(path), { timeout: 30_000 });
}
