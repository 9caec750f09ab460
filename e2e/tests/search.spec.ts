import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

test("search finds a report by a word without its accent, from the header box", async ({ page, request }) => {
  const stamp = Date.now();
  const description = `Reunión sospechosa en el pasaje Güemes ${stamp}`;
  const res = await request.post("/api/app/reports", {
    data: { type: 0, description, latitude: -33.437, longitude: -70.635, address: "José Victorino Lastarria 90, Santiago" },
  });
  expect(res.ok()).toBe(true);
  const uuid = ((await res.json()) as { report: { uuid: string } }).report.uuid;

  await signIn(page, "admin@demo.cl");
  await page.getByRole("button", { name: "Buscar" }).first().click();
  const box = page.getByRole("searchbox", { name: "Texto a buscar" }).or(page.getByLabel("Texto a buscar")).first();
  await box.fill("guemes");
  await box.press("Enter");

  await expect(page).toHaveURL(/\/v3\/search\?q=guemes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Búsqueda" })).toBeVisible();
  const hit = page.getByTestId("search-report").filter({ hasText: String(stamp) });
  await expect(hit).toHaveCount(1);
  // The accented word is what is marked, as text.
  await expect(hit.locator("mark", { hasText: "Güemes" })).toBeVisible();
  await page.screenshot({ path: "test-results/search-results.png" });

  // A click on the row opens the report.
  await hit.getByText(description).first().click();
  await expect(page).toHaveURL(new RegExp(`/v3/events/${uuid}$`));
});
