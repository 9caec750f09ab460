import { expect, test } from "../support/test.js";
import { adminApi } from "../pages/assets.js";
import { signIn } from "../pages/login-page.js";
import { expectPortalFont } from "../support/fonts.js";

/** Signs in through the form; the events screen may take a while on a loaded machine (its chunk is the largest). */
// Issue 17: assets with QR codes and their public page, safe tags and their finder's page.

test("a disabled asset's page says it takes no reports, every text in the portal's font", async ({ page, request }) => {
  const { headers, companyId } = await adminApi(request);
  const created = await request.post(`/api/companies/${companyId}/assets`, {
    headers,
    data: { category: "Banca", description: `Banca retirada ${Date.now()}`, enabled: false, latitude: -33.44, longitude: -70.65 },
  });
  const { asset } = (await created.json()) as { asset: { uuid: string } };
  await page.goto(`/a/${asset.uuid}`);
  await expect(page.getByTestId("asset-public-disabled")).toBeVisible();
  await expect(page.getByTestId("asset-report-send")).toHaveCount(0);
  // Opened without a session: no signed-in frame (whose Ant Design <App> sets the font) around it.
  await expectPortalFont(page, "the public asset page");
});

test("an admin creates an asset, sees its QR code, prints the sheet, and a citizen's report from its page reaches the panel", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await signIn(page, "admin@demo.cl", "/v3/assets");
  await expect(page.getByRole("heading", { level: 1, name: "Activos" })).toBeVisible();

  await page.getByTestId("assets-create").click();
  const drawer = page.getByTestId("asset-drawer");
  await drawer.getByTestId("asset-category").fill("Semáforo");
  await drawer.getByTestId("asset-description").fill(`Semáforo de Moneda con Bandera ${stamp}`);
  await drawer.getByTestId("asset-message").fill("Este semáforo es municipal. Cuéntanos si falla.");
  // SPEC §5: an invalid external URL is refused with its text, on its field.
  await drawer.getByTestId("asset-url").fill("no es una url");
  await drawer.getByTestId("asset-save").click();
  await expect(drawer.getByText("La URL ingresada no es válida")).toBeVisible();
  await drawer.getByTestId("asset-url").fill("https://www.munistgo.cl/semaforos");
  await drawer.getByTestId("asset-latitude").fill("-33.4410");
  await drawer.getByTestId("asset-longitude").fill("-70.6520");
  await drawer.getByTestId("asset-save").click();
  await expect(drawer).toBeHidden();

  await page.getByTestId("asset-search").locator("input").fill(String(stamp));
  await page.getByTestId("asset-search").locator("input").press("Enter");
  const row = page.getByTestId("asset-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Semáforo");

  // The QR code shows (a PNG fetched with the session) with the page it opens.
  await row.getByTestId("asset-qr").click();
  const qr = page.getByTestId("asset-qr-modal");
  await expect(qr.getByTestId("asset-qr-image")).toBeVisible();
  await expect.poll(() => qr.getByTestId("asset-qr-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  const publicUrl = (await qr.getByTestId("asset-qr-link").textContent())!.trim();
  expect(publicUrl).toMatch(/\/a\/[0-9a-f-]{36}$/);
  await page.keyboard.press("Escape");

  // "Print sheet" opens the PDF of the QR codes.
  const sheet = page.waitForResponse((r) => r.url().includes("/assets/sheet.pdf"));
  const popup = page.waitForEvent("popup");
  await page.getByTestId("asset-print").click();
  const response = await sheet;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect(Number(response.headers()["content-length"])).toBeGreaterThan(1000);
  // The new tab shows the PDF (a blob of the response: a plain link cannot carry the session's token).
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();

  // A citizen (another browser, no session) reports from the asset's page.
  const citizen = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await citizen.newPage();
  await phone.goto(new URL(publicUrl).pathname);
  await expect(phone.getByTestId("asset-public-message")).toHaveText("Este semáforo es municipal. Cuéntanos si falla.");
  await expectPortalFont(phone, "the asset's page with its report form");
  await phone.getByTestId("asset-report-type").click();
  await phone.locator(".ant-select-dropdown:visible .ant-select-item-option").first().click();
  await phone.getByTestId("asset-report-description").fill(`No funciona la luz roja ${stamp}`);
  const posted = phone.waitForResponse((r) => /\/api\/app\/assets\/[^/]+\/reports$/.test(r.url()) && r.request().method() === "POST");
  await phone.getByTestId("asset-report-send").click();
  await expect(phone.getByTestId("asset-public-sent")).toBeVisible();
  const { report } = (await (await posted).json()) as { report: { uuid: string } };
  await citizen.close();

  // It arrives in the operator's panel and its detail names the asset.
  await page.goto(`/v3/events/${report.uuid}`);
  await expect(page.getByText(`No funciona la luz roja ${stamp}`).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("report-asset")).toContainText(`Semáforo · Semáforo de Moneda con Bandera ${stamp}`);
});

test("an admin creates a batch of safe tags, exports it, and a finder writes to a linked tag's owner", async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Mochilas ${Date.now()}`;
  await signIn(page, "admin@demo.cl", "/v3/safetags");
  await expect(page.getByRole("heading", { level: 1, name: "Etiquetas seguras" })).toBeVisible();
  await page.getByTestId("safetags-create").click();
  await page.getByTestId("safetag-batch-name").fill(name);
  await page.getByTestId("safetag-batch-size").fill("6");
  await page.getByTestId("safetag-batch-save").click();
  const codes = page.getByTestId("safetag-codes");
  await expect(codes).toContainText(name);
  await expect(codes.getByTestId("safetag-row")).toHaveCount(6);

  const xlsx = page.waitForEvent("download");
  await codes.getByTestId("safetag-export-xlsx").click();
  const file = await xlsx;
  expect(file.suggestedFilename()).toMatch(/^safetags-\d+\.xlsx$/);
  const pdf = page.waitForResponse((r) => /\/safetag-batches\/\d+\/export\.pdf$/.test(r.url()));
  const popup = page.waitForEvent("popup");
  await codes.getByTestId("safetag-export-pdf").click();
  expect((await pdf).headers()["content-type"]).toBe("application/pdf");
  await (await popup).close();

  // A neighbour links the first code in the app; a finder writes from its page.
  const code = (await codes.getByTestId("safetag-row").first().getAttribute("data-code"))!;
  const login = await request.post("/api/app/login", { data: { email: "vecino2@demo.cl", password: "Atalaya2026" } });
  const owner = { "access-token": ((await login.json()) as { user: { access_token: string } }).user.access_token };
  expect((await request.post(`/api/app/safetags/${code}/link`, { headers: owner, data: { name: "Mochila azul" } })).ok()).toBe(true);
  const finder = await page.context().browser()!.newContext();
  const found = await finder.newPage();
  await found.goto(`/t/${code}`);
  await expect(found.getByRole("heading", { level: 1 })).toContainText("Mochila azul");
  await found.getByTestId("finder-message").fill("La encontré en el metro Baquedano, está en objetos perdidos.");
  await found.getByTestId("finder-send").click();
  await expect(found.getByTestId("finder-sent")).toBeVisible();
  await finder.close();
  const inbox = (await (await request.get("/api/app/safetags/messages", { headers: owner })).json()) as { messages: { code: string; message: string }[] };
  expect(inbox.messages[0]).toMatchObject({ code, message: "La encontré en el metro Baquedano, está en objetos perdidos." });

  // Disabling is final: the row says so and the code can no longer be linked.
  await page.reload();
  const row = page.locator(`[data-testid="safetag-row"][data-code="${code}"]`);
  await row.getByTestId("safetag-disable").click();
  await page.getByRole("button", { name: "Deshabilitar" }).last().click();
  await expect(row).toHaveAttribute("data-state", "disabled");
  expect((await request.post(`/api/app/safetags/${code}/link`, { headers: owner })).status()).toBe(409);
});
