import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// Stolen-vehicle plate lookup (issue 17) against the demo's fake police service, which the server starts
// in-process (no PLATE_SERVICE_URL in the browser tests): BBCL23 and KHTR45 are its stolen plates.

// Each test signs in and opens a few screens and dialogs: more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test("the header's plate dialog refuses a wrong format before asking, then shows a stolen result with the vehicle", async ({ page }) => {
  await signIn(page, "operador@demo.cl");
  const asked: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/companies\/\d+\/plates\//.test(r.url())) asked.push(r.url());
  });
  await page.getByTestId("plate-search-open").click();
  const dialog = page.getByRole("dialog", { name: "Consulta de patente robada" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Patente").fill("BADF12");
  await dialog.getByRole("button", { name: "Consultar" }).click();
  await expect(dialog.getByText("La patente no tiene un formato chileno válido")).toBeVisible();
  await expect(dialog.getByTestId("plate-result")).toHaveCount(0);
  expect(asked).toEqual([]);

  await dialog.getByLabel("Patente").fill("bb-cl 23");
  await dialog.getByRole("button", { name: "Consultar" }).click();
  const result = dialog.getByTestId("plate-result");
  await expect(result).toHaveAttribute("data-stolen", "true");
  await expect(result.getByText("Vehículo con encargo por robo")).toBeVisible();
  await expect(result.getByText("BB·CL·23", { exact: false })).toBeVisible();
  await expect(dialog.getByTestId("plate-vehicle")).toContainText("Toyota");
  expect(asked).toHaveLength(1);
  await expectAccessible(page);

  await dialog.getByLabel("Patente").fill("DRLP61");
  await dialog.getByRole("button", { name: "Consultar" }).click();
  await expect(result).toHaveAttribute("data-stolen", "false");
  await expect(result.getByText("Sin encargo por robo")).toBeVisible();
});

test("a stolen result flags the open report, whose badge shows in the detail and on its panel row", async ({ page, request }) => {
  const created = await request.post("/api/app/reports", {
    data: { type: 1, description: `Auto sospechoso estacionado ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  await page.getByTestId("report-plate-search").click();
  const dialog = page.getByRole("dialog", { name: "Consulta de patente robada" });
  await dialog.getByLabel("Patente").fill("KHTR45");
  await dialog.getByRole("button", { name: "Consultar" }).click();
  await expect(dialog.getByTestId("plate-result")).toHaveAttribute("data-stolen", "true");
  await dialog.getByTestId("plate-flag").click();
  await expect(page.getByTestId("badge-stolen-plate").first()).toContainText("KH·TR·45");
  await dialog.getByRole("button", { name: "Cerrar" }).first().click();
  await expect(page.locator(".rd-header").getByTestId("badge-stolen-plate")).toContainText("Patente robada KH·TR·45");
});

test("the plate lookups log lists the lookups for admins and passes axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("plate-search-open").click();
  const dialog = page.getByRole("dialog", { name: "Consulta de patente robada" });
  await dialog.getByLabel("Patente").fill("CD5678");
  await dialog.getByRole("button", { name: "Consultar" }).click();
  await expect(dialog.getByTestId("plate-result")).toHaveAttribute("data-stolen", "false");
  await page.keyboard.press("Escape");
  await page.goto("/v3/plate-lookups");
  await expect(page.getByRole("heading", { level: 1, name: "Consultas de patentes" })).toBeVisible();
  await expect(page.getByTestId("plate-lookup-row").first()).toContainText("CD·56·78");
  await page.locator("#plate-lookups-filter").fill("bbcl23");
  await page.locator("#plate-lookups-filter").press("Enter");
  await expect(page.getByTestId("plate-lookup-row").first()).toContainText("BB·CL·23");
  await expect(page.getByTestId("plate-lookup-row").filter({ hasText: "CD·56·78" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
});

test("the plate dialog with a result and the lookups log do not scroll sideways at 390 px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "admin@demo.cl", "/v3/plate-lookups");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectNoSidewaysScroll(page, "/v3/plate-lookups at 390 px");
  await page.getByTestId("plate-search-open").click();
  const dialog = page.getByRole("dialog", { name: "Consulta de patente robada" });
  await dialog.getByLabel("Patente").fill("BBCL23");
  await dialog.getByRole("button", { name: "Consultar" }).click();
  await expect(dialog.getByTestId("plate-vehicle")).toBeVisible();
  await expectNoSidewaysScroll(page, "the plate dialog at 390 px");
  await expectAccessible(page);
  await context.close();
});

test("click-to-call shows beside the reporter's phone for the gated demo organisation and logs the call", async ({ page, request }) => {
  // A neighbour of the demo signs in to the reporter app and reports, so the report has their phone.
  const login = await request.post("/api/app/login", { data: { email: "vecino1@demo.cl", password: "Atalaya2026" } });
  const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
  const created = await request.post("/api/app/reports", {
    headers: { "access-token": token },
    data: { type: 1, description: `Ruido molesto ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await signIn(page, "operador@demo.cl", `/v3/events/${report.uuid}`);
  await page.getByTestId("call-reporter").click();
  await expect(page.getByText(/Llamada iniciada/)).toBeVisible();
  await page.getByTestId("activity-tab").click();
  await expect(page.getByText("Llamada telefónica").first()).toBeVisible();
  await expect(page.getByText(/Llamar al informante: (sonando|ocupado)/).first()).toBeVisible();
});
