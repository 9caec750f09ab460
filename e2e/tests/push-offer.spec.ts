// The browser notifications offer (issue 36): one slim line above the screen, not a block, which the
// operator accepts or puts off; "not now" is remembered in this browser.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";
import { expectNoSidewaysScroll } from "../support/layout.js";

/** The tallest the offer may be: one line of small buttons with its padding and border. */
const ONE_LINE_PX = 40;

/** Names the offer's controls that something else covers where a click would land. */
async function coveredOfferControls(page: Page): Promise<string[]> {
  return page.getByTestId("push-prompt").evaluate((offer) =>
    [...offer.querySelectorAll("button")]
      .filter((button) => {
        const r = button.getBoundingClientRect();
        return !button.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      })
      .map((button) => button.getAttribute("aria-label") ?? button.textContent ?? ""),
  );
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the offer is one slim line with both answers at hand; not now is remembered", async ({ page }) => {
      await signIn(page, "operadora@demo.cl");
      const offer = page.getByTestId("push-prompt");
      await expect(offer).toBeVisible();
      await expect(offer).toContainText("Notificaciones del navegador");
      await expect(offer.getByRole("button", { name: "Activar" })).toBeInViewport();
      await expect(offer.getByRole("button", { name: "Ahora no" })).toBeInViewport();
      expect((await offer.boundingBox())!.height).toBeLessThanOrEqual(ONE_LINE_PX);
      expect(await coveredOfferControls(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/push-offer/offer-${viewport.width}.png` });
      await expectAccessible(page);

      await offer.getByRole("button", { name: "Ahora no" }).click();
      await expect(offer).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Eventos" })).toBeVisible();
      await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
      await expect(offer).toHaveCount(0);
    });
  });
}

test("accepting the offer turns browser notifications on for the operator", async ({ page }) => {
  // The browser's own push service (Google's, for Chromium) is out of reach of a test: its subscription is
  // stood in for, with an https endpoint as a real one has. The rest — permission, service worker, the
  // subscription stored, the setting — is the portal's.
  await page.addInitScript(() => {
    const endpoint = `https://push.example.test/e2e/${Date.now()}`;
    const subscription = {
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: "BEl62iUYgUivxIkv69yViEuiBIa40HI80NM9Lp9rV6EbFW4R8tZRsZbN7SxaOIEuCr9QKYsJOs8gNhdUN0PdWY8", auth: "tBHItJI5svbpez7KI4CCXg" } }),
      unsubscribe: async () => true,
    };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () => subscription as unknown as PushSubscription;
  });
  await signIn(page, "zona@demo.cl");
  const offer = page.getByTestId("push-prompt");
  await expect(offer).toBeVisible();
  // The operator allows notifications when the browser asks.
  await page.context().grantPermissions(["notifications"]);
  await offer.getByRole("button", { name: "Activar" }).click();
  await expect(page.getByText("Notificaciones del navegador activadas")).toBeVisible();
  await expect(offer).toHaveCount(0);

  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem("atalaya.session") ?? "{}") as { token: string }).token);
  const headers = { "access-token": token };
  const settings = (await (await page.request.get("/api/settings", { headers })).json()) as { user: { id: number; settings: { browserPush: boolean } } };
  expect(settings.user.settings.browserPush).toBe(true);
  // Off again, and the stood-in subscription gone, so no later test's notification is pushed to it.
  const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.subscribe()).endpoint);
  expect((await page.request.delete("/api/push/subscriptions", { headers, data: { endpoint } })).ok()).toBe(true);
  expect((await page.request.put(`/api/user/${settings.user.id}/settings`, { headers, data: { browserPush: false } })).ok()).toBe(true);
});
