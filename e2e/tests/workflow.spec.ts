import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";

async function operator(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
  return page;
}

test.describe("two operators work the same reports live", () => {
  test("a community report appears in both panels with the alarm cue; A's take shows on B and B's take is refused", async ({ browser, request }) => {
    const a = await operator(browser, "operador@demo.cl");
    const b = await operator(browser, "operadora@demo.cl");

    const description = `Portonazo en curso frente al edificio ${Date.now()}`;
    const created = await request.post("/api/app/reports", {
      data: { type: 1, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
    });
    expect(created.ok()).toBe(true);
    const { report } = (await created.json()) as { report: { uuid: string } };

    for (const page of [a, b]) {
      await expect(page.getByText(description).first()).toBeVisible();
      await expect(page.getByTestId("new-report-alert")).toBeVisible();
      await expect(page).toHaveTitle(/^\(\d+\)/);
    }

    // Both open the detail; A takes it first.
    await a.goto(`/v3/events/${report.uuid}`);
    await b.goto(`/v3/events/${report.uuid}`);
    await expect(b.getByTestId("take-button")).toBeEnabled();
    await a.getByTestId("take-button").click();
    await expect(a.getByTestId("report-status")).toContainText(/en curso|en progreso/i);

    // B sees A's take live, without reloading.
    await expect(b.getByTestId("report-assignee")).toContainText("Joaquín Muñoz");
    await expect(b.getByTestId("report-status")).toContainText(/en curso|en progreso/i);
    await b.screenshot({ path: "test-results/taken-by-colleague.png", fullPage: true });

    // B's late take (e.g. a click racing the update) is refused by the server with who took it.
    const token = await b.evaluate(() => JSON.parse(localStorage.getItem("atalaya.session") ?? "{}").token as string);
    const settings = await (await b.request.get("/api/settings", { headers: { "access-token": token } })).json();
    const detail = await (await b.request.get(`/api/companies/${settings.company.id}/reports/by-uuid/${report.uuid}`, { headers: { "access-token": token } })).json();
    const late = await b.request.post(`/api/companies/${settings.company.id}/reports/${detail.report.id}/take`, { headers: { "access-token": token } });
    expect(late.status()).toBe(409);
    expect((await late.json()).error.code).toBe("alreadyTaken");
    // Closed, so they neither take the next tests' live events and alarms (CPU on a loaded machine) nor
    // appear in the next test's failure screenshots.
    await a.context().close();
    await b.context().close();
  });

  test("B's screen, not yet told of A's take, clicks Tomar and is told who took it; then catches up", async ({ browser, request }) => {
    const a = await operator(browser, "operador@demo.cl");
    const bContext = await browser.newContext();
    const b = await bContext.newPage();
    // B's live stream passes through here so it can be held back, as on a slow network.
    let holding = false;
    const held: (string | Buffer)[] = [];
    let toB: ((message: string | Buffer) => void) | undefined;
    await b.routeWebSocket(/\/api\/realtime/, (ws) => {
      const server = ws.connectToServer();
      toB = (message) => ws.send(message);
      server.onMessage((message) => (holding ? held.push(message) : ws.send(message)));
    });
    await signIn(b, "operadora@demo.cl");
    await expect(b.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");

    const description = `Auto con alarma sonando hace una hora ${Date.now()}`;
    const created = await request.post("/api/app/reports", {
      data: { type: 6, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
    });
    const { report } = (await created.json()) as { report: { uuid: string } };
    await a.goto(`/v3/events/${report.uuid}`);
    await b.goto(`/v3/events/${report.uuid}`);
    await expect(b.getByTestId("take-button")).toBeEnabled();

    holding = true;
    await a.getByTestId("take-button").click();
    await expect(a.getByTestId("report-status")).toContainText(/en curso/i);
    await b.getByTestId("take-button").click();
    await expect(b.getByTestId("take-error")).toContainText("Joaquín Muñoz");
    await b.screenshot({ path: "test-results/take-refused.png" });

    holding = false;
    for (const message of held.splice(0)) toB?.(message);
    await expect(b.getByTestId("report-assignee")).toContainText("Joaquín Muñoz");
    await expect(b.getByTestId("report-status")).toContainText(/en curso/i);
    await a.context().close();
    await bContext.close();
  });
});

test("a report its author deleted can only be closed, without a reply, and stays marked as deleted", async ({ browser, request }) => {
  const page = await operator(browser, "operador@demo.cl");
  const app = await (await request.post("/api/app/login", { data: { email: "vecino1@demo.cl", password: "Atalaya2026" } })).json();
  const headers = { "access-token": app.user.access_token as string };
  const created = await request.post("/api/app/reports", {
    headers,
    data: { type: 0, description: `Me equivoqué de calle ${Date.now()}`, latitude: -33.4402, longitude: -70.6541 },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await page.goto(`/v3/events/${report.uuid}`);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toContainText(/en curso/i);

  expect((await request.delete(`/api/app/reports/${report.uuid}`, { headers })).ok()).toBe(true);
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_deleting_progress");
  await expect(page.getByTestId("comments-disabled")).toBeVisible();

  await page.getByTestId("close-button").click();
  await expect(page.getByTestId("close-dialog")).toContainText("sin respuesta al informante");
  await expect(page.getByTestId("close-answer-mode")).toHaveCount(0);
  await page.getByTestId("close-submit").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "solved");
  await expect(page.getByTestId("deleted-badge")).toHaveText("Eliminado por su autor");
  await page.context().close();
});

test("an operator adds photos to a report they work on: JPEG or PNG only, the limits beside the field, each refusal explained", async ({ browser, request }) => {
  const page = await operator(browser, "operadora@demo.cl");
  const description = `Fotos del lugar ${Date.now()}`;
  const created = await request.post("/api/app/reports", {
    data: { type: 1, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await page.goto(`/v3/events/${report.uuid}`);
  await page.getByTestId("gallery-tab").click();
  // Not offered before the report is taken.
  await expect(page.getByTestId("report-images")).toHaveCount(0);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toContainText(/en curso|en progreso/i);
  await page.getByTestId("gallery-tab").click();
  await expect(page.getByTestId("report-images-limits")).toHaveText("JPEG o PNG · hasta 10 MB cada una · máximo 5 por reporte · 0 de 5");

  // A 1×1 PNG, a PDF and a "photo" that is a PDF: one added, two refused with the file's name.
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("report-images-add").click();
  await (await chooser).setFiles([
    { name: "frente.png", mimeType: "image/png", buffer: png },
    { name: "informe.pdf", mimeType: "application/pdf", buffer: pdf },
  ]);
  await expect(page.getByTestId("report-images-problems")).toHaveText("«informe.pdf» no es una imagen JPEG o PNG");
  await expect(page.getByTestId("report-images-limits")).toHaveText(/· 1 de 5$/);
  await expect(page.getByTestId("gallery-panel").locator("img").first()).toBeVisible();

  // The server reads the content: a PDF named and typed as a JPEG is refused too.
  const again = page.waitForEvent("filechooser");
  await page.getByTestId("report-images-add").click();
  await (await again).setFiles([{ name: "camara.jpg", mimeType: "image/jpeg", buffer: pdf }]);
  await expect(page.getByTestId("report-images-problems")).toHaveText("«camara.jpg» no es una imagen JPEG o PNG");
  await expect(page.getByTestId("report-images-limits")).toHaveText(/· 1 de 5$/);
  await page.screenshot({ path: "test-results/report-images.png", fullPage: true });
  await page.context().close();
});
