import { expect, test } from "../support/test.js";
import { LoginPage, signIn, signInWithForm } from "../pages/login-page.js";
import { expectPortalFont } from "../support/fonts.js";

test.describe("sign-in and the portal shell", () => {
  test("the demo admin signs in, sees the shell in Spanish and signs out", async ({ page }) => {
    await signInWithForm(page, "admin@demo.cl");
    await expect(page.getByRole("navigation").getByText("Eventos").first()).toBeVisible();
    await expect(page.getByText("Camila Rojas")).toBeVisible();
    await expect(page.getByText("30.14.0").first()).toBeVisible();
    await page.screenshot({ path: "test-results/shell.png", fullPage: true });
    // A signed-in user on the login route goes to the events screen.
    await page.goto("/v3/login");
    await expect(page).toHaveURL(/\/v3\/events/);
    await page.getByText("Cerrar sesión").click();
    await expect(page).toHaveURL(/\/v3\/login/);
    await page.goto("/v3/events");
    await expect(page).toHaveURL(/\/v3\/login/);
  });

  test("the login page paints before its scripts arrive and the live page keeps what was typed and pressed", async ({ page }) => {
    // Hold every script until the operator has typed and pressed the button on the prerendered form.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      if (!route.request().url().includes("/login-boot-")) await held;
      await route.continue();
    });
    await page.goto("/v3/login", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
    await expect(page.locator("#root[data-prerendered='login']")).toBeAttached();
    // The boot script (a few hundred bytes, not held) keeps a press from here on; on a busy machine the test
    // could otherwise type and press before it ran, which no person does.
    await expect(page.locator("#root[data-prerendered='login'] form[data-boot='ready']")).toBeAttached();
    await page.getByLabel("Correo electrónico").fill("admin@demo.cl");
    await page.getByLabel("Contraseña").fill("Atalaya2026");
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    // Nothing was sent natively (no password in the address) and nothing is lost: once the scripts run,
    // the live page signs in with what was typed.
    expect(page.url()).not.toContain("Atalaya2026");
    release();
    // Every script of the portal and then the panel load now: as long as a sign-in on a loaded CI machine.
    await expect(page).toHaveURL(/\/v3\/events/, { timeout: 30_000 });
    await expect(page.getByText("Camila Rojas")).toBeVisible();
    // Signing out and back in: the prerendered form's values are not carried over a second time.
    await page.getByText("Cerrar sesión").click();
    await expect(page).toHaveURL(/\/v3\/login/);
    await expect(page.getByLabel("Correo electrónico")).toHaveValue("");
    await expect(page.getByLabel("Contraseña")).toHaveValue("");
  });

  test("a signed-in user opening the login route goes straight to the panel: never the form, never a blank page", async ({ page }) => {
    await signIn(page, "admin@demo.cl");
    // What each frame of the login route's page shows until the panel is up, and when. Frames before the
    // page's first contentful paint are never seen: Chrome's paint holding keeps the previous page's picture
    // until then. Playwright turns paint holding off, so on a busy machine its Chromium may paint the page
    // once before the body is parsed (a blank frame no user sees); those frames are left out.
    await page.addInitScript(() => {
      if (window.location.pathname !== "/v3/login") return;
      const frames: { state: string; at: number }[] = [];
      Object.assign(window, { loginFrames: frames });
      const visible = (selector: string) => {
        const element = document.querySelector(selector);
        return element !== null && element.getClientRects().length > 0;
      };
      const look = (at: number) => {
        const state = visible("#login_email") ? "form" : visible("[data-testid='side-nav']") ? "panel" : visible("[data-testid='page-loader']") ? "loader" : "blank";
        frames.push({ state, at });
        if (state !== "panel") requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto("/v3/login");
    await expect(page).toHaveURL(/\/v3\/events$/, { timeout: 30_000 });
    await expect(page.getByTestId("side-nav")).toBeVisible({ timeout: 30_000 });
    const shown = await page.evaluate(() => {
      const frames = (window as unknown as { loginFrames: { state: string; at: number }[] }).loginFrames;
      const firstContentfulPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      // A frame is seen unless the next one began before the first contentful paint.
      const painted = frames.filter((_, i) => (frames[i + 1]?.at ?? Infinity) > firstContentfulPaint).map((f) => f.state);
      return painted.filter((state, i) => state !== painted[i - 1]);
    });
    expect(shown).toEqual(["loader", "panel"]);
  });

  test("every text of the login page is in the portal's font, in the prerendered HTML and once live", async ({ page, browser, baseURL }) => {
    // The prerendered page as it paints from the HTML alone: no script runs.
    const htmlOnly = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const shell = await htmlOnly.newPage();
    await shell.goto("/v3/login");
    await expect(shell.locator("#root[data-prerendered='login']")).toBeAttached();
    await expect(shell.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
    await expectPortalFont(shell, "the prerendered login page");
    await htmlOnly.close();
    // The live page that replaces it.
    await page.goto("/v3/login");
    await expect(page.locator("#root[data-prerendered='login']")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Inicia sesión" })).toBeVisible();
    await expect(page.getByText("Versión 30.14.0")).toBeVisible();
    await expectPortalFont(page, "the live login page");
  });

  test("the events panel opens with Ant Design's theme variables from its page: none is made again in the browser", async ({ browser, baseURL }) => {
    // An operator who did not ask for less motion gets the theme the build wrote into the page (issue 36:
    // injecting these tags was a quarter of the panel's longest task on a phone).
    const context = await browser.newContext({ baseURL, locale: "es-CL", reducedMotion: "no-preference" });
    const page = await context.newPage();
    await signIn(page, "operador@demo.cl");
    await expect(page.getByTestId("report-row").first()).toBeVisible();
    const html = await (await page.request.get("/v3/events")).text();
    const written = [...html.matchAll(/<style[^>]* data-css-hash="([^"]+)"/g)].map((match) => match[1]);
    const live = await page.locator("style[data-token-hash]").evaluateAll((tags) => tags.map((tag) => tag.getAttribute("data-css-hash")));
    expect(written.length).toBeGreaterThan(0);
    expect(live.filter((hash) => !written.includes(hash!))).toEqual([]);
    await context.close();
  });

  test("after logging out from an open report, the page sends no request and opens no socket", async ({ page, request }) => {
    const created = await request.post("/api/app/reports", {
      data: { type: 6, description: `Ventana rota en la sede vecinal ${Date.now()}`, latitude: -33.4402, longitude: -70.6541 },
    });
    const { report } = (await created.json()) as { report: { uuid: string } };
    await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
    await expect(page.getByTestId("take-button")).toBeVisible();
    // Connected, and that reported (a request of before the logout).
    await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
    await page.waitForLoadState("networkidle");
    const after: string[] = [];
    let loggedOut = false;
    page.on("request", (r) => {
      // Everything after the logout's own request, which the portal sends in the same moment it forgets the
      // session (features/auth/use-logout.ts). Counting from the click instead counted what a slow machine
      // was still loading while Playwright readied the click (a list's suggestion counts, before the logout).
      if (r.url().endsWith("/api/logout")) loggedOut = true;
      else if (loggedOut && r.url().includes("/api/")) after.push(`${r.method()} ${r.url()}`);
    });
    page.on("websocket", (ws) => {
      if (loggedOut) after.push(`WS ${ws.url()}`);
    });
    await page.getByText("Cerrar sesión").click();
    await expect(page).toHaveURL(/\/v3\/login/);
    // Past the presence leave, a reconnect attempt and a connectivity report.
    await page.waitForTimeout(5_000);
    expect(loggedOut).toBe(true);
    expect(after).toEqual([]);
  });

  test("the e-mail verification link's landing shows its notice on the login page, success as status and failure as alert", async ({ page }) => {
    await page.goto("/v3/login?verified=1");
    const ok = page.getByTestId("verified-notice");
    await expect(ok).toHaveText("Tu correo quedó verificado. Ya puedes iniciar sesión.");
    await expect(ok).toHaveAttribute("role", "status");
    // The live page replaced the prerendered one (which has no notice) and the form still works.
    await expect(page.locator("#root[data-prerendered='login']")).toHaveCount(0);
    await expect(page.locator("#login_email")).toBeEditable();
    await page.goto("/v3/login?verified=0");
    const failed = page.getByTestId("verified-notice");
    await expect(failed).toContainText("No pudimos verificar tu correo");
    await expect(failed).toHaveAttribute("role", "alert");
    await page.goto("/v3/login");
    await expect(page.locator("#login_email")).toBeEditable();
    await expect(page.getByTestId("verified-notice")).toHaveCount(0);
  });

  test("a wrong password shows the server's message, which clears after 3 seconds", async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn("operador@demo.cl", "no-es-la-clave");
    await expect(login.error).toHaveText("Contraseña incorrecta");
    await expect(login.error).toBeHidden({ timeout: 5_000 });
    await login.signIn("nadie@demo.cl", "cualquiera");
    await expect(login.error).toHaveText("Usuario no encontrado");
  });

  test("a 401 clears the session and returns to login with the from marker, then back to the page", async ({ page }) => {
    await signIn(page, "operador@demo.cl");
    // The server revokes the token (a logout elsewhere, a locked account): the open page finds out on
    // its next call and goes to the login with the from marker.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("atalaya.session") ?? "{}").token as string);
    const res = await page.request.get("/api/logout", { headers: { "access-token": token } });
    expect(res.ok()).toBe(true);
    await expect(page).toHaveURL(/\/v3\/login\?from=requestAsync/);
    expect(await page.evaluate(() => localStorage.getItem("atalaya.session"))).toBeNull();
    await expect(page.getByTestId("session-notice")).toBeVisible();
    await new LoginPage(page).signIn("operador@demo.cl");
    await expect(page).toHaveURL(/\/v3\/events/);

    // A stale token on a fresh page load: the first call answers 401. (Set from a page that makes no API
    // call: the events panel would send the stale token at once, and its own 401 would clear it first.)
    await page.goto("/notFound");
    await page.evaluate(() => localStorage.setItem("atalaya.session", JSON.stringify({ token: "stale", userId: 1 })));
    await page.goto("/v3/events");
    await expect(page).toHaveURL(/\/v3\/login\?from=requestAsync/);
  });

  test("public links, not-found and not-authorised screens", async ({ page }) => {
    await page.goto("/public/00000000-0000-4000-8000-000000000000");
    await expect(page).toHaveURL(/\/notFound$/);
    await expect(page.getByRole("button", { name: "Volver al inicio" })).toBeVisible();
    await page.goto("/notAuth");
    await expect(page.getByText(/no tienes permisos para ver este contenido/i)).toBeVisible();
    await page.goto("/esto/no/existe");
    await expect(page.getByRole("button", { name: "Volver al inicio" })).toBeVisible();

    await signIn(page, "operador@demo.cl");
    const uuid = "11111111-2222-4333-8444-555555555555";
    await page.goto(`/public/${uuid}`);
    await expect(page).toHaveURL(new RegExp(`/v3/events/${uuid}$`));
  });

  test("a language whose texts cannot be downloaded is said where it was chosen, and choosing it again works", async ({ page }) => {
    // The French catalogue's download fails, as on a connection that drops: the choice changes nothing
    // and says so, on the login page (under its switch) and in the signed-in header (a toast).
    const frenchTexts = "**/assets/texts-fr-*.js";
    await page.route(frenchTexts, (route) => route.abort("internetdisconnected"));
    const login = new LoginPage(page);
    await login.open();
    await page.getByTitle("Français").click();
    await expect(page.getByRole("alert").filter({ hasText: "No se pudo cambiar el idioma (Français)" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Inicia sesión" })).toBeVisible();

    await signIn(page, "operador@demo.cl");
    await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
    await page.getByTestId("language-switch").click();
    await page.getByRole("menuitem", { name: "Français" }).click();
    await expect(page.getByText("No se pudo cambiar el idioma (Français): revisa la conexión y vuelve a intentarlo.")).toBeVisible();
    await expect(page.getByTestId("language-switch")).toHaveText("ES");
    // Not remembered either: the next visit opens in the language that shows.
    expect(await page.evaluate(() => localStorage.getItem("atalaya.lang"))).not.toBe("fr");

    // The connection is back: the same choice now works.
    await page.unroute(frenchTexts);
    await page.getByTestId("language-switch").click();
    await page.getByRole("menuitem", { name: "Français" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Événements" })).toBeVisible();
    await expect(page.getByTestId("language-switch")).toHaveText("FR");
    expect(await page.evaluate(() => localStorage.getItem("atalaya.lang"))).toBe("fr");
  });
});
