import { expect, test } from "@playwright/test";
import { signIn } from "../pages/login-page.js";

test("a report sent through the reporter API reaches an open page live", async ({ page, request }) => {
  await signIn(page, "operadora@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  const description = `Humo saliendo de una bodega ${Date.now()}`;
  const res = await request.post("/api/app/reports", {
    data: { type: 0, description, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" },
  });
  expect(res.ok()).toBe(true);
  await expect(page.getByText(description).first()).toBeVisible();
});
