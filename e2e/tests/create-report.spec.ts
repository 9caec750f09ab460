import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

test("a caller's pasted international number keeps the +56 prefix once, and an app user's details fill in on request", async ({ page }) => {
  await signIn(page, "operador@demo.cl", "/v3/events/new");
  await page.getByTestId("create-informer").getByText("Usuario").click();
  const phone = page.getByTestId("create-phone");
  // The first demo neighbour's number, pasted as it is usually written.
  await phone.fill("+56 9 7000 0000");
  await phone.blur();
  await expect(phone).toHaveValue("970000000");
  await expect(page.getByTestId("create-phone-prefix")).toContainText("+56");
  const found = page.getByTestId("caller-lookup");
  await expect(found).toContainText("Francisca Díaz");
  await page.getByTestId("caller-lookup-use").click();
  await expect(page.getByTestId("create-first-name")).toHaveValue("Francisca");
  await expect(page.getByTestId("create-last-name")).toHaveValue("Díaz");
  await expect(page.getByTestId("create-email")).toHaveValue("vecino1@demo.cl");
  await page.screenshot({ path: "test-results/caller-lookup.png" });
});
