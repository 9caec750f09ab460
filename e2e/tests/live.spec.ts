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

test("with the socket lost, the panel says so and polls: a new report still arrives, with the alarm", async ({ page, request }) => {
  let socketDown = false;
  const sockets: { close: (options: { code: number; reason: string }) => Promise<void> }[] = [];
  await page.routeWebSocket(/\/api\/realtime/, (ws) => {
    if (socketDown) return void ws.close({ code: 1011, reason: "down" });
    ws.connectToServer();
    sockets.push(ws);
  });
  await signIn(page, "operadora@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  await page.getByTestId("sort-select").click();
  await page.getByText("Más recientes").last().click();

  socketDown = true;
  await Promise.all(sockets.map((ws) => ws.close({ code: 1011, reason: "down" })));
  await expect(page.getByTestId("polling-notice")).toBeVisible();

  const description = `Llega por sondeo, sin tiempo real ${Date.now()}`;
  const res = await request.post("/api/app/reports", {
    data: { type: 0, description, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" },
  });
  expect(res.ok()).toBe(true);
  // The first poll comes 5 to 15 s after the socket is lost.
  await expect(page.getByText(description).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("new-report-alert")).toBeVisible();
});
