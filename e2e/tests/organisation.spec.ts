import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// Organisation administration (issue 12): an admin creates a team and a tag, tags a report, and adds a
// custom dashboard that opens embedded. The dashboard is a page this test serves itself on localhost.

let dashboardServer: Server;
let dashboardUrl: string;

test.beforeAll(async () => {
  dashboardServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end('<!doctype html><html lang="es"><title>Indicadores</title><main><h1 id="kpi">Indicadores del mes: 42</h1></main></html>');
  });
  await new Promise<void>((resolve) => dashboardServer.listen(0, "127.0.0.1", resolve));
  dashboardUrl = `http://127.0.0.1:${(dashboardServer.address() as AddressInfo).port}/panel.html`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => dashboardServer.close(() => resolve()));
});

// Three flows with several screens each, on a machine the other suites share.
test.describe.configure({ timeout: 120_000 });

/** Signs in through the form; the first lazy screens of a cold server may take a while to arrive. */
/** Picks an option of an antd select by typing part of its label. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: text }).first().click();
  await page.keyboard.press("Escape");
}

test("an admin creates a team and a tag, and tags a report", async ({ page, request }) => {
  const suffix = Date.now().toString(36);
  await signIn(page, "admin@demo.cl");

  await page.getByTestId("nav-teams").click();
  await expect(page.getByRole("heading", { level: 1, name: "Equipos" })).toBeVisible();
  await page.getByTestId("teams-create").click();
  // The shared rules answer in the form before anything is sent.
  await page.getByTestId("team-name").fill(`Turno Noche`);
  await page.getByTestId("team-drawer-save").click();
  await expect(page.getByText("El nombre del equipo no puede contener espacios")).toBeVisible();
  await expect(page.getByText("Selecciona al menos un miembro")).toBeVisible();
  await page.getByTestId("team-name").fill(`Turno-${suffix}`);
  await pick(page, "team-members", "Joaquín");
  await page.getByTestId("team-drawer-save").click();
  const teamRow = page.locator(`[data-testid="team-row"][data-name="Turno-${suffix}"]`);
  await expect(teamRow).toBeVisible();
  await expect(teamRow).toContainText("Joaquín Muñoz");

  await page.getByTestId("nav-tags").click();
  await expect(page.getByRole("heading", { level: 1, name: "Etiquetas" })).toBeVisible();
  await page.getByTestId("tags-create").click();
  await page.getByTestId("tag-name").fill(`Vandalismo ${suffix}`);
  await page.getByTestId("tag-translation-en").fill("Vandalism");
  await page.getByTestId("tag-drawer-save").click();
  await page.getByRole("searchbox", { name: "Buscar por nombre" }).fill(suffix);
  const tagRow = page.locator(`[data-testid="tag-row"][data-name="Vandalismo ${suffix}"]`);
  await expect(tagRow).toBeVisible();
  await expect(tagRow).toContainText("en: Vandalism");

  // The report workflow's own tag field assigns it.
  const created = await request.post("/api/app/reports", {
    data: { type: 1, description: `Rayados en la plaza ${suffix}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  const { report } = (await created.json()) as { report: { uuid: string } };
  await page.goto(`/v3/events/${report.uuid}`);
  await page.getByTestId("take-button").click();
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");
  await pick(page, "form-tags", `Vandalismo ${suffix}`);
  await page.getByTestId("form-save").click();
  await expect(page.getByText("Cambios guardados")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("form-tags")).toContainText(`Vandalismo ${suffix}`);
});

test("an operator reads the tags and is told to contact the administrator", async ({ page }) => {
  await signIn(page, "operador@demo.cl", "/v3/tags");
  await expect(page.getByTestId("tags-read-only")).toHaveText("Solo un administrador puede crear etiquetas. Contacta al administrador de tu organización.");
  await expect(page.getByTestId("tags-create")).toHaveCount(0);
  await expect(page.getByTestId("tag-row").first()).toBeVisible();
});

test("an admin adds a custom dashboard; it is a menu entry that opens embedded", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  await page.getByTestId("nav-custom-dashboards").click();
  await expect(page.getByRole("heading", { level: 1, name: "Tableros personalizados" })).toBeVisible();
  await page.getByTestId("dashboards-create").click();
  await page.getByTestId("dashboard-name").fill("Indicadores");
  await page.getByTestId("dashboard-link").fill("no es una url");
  await page.getByTestId("dashboard-drawer-save").click();
  await expect(page.getByText("La URL ingresada no es válida")).toBeVisible();
  await page.getByTestId("dashboard-link").fill(dashboardUrl);
  await page.getByTestId("dashboard-drawer-save").click();
  await expect(page.locator('[data-testid="dashboard-row"][data-name="Indicadores"]')).toBeVisible();

  // The portal page frames only its own origin: the dashboard opens through its frame page, whose CSP
  // frames this dashboard's origin alone, with no reload although the page loaded before it existed.
  const framePage = page.waitForResponse((r) => r.url().includes("/api/dashboard-frames/"));
  await page.getByRole("menuitem", { name: "Indicadores" }).click();
  await expect(page).toHaveURL(/\/v3\/custom-dashboards\/\d+$/);
  expect((await framePage).headers()["content-security-policy"]).toContain(`frame-src ${new URL(dashboardUrl).origin};`);
  const frame = page.frameLocator('[data-testid="custom-dashboard-frame"]').frameLocator("iframe");
  await expect(frame.locator("#kpi")).toHaveText("Indicadores del mes: 42");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Indicadores");
  await expectAccessible(page);

  // A fresh load frames it again (a new single-use frame page); the portal page's CSP names no dashboard.
  const response = await page.reload();
  expect(response?.headers()["content-security-policy"]).toContain("frame-src 'self';");
  expect(response?.headers()["content-security-policy"]).not.toContain(new URL(dashboardUrl).origin);
  await expect(frame.locator("#kpi")).toBeVisible();
});
