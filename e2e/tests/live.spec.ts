import { expect, test } from "../support/test.js";
import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, signIn } from "../pages/login-page.js";

/** The page's real-time socket passed through to the server until `drop()` closes it (1011) and keeps
 * every reconnect closed; `down` set back to false lets the next one through. */
async function routeSocket(page: Page, { down = false } = {}) {
  const sockets: { close: (options: { code: number; reason: string }) => Promise<void> }[] = [];
  const socket = {
    down,
    async drop() {
      socket.down = true;
      await Promise.all(sockets.map((ws) => ws.close({ code: 1011, reason: "down" })));
    },
  };
  await page.routeWebSocket(/\/api\/realtime/, (ws) => {
    if (socket.down) return void ws.close({ code: 1011, reason: "down" });
    ws.connectToServer();
    sockets.push(ws);
  });
  return socket;
}

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
  const socket = await routeSocket(page);
  await signIn(page, "operadora@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  await page.getByTestId("sort-select").click();
  await page.getByText("Más recientes").last().click();

  await socket.drop();
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

test("a new report that comes in a page of the list, ahead of its event, rings the alarm too", async ({ page, request }) => {
  // The socket is down and no poll has run: the only way the report arrives is the page the sort asks for.
  const socket = await routeSocket(page);
  await signIn(page, "operadora@demo.cl");
  await expect(page.getByText("En línea").first()).toBeVisible();
  await socket.drop();
  await expect(page.getByTestId("polling-notice")).toBeVisible();

  // The page of the newest reports is held until the report is in, as a slow answer would be.
  const description = `Llega con la página, antes que su evento ${Date.now()}`;
  let posted: () => void = () => undefined;
  const reportIn = new Promise<void>((resolve) => (posted = resolve));
  await page.route(/\/reports\/rows\?.*sort=newest/, async (route) => {
    await reportIn;
    await route.continue();
  });
  await page.getByTestId("sort-select").click();
  await page.getByText("Más recientes").last().click();
  const res = await request.post("/api/app/reports", {
    data: { type: 0, description, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" },
  });
  expect(res.ok()).toBe(true);
  posted();
  await expect(page.getByText(description).first()).toBeVisible();
  await expect(page.getByTestId("new-report-alert")).toContainText(description.slice(0, 20));
});

test("an observer company's operator gets new reports live without a take button", async ({ page, request }) => {
  const login = await request.post("/api/login", { data: { email: "proveedor@demo.cl", password: DEMO_PASSWORD } });
  const provider = { "access-token": ((await login.json()) as { user: { access_token: string } }).user.access_token };
  const companies = ((await (await request.get("/api/admin/companies", { headers: provider })).json()) as { companies: { id: number; name: string }[] }).companies;
  const demo = companies.find((c) => c.name === "Municipalidad de Santiago — Seguridad Ciudadana")!;
  const observe = (is_observer: boolean) => request.put(`/api/admin/companies/${demo.id}/flags`, { headers: provider, data: { is_observer } });
  expect((await observe(true)).ok()).toBe(true);
  try {
    await signIn(page, "operadora@demo.cl");
    await expect(page.getByText("En línea").first()).toBeVisible();
    await page.getByTestId("sort-select").click();
    await page.getByText("Más recientes").last().click();
    // Rows loaded with the page offer no take either.
    await expect(page.getByTestId("report-row").first()).toBeVisible();
    await expect(page.getByTestId("take-report")).toHaveCount(0);

    const description = `Observada, no se toma ${Date.now()}`;
    const res = await request.post("/api/app/reports", {
      data: { type: 0, description, latitude: -33.4405, longitude: -70.6553, address: "Huérfanos 1100, Santiago" },
    });
    expect(res.ok()).toBe(true);
    const row = page.getByTestId("report-row").filter({ hasText: description });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("take-report")).toHaveCount(0);
    await expect(page.getByTestId("take-report")).toHaveCount(0);
  } finally {
    expect((await observe(false)).ok()).toBe(true);
  }
});

test("the header's buttons stay where they are while the socket connects, drops and comes back", async ({ page }) => {
  // A press lands where the button was a moment before: if "Conectando…" turning into "En línea" moved the
  // buttons on its left, a click as the page opened went to the gap beside the plate button.
  const socket = await routeSocket(page, { down: true });
  await signIn(page, "operador@demo.cl");
  const status = page.getByTestId("connection-status");
  const plate = page.getByTestId("plate-search-open");
  await expect(plate).toBeVisible();
  await expect(status).toHaveAttribute("data-state", "connecting");
  const connecting = (await plate.boundingBox())!.x;

  socket.down = false;
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(status).toHaveAttribute("data-state", "online");
  await expect(status.getByText("En línea")).toBeVisible();
  expect((await plate.boundingBox())!.x).toBe(connecting);

  await socket.drop();
  await expect(status).toHaveAttribute("data-state", "offline");
  expect((await plate.boundingBox())!.x).toBe(connecting);
});
