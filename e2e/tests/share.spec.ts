import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

test("a share link opened without a session shows the report's public page, and only what is public", async ({ browser, page, request }) => {
  const app = await (await request.post("/api/app/login", { data: { email: "vecino1@demo.cl", password: DEMO_PASSWORD } })).json();
  const description = `Poste inclinado sobre la calzada ${Date.now()}`;
  const created = await request.post("/api/app/reports", {
    headers: { "access-token": app.user.access_token as string },
    data: { type: 6, description, latitude: -33.44021, longitude: -70.65416, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };

  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("share-button").click();
  const link = await page.getByTestId("share-url").inputValue();
  expect(link).toContain(`/public/${report.uuid}?sharedUrl=`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // A visitor without a session.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(link);
  await expect(publicPage).toHaveURL(new RegExp(`/shared/${report.uuid}$`));
  await expect(publicPage.getByTestId("shared-description")).toHaveText(description);
  await expect(publicPage.getByTestId("shared-place")).toContainText("Agustinas, Santiago");
  await expect(publicPage.getByTestId("shared-status")).toHaveText("Recibido");
  await expect(publicPage.getByRole("heading", { level: 1 })).toBeVisible();
  // The reporter is not named (the demo neighbour's name), nor the house number.
  await expect(publicPage.locator("body")).not.toContainText(/Agustinas 1000|vecino1|Francisca|Díaz/i);
  await expectNoSidewaysScroll(publicPage, "the shared report's public page");
  await expectAccessible(publicPage);
  await publicPage.screenshot({ path: "test-results/shared-report.png" });

  // sharedUrl is followed to the portal's own pages only: another site ends on "not found".
  await publicPage.goto(`/public/${report.uuid}?sharedUrl=${encodeURIComponent("https://evil.example.com/phish")}`);
  await expect(publicPage).toHaveURL(/\/notFound$/);
  await visitor.close();

  // Made private, the report offers no share link and its public page is gone.
  await page.getByRole("button", { name: "Más acciones" }).click();
  await page.getByRole("menuitem", { name: "Hacer privado" }).click();
  await page.getByRole("button", { name: "Sí, hacer privado" }).click();
  await expect(page.getByTestId("private-badge")).toBeVisible();
  await expect(page.getByTestId("share-button")).toHaveCount(0);
  const gone = await browser.newContext();
  const again = await gone.newPage();
  await again.goto(`/shared/${report.uuid}`);
  await expect(again.getByTestId("shared-unavailable")).toBeVisible();
  await gone.close();
});
