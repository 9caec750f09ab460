import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";
import { expectNoSidewaysScroll } from "../support/layout.js";

// zona@demo.cl is limited to the Barrio Lastarria zone and to robberies (0) and suspicious activity (11).
const LASTARRIA = { latitude: -33.437, longitude: -70.635, address: "José Victorino Lastarria 90, Santiago" };
const CENTRO = { latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" };

async function sendReport(request: APIRequestContext, type: number, place: typeof LASTARRIA, description: string): Promise<string> {
  const res = await request.post("/api/app/reports", { data: { type, description, ...place } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { report: { uuid: string } }).report.uuid;
}

test("a restricted operator sees only their zone and types: in the panel, live, and by direct URL", async ({ page, request }) => {
  await signIn(page, "zona@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  // The panel says the view is limited, and to what.
  await page.getByTestId("restricted-view").hover();
  await expect(page.getByText("Solo estos tipos: Robo, Actividad sospechosa")).toBeVisible();
  await page.getByTestId("sort-select").click();
  await page.getByText("Más recientes").last().click();

  const stamp = Date.now();
  const otherZone = `Robo en el centro, fuera de la zona ${stamp}`;
  const otherType = `Basura en Lastarria, otro tipo ${stamp}`;
  const mine = `Robo en Lastarria, dentro de la zona ${stamp}`;
  // The two this operator may not see go first: once the third arrives live, they would have too.
  const hiddenUuid = await sendReport(request, 0, CENTRO, otherZone);
  await sendReport(request, 13, LASTARRIA, otherType);
  await sendReport(request, 0, LASTARRIA, mine);

  await expect(page.getByText(mine).first()).toBeVisible();
  await expect(page.getByText(otherZone)).toHaveCount(0);
  await expect(page.getByText(otherType)).toHaveCount(0);
  await page.screenshot({ path: "test-results/restricted-panel.png" });

  // The report outside the zone, opened by its URL, reads as missing.
  await page.goto(`/v3/events/${hiddenUuid}`);
  await expect(page).toHaveURL(/\/notFound$/);

  // An unrestricted colleague sees all three.
  const colleague = await page.context().browser()!.newContext({ baseURL: new URL(page.url()).origin, locale: "es-CL" });
  const other = await colleague.newPage();
  await signIn(other, "operadora@demo.cl");
  await other.getByTestId("sort-select").click();
  await other.getByText("Más recientes").last().click();
  await expect(other.getByText(otherZone).first()).toBeVisible();
  await expect(other.getByText(mine).first()).toBeVisible();
  await expect(other.getByTestId("restricted-view")).toHaveCount(0);
  await colleague.close();
});

test("a free organisation's full-plan screens show the upgrade prompt however they are reached, never a refusal", async ({ browser }) => {
  for (const width of [1440, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on("response", (r) => void (r.status() === 403 && refused.push(new URL(r.url()).pathname)));
    const expectUpgrade = async (name: string) => {
      await expect(page.getByTestId("upgrade-screen")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole("heading", { level: 1, name: `${name} (plan completo)` })).toBeVisible();
      const prompt = page.getByRole("dialog");
      await expect(prompt).toContainText("cuenta gratuita");
      await expect(prompt.getByTestId("upgrade-request")).toBeVisible();
    };
    const closePrompt = async () => {
      await page.getByRole("dialog").getByRole("button", { name: "Ahora no" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    };

    // Typed address.
    await signIn(page, "vecinos@demo.cl", "/v3/messages");
    await expectUpgrade("Mensajes");
    if (width === 390) await expectAccessible(page);
    await closePrompt();
    // The screen stays locked under the prompt, which its button opens again.
    await expect(page.getByText("No se pudieron cargar los mensajes")).toHaveCount(0);
    await page.getByTestId("upgrade-screen-open").click();
    await expect(page.getByRole("dialog").getByTestId("upgrade-request")).toBeVisible();
    await closePrompt();
    await expectNoSidewaysScroll(page, `the locked messages screen at ${width} px`);
    await expectAccessible(page);

    // Reload.
    await page.reload();
    await expectUpgrade("Mensajes");
    await closePrompt();

    // A link inside the portal (client-side navigation), to the other locked screen.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/v3/teams");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await expectUpgrade("Equipos");
    await closePrompt();
    // An open screen still opens.
    await page.goto("/v3/sources");
    await expect(page.getByTestId("upgrade-screen")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    expect(refused).toEqual([]);
    await context.close();
  }
});
