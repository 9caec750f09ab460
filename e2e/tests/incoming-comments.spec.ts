import { expect, test } from "../support/test.js";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";

test("the incoming comments drawer lists the community's comments also after a reload", async ({ page, request }) => {
  const app = await (await request.post("/api/app/login", { data: { email: "vecino2@demo.cl", password: DEMO_PASSWORD } })).json();
  const headers = { "access-token": app.user.access_token as string };
  const created = await request.post("/api/app/reports", {
    headers,
    data: { type: 6, description: `Alarma de auto sonando ${Date.now()}`, latitude: -33.4402, longitude: -70.6541 },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  const text = `Sigue sonando, ya van dos horas ${Date.now()}`;
  expect((await request.post(`/api/app/reports/${report.uuid}/comments`, { headers, data: { body: text } })).ok()).toBe(true);

  // Sent before this page existed: only the server can tell it.
  await signIn(page, "operador@demo.cl");
  await page.reload();
  await page.getByTestId("incoming-comments-button").click();
  const drawer = page.getByTestId("incoming-comments-drawer");
  await expect(drawer.getByTestId("incoming-comment").filter({ hasText: text })).toBeVisible();
});
