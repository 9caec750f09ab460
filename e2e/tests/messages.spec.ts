import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

const PASSWORD = "Atalaya2026";

/** Clicks the map at fractions of its box. */
async function clickMap(page: Page, points: [number, number][]): Promise<void> {
  // The map sits below the form in the drawer: in view first, or the clicks land outside the page.
  const canvas = page.getByTestId("message-zone-map").locator("canvas");
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
    await page.waitForTimeout(150);
  }
}

async function appToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/app/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { user: { access_token: string } }).user.access_token;
}

test("a custom zone drawn, a message with an attachment sent, approved by the provider, delivered to the reporter inbox; the counts move", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@demo.cl");
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("atalaya.session") ?? "{}").token as string);
  const settings = (await (await request.get("/api/settings", { headers: { "access-token": token } })).json()) as {
    company: { id: number; bound: { latitude: number; longitude: number } };
  };
  // A neighbour of the reporter app stands at the company's centre, where the map opens and the zone is drawn.
  const neighbour = await appToken(request, "vecino1@demo.cl");
  const placed = await request.put("/api/app/location", {
    headers: { "access-token": neighbour },
    data: { kind: "last", latitude: settings.company.bound.latitude, longitude: settings.company.bound.longitude },
  });
  expect(placed.status()).toBe(200);

  await page.goto("/v3/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Mensajes" })).toBeVisible();
  await expect(page.getByTestId("message-row").first()).toBeVisible();
  await page.getByTestId("message-create").click();
  const title = `Aviso de prueba ${Date.now()}`;
  await page.getByTestId("message-title-input").fill(title);
  // The editor's toolbar speaks the user's language; its bold button formats the selection.
  const body = page.getByTestId("message-body");
  await expect(body.getByRole("combobox", { name: "Estilo del párrafo" })).toBeVisible();
  await body.locator("[contenteditable]").fill("Corte de luz mañana en el sector.");
  await body.locator("[contenteditable]").selectText();
  await body.getByRole("button", { name: "Negrita" }).click();
  await expect(body.locator("[contenteditable] b")).toHaveText("Corte de luz mañana en el sector.");
  await page.getByTestId("message-attach").locator("..").locator('input[type="file"]').setInputFiles({
    name: "aviso.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  await expect(page.getByTestId("message-attachment")).toContainText("aviso.pdf");
  await expect(page.getByTestId("message-attachment")).toContainText("Bytes");

  // Draw a custom zone around the map's centre.
  await page.getByText("Zona personalizada").click();
  await page.getByTestId("message-zone-new").click();
  await page.getByTestId("message-zone-name").fill(`Sector ${Date.now()}`);
  await page.waitForTimeout(500);
  await clickMap(page, [[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7], [0.3, 0.3]]);
  await page.getByTestId("message-zone-save").click();
  await expect(page.getByTestId("message-zone-select")).toContainText("Sector");
  await expectAccessible(page);
  await page.getByTestId("message-save").click();
  await expect(page.getByText("Mensaje guardado")).toBeVisible();

  const row = page.getByTestId("message-row").filter({ hasText: title });
  await expect(row.getByTestId("message-state")).toHaveAttribute("data-state", "1");
  await row.getByTestId("message-send").click();
  await expect(row.getByTestId("message-state")).toHaveAttribute("data-state", "5");

  // The provider approves it from the queue.
  const provider = await browser.newContext();
  const providerPage = await provider.newPage();
  await signIn(providerPage, "proveedor@demo.cl", "/v3/messages-approval");
  const pending = providerPage.getByTestId("approval-row").filter({ hasText: title });
  await expect(pending).toBeVisible();
  await expectAccessible(providerPage);
  await pending.getByTestId("approval-approve").click();
  await expect(pending).toHaveCount(0);
  await provider.close();

  // Delivered: the list's sent count moves live, the neighbour reads it, and the opened count moves.
  await expect(row.getByTestId("message-state")).toHaveAttribute("data-state", "3", { timeout: 30_000 });
  await expect.poll(async () => Number(await row.getByTestId("message-sent").textContent()), { timeout: 30_000 }).toBeGreaterThan(0);
  const inbox = (await (await request.get("/api/app/messages", { headers: { "access-token": neighbour } })).json()) as {
    items: { id: number; title: string; attachment: { originalName: string } | null }[];
  };
  const item = inbox.items.find((i) => i.title === title);
  expect(item?.attachment?.originalName).toBe("aviso.pdf");
  expect((await request.post(`/api/app/messages/${item!.id}/open`, { headers: { "access-token": neighbour } })).status()).toBe(200);
  await expect(row.getByTestId("message-opened")).not.toHaveText("0", { timeout: 30_000 });
});

test("neighbours notified from the report: the count and delivery progress show live, cancel stops it", async ({ page, request }) => {
  test.setTimeout(180_000);
  // A neighbour of the reporter app stands beside the report's spot; another reports there.
  const at = { latitude: -33.4412 - Math.random() * 0.002, longitude: -70.6535 };
  const neighbour = await appToken(request, "vecino2@demo.cl");
  const placed = await request.put("/api/app/location", { headers: { "access-token": neighbour }, data: { kind: "last", latitude: at.latitude + 0.0005, longitude: at.longitude } });
  expect(placed.status()).toBe(200);
  const reporter = await appToken(request, "vecino1@demo.cl");
  const created = await request.post("/api/app/reports", {
    headers: { "access-token": reporter },
    data: { type: 6, description: `Poste caído ${Date.now()}`, ...at, address: "Agustinas 1100, Santiago" },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const report = ((await created.json()) as { report: { uuid: string } }).report;

  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  await page.getByRole("button", { name: "Más acciones" }).click();
  await page.getByRole("menuitem", { name: "Notificar a vecinos" }).click();
  await page.getByRole("button", { name: "Notificar", exact: true }).click();
  // The job delivers it to the neighbour's inbox; the tag counts delivered of found, live.
  const progress = page.getByTestId("neighbours-progress");
  await expect(progress).toContainText("Vecinos notificados");
  await expect(progress).toHaveText(/Vecinos notificados: (\d+) de \1 avisados/, { timeout: 30_000 });
  expect(Number(await progress.getAttribute("data-total"))).toBeGreaterThanOrEqual(1);
  const inbox = (await (await request.get("/api/app/messages", { headers: { "access-token": neighbour } })).json()) as { items: { kind: string }[] };
  expect(inbox.items.some((i) => i.kind === "neighbours")).toBe(true);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Más acciones" }).click();
  await page.getByRole("menuitem", { name: "Cancelar notificación a vecinos" }).click();
  await page.getByRole("button", { name: "Cancelar notificación", exact: true }).click();
  await expect(progress).toHaveText(/Notificación cancelada: avisados \d+ de \d+ antes de cancelar/);
});
