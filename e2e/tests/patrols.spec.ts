import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

test("patrols on the map: a patrol's status arrives live, and a pending report is assigned to it from the list", async ({ page, request }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-patrols").click();
  await expect(page).toHaveURL(/\/v3\/patrols$/);
  await expect(page.getByRole("heading", { level: 1, name: "Patrullas" })).toBeVisible();
  await expect(page.getByTestId("patrol-row")).toHaveCount(3);
  await expect(page.locator(".patrol-marker")).toHaveCount(3);

  // The patrol app reports a position and says it is busy: the screen follows without a reload.
  const login = await request.post("/api/app/login", { data: { email: "patrulla2@demo.cl", password: "Atalaya2026" } });
  const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const moved = await request.post("/api/app/positions", { headers: { "access-token": token }, data: { latitude: -33.4391, longitude: -70.6482, heading: 90 } });
  expect(moved.ok()).toBe(true);
  expect((await request.put("/api/app/patrol-status", { headers: { "access-token": token }, data: { status: "busy" } })).ok()).toBe(true);
  const sofia = page.getByTestId("patrol-row").filter({ hasText: "Sofía Araya" });
  await expect(sofia.getByTestId("patrol-status")).toHaveText("Ocupada");
  await expect(page.locator('.patrol-marker[data-status="busy"]')).toHaveCount(1);

  // Assign the newest pending report to the nearest patrol.
  const first = page.getByTestId("pending-assign").first();
  const label = (await first.getAttribute("aria-label"))!.replace(/^Asignar (#\d+).*$/, "$1");
  await first.click();
  const popup = page.getByTestId("assign-popup");
  await expect(popup).toBeVisible();
  await popup.getByTestId("assign-confirm").click();
  await expect(page.getByText(/Reporte asignado a /)).toBeVisible();
  await expect(page.getByTestId("patrol-row").filter({ hasText: `Atiende: ${label}` })).toHaveCount(1);
  await expectAccessible(page);
});
