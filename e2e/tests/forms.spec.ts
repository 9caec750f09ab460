import type { Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// Dynamic forms (issue 16): an admin builds a form in the builder (components added and edited, a
// field key rule shown, reordered by keyboard, the rest imported as JSON), fills it through the renderer
// with every component type (dependent dropdown and signature included), reads the answer back in the
// results, and opens a public fill link that stops working once revoked.

test.describe.configure({ timeout: 420_000 });

// A 2×2 PNG for the images component.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFUlEQVR42mP8z8DwnwEIGBkZGRgAAB4AA/8x8b9wAAAAAElFTkSuQmCC", "base64");

/** The rest of the form, imported through the JSON view (the seeded selector list is id 1 on a fresh demo database). */
const IMPORTED = {
  title: "Inspección completa e2e",
  category: null,
  subcategory: null,
  reportType: null,
  components: [
    { type: "text", fieldKey: "nombre", label: "Nombre del inspector", required: true, maxLength: 40 },
    { type: "numeric", fieldKey: "cantidad", label: "Cantidad de postes", numberKind: "integer" },
    { type: "dropdown", fieldKey: "region", label: "Región", advancedFilter: true, options: [{ label: "Norte", value: "norte" }, { label: "Sur", value: "sur", extraValue: true, extraPlaceholder: "Comuna" }] },
    { type: "dropdown", fieldKey: "ciudad", label: "Ciudad", dependsOn: "region", options: [{ label: "Arica", value: "arica", parentValue: "norte" }, { label: "Osorno", value: "osorno", parentValue: "sur" }] },
    { type: "list", fieldKey: "luminaria", label: "Tipo de luminaria", selectorId: 1 },
    { type: "date", fieldKey: "dia", label: "Día de la visita", dateKind: "date" },
    { type: "images", fieldKey: "fotos", label: "Fotos", fileLimit: 2 },
    { type: "geolocation", fieldKey: "punto", label: "Punto", previewAddress: true },
    { type: "textSection", fieldKey: "aviso", label: "Revise la sección completa", style: "info" },
    {
      type: "section",
      fieldKey: "revision",
      label: "Revisión",
      children: [
        { type: "bulkDefault", fieldKey: "todo-ok", label: "Todo cumple", defaultValue: "cumple" },
        { type: "radio", fieldKey: "encendido", label: "Encendido", required: true, options: [{ label: "Cumple", value: "cumple" }, { label: "No cumple", value: "no" }] },
        { type: "radio", fieldKey: "poste", label: "Poste", required: true, options: [{ label: "Cumple", value: "cumple" }, { label: "No cumple", value: "no" }] },
      ],
    },
    { type: "signature", fieldKey: "firma", label: "Firma", required: true },
  ],
};

/** The portal's one date-time format in Spanish (lib/dates DATE_TIME_FORMAT): "29 nov 2026, 01:07:20". */
const PORTAL_DATE_TIME = /^\d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}:\d{2}$/;

/** Picks an option of one select through its own list: the open combobox names its listbox
 * (aria-controls), and the option is taken from the dropdown holding that listbox — never from the
 * lists other selects (a closed drawer's) leave in the page. */
async function pickOption(page: Page, testId: string, label: string): Promise<void> {
  const select = page.getByTestId(testId);
  await select.click();
  const combobox = select.getByRole("combobox");
  await expect(combobox).toHaveAttribute("aria-expanded", "true");
  const listId = await combobox.getAttribute("aria-controls");
  expect(listId).toBeTruthy();
  await page.locator(`.ant-select-dropdown:has([id="${listId}"]) .ant-select-item-option`, { hasText: label }).first().click();
}

test("build a form, fill it with every component type, read it back in the results, and share it by a revocable link", async ({ page, browser }) => {
  await signIn(page, "admin@demo.cl", "/v3/forms");
  await expect(page.getByRole("heading", { level: 1, name: "Formularios" })).toBeVisible();
  await expect(page.getByTestId("form-row").first()).toBeVisible();
  await page.getByTestId("forms-create").click();
  await expect(page).toHaveURL(/\/v3\/forms\/builder\/new/);

  // Two components through the editor; a field key with a space shows SPEC §5's rule.
  await page.getByTestId("builder-title").fill("Borrador");
  await page.getByTestId("builder-add").click();
  await page.getByRole("menuitem", { name: "Campo de texto" }).click();
  await page.getByTestId("editor-label").fill("Patente");
  await page.getByTestId("editor-fieldKey").fill("pat ente");
  await expect(page.getByTestId("editor-error-fieldKey")).toHaveText("La clave del campo solo puede contener letras, números y guiones");
  await page.getByTestId("editor-fieldKey").fill("patente");
  await expect(page.getByTestId("editor-error-fieldKey")).toHaveCount(0);
  await page.getByTestId("builder-add").click();
  await page.getByRole("menuitem", { name: "Campo numérico" }).click();
  await expect(page.getByTestId("builder-row")).toHaveCount(2);
  // Reorder from the keyboard: the row's "move up" button, focused and pressed with Enter.
  await page.getByRole("button", { name: "Subir Campo numérico" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("builder-row").first()).toHaveAttribute("data-key", "numeric");
  // The live preview draws what is built.
  await expect(page.getByTestId("builder-preview").getByLabel("Patente")).toBeVisible();

  // The whole form arrives as a JSON file, checked by the shared schema (a bad one is refused).
  await page.getByRole("tab", { name: "JSON" }).click();
  await page.getByTestId("json-import").setInputFiles({ name: "malo.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ title: "x", components: [{ type: "text", fieldKey: "" }] })) });
  await expect(page.getByText(/^Validation errors: /)).toBeVisible();
  await page.getByTestId("json-import").setInputFiles({ name: "form.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(IMPORTED)) });
  await expect(page.getByTestId("builder-row")).toHaveCount(IMPORTED.components.length + 3);
  await page.getByTestId("builder-save").click();
  await expect(page).toHaveURL(/\/v3\/forms\/builder\/\d+$/);
  const id = Number(/builder\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByText("Formulario guardado (versión 1)")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);

  // Fill it from the results screen with every component type.
  await page.goto(`/v3/forms/${id}/results`);
  await expect(page.getByRole("heading", { level: 1, name: /Inspección completa e2e/ })).toBeVisible();
  await page.getByTestId("results-fill").click();
  const drawer = page.getByTestId("fill-drawer");
  await drawer.getByTestId("form-submit").click();
  await expect(drawer.getByText("Este campo es obligatorio").first()).toBeVisible();
  await drawer.getByLabel("Nombre del inspector").fill("Ana Pérez");
  await drawer.getByLabel("Cantidad de postes").fill("7");
  // Dependent dropdown: the city waits for the region and offers only that region's cities.
  await expect(drawer.getByTestId("select-ciudad")).toHaveClass(/ant-select-disabled/);
  await pickOption(page, "select-region", "Sur");
  await drawer.getByTestId("extra-region").fill("Puerto Octay");
  await page.getByTestId("select-ciudad").click();
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option")).toHaveText(["Osorno"]);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Osorno" }).click();
  await pickOption(page, "select-luminaria", "LED");
  await drawer.getByLabel("Día de la visita").fill("2026-03-02");
  await drawer.getByTestId("upload-fotos").setInputFiles({ name: "poste.png", mimeType: "image/png", buffer: PNG });
  await expect(drawer.getByRole("img", { name: "Imagen 1" })).toBeVisible();
  await drawer.getByTestId("lat-punto").fill("-33.44");
  await drawer.getByTestId("lng-punto").fill("-70.65");
  await drawer.getByLabel("Dirección").fill("Alameda 100");
  await drawer.getByTestId("bulk-todo-ok").click();
  await expect(drawer.getByRole("radio", { name: "Cumple" }).first()).toBeChecked();
  await drawer.getByTestId("field-poste").getByText("No cumple").click();
  // The signature: a stroke drawn with the pointer.
  const canvas = drawer.getByTestId("signature-ff-firma");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 40);
  await page.mouse.down();
  for (let x = 20; x <= 200; x += 20) await page.mouse.move(box.x + x, box.y + 40 + (x % 40 === 0 ? 25 : -15));
  await page.mouse.up();
  await expect(canvas).toHaveAttribute("data-signed", "true");
  await drawer.getByTestId("form-submit").click();
  await expect(page.getByText("Respuesta enviada")).toBeVisible();

  // Read it back: the table, a filter on the advanced-filter component, then the detail.
  await expect(page.getByTestId("submission-row")).toHaveCount(1);
  await pickOption(page, "filter-region", "Norte");
  await expect(page.getByTestId("submission-row")).toHaveCount(0);
  await page.getByTestId("filter-region").locator(".ant-select-clear").click({ force: true });
  await expect(page.getByTestId("submission-row")).toHaveCount(1);
  // The dates, typed as the portal writes them: a year long past leaves none; a range holding today, the answer.
  const pickDates = async (from: string, to: string) => {
    await page.locator("#rf-dates").fill(from);
    await page.locator("#rf-dates-end").fill(to);
    await page.locator("#rf-dates-end").press("Enter");
  };
  await pickDates("01/01/2020", "31/12/2020");
  await expect(page.getByTestId("submission-row")).toHaveCount(0);
  const today = new Date().toLocaleDateString("es-CL", { timeZone: "America/Santiago", day: "2-digit", month: "2-digit", year: "numeric" }).replaceAll("-", "/");
  await pickDates("01/01/2020", today);
  await expect(page.getByTestId("submission-row")).toHaveCount(1);
  await page.getByTestId("submission-open").first().click();
  const detail = page.getByTestId("submission-detail");
  await expect(detail.getByTestId("read-nombre")).toHaveText("Ana Pérez");
  await expect(detail.getByTestId("read-region")).toHaveText("Sur — Puerto Octay");
  await expect(detail.getByTestId("read-ciudad")).toHaveText("Osorno");
  await expect(detail.getByTestId("read-luminaria")).toHaveText("LED");
  // Dates as the portal writes them everywhere (lib/dates), not in the browser's own format.
  await expect(detail.getByTestId("read-dia")).toHaveText("2 mar 2026");
  await expect(detail.getByTestId("submission-date")).toHaveText(PORTAL_DATE_TIME);
  await expect(detail.getByTestId("read-encendido")).toHaveText("Cumple");
  await expect(detail.getByTestId("read-poste")).toHaveText("No cumple");
  await expect(detail.getByTestId("read-punto")).toHaveText("-33.44, -70.65 — Alameda 100");
  await expect(detail.getByTestId("read-signature-firma")).toBeVisible();
  await expect(detail.getByRole("img", { name: "Imagen 1" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expectAccessible(page);
  await page.keyboard.press("Escape");

  // A public fill link: opens without a session (axe, no horizontal scroll at 390 px), then revoked.
  await page.goto(`/v3/forms/builder/${id}`);
  await page.getByTestId("link-create").click();
  // The whole address, as it is sent to whoever fills the form, and its copy button copies just that.
  const url = (await page.getByTestId("link-row").first().getByTestId("link-url").textContent())!.trim();
  const origin = new URL(page.url()).origin;
  expect(url.startsWith(`${origin}/f/`) && /\/f\/[A-Za-z0-9_-]{32}$/.test(url), url).toBe(true);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  await page.getByTestId("link-row").first().getByTestId("link-copy").click();
  await expect(page.getByText("Enlace copiado")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // A visitor's own context (axe audits pages of a context).
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { level: 1, name: "Inspección completa e2e" })).toBeVisible();
  await visitor.waitForLoadState("networkidle");
  await expectNoSidewaysScroll(visitor, "the public fill page at 390 px");
  await expectAccessible(visitor);
  await page.getByTestId("link-revoke").first().click();
  await expect(page.getByTestId("link-row").first()).toContainText("Revocado");
  await visitor.reload();
  await expect(visitor.getByTestId("fill-not-found")).toBeVisible();
  await visitorContext.close();
});

test("the forms screens write dates as the portal does and name their clear buttons in the reader's language", async ({ page }) => {
  await signIn(page, "admin@demo.cl", "/v3/forms");
  await expect(page.getByRole("cell").filter({ hasText: /\d{4}, \d/ }).first()).toHaveText(PORTAL_DATE_TIME);
  await page.goto("/v3/forms/builder/1");
  // Ant Design names Select's clear button "Clear" whatever its locale; the portal names it.
  await expect(page.getByTestId("builder-category").getByRole("button", { name: "Limpiar", exact: true })).toBeAttached();
  await expect(page.getByRole("button", { name: "Clear", exact: true })).toHaveCount(0);
  await page.getByTestId("language-switch").click();
  await page.getByRole("menuitem", { name: "Français" }).click();
  await expect(page.getByTestId("builder-category").getByRole("button", { name: "Effacer", exact: true })).toBeAttached();
});

test("the forms screens have no horizontal scroll at 390 px and pass axe-core", async ({ page }) => {
  await signIn(page, "admin@demo.cl");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of ["/v3/forms", "/v3/forms/builder/1", "/v3/forms/1/results"]) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, `${route} at 390 px`);
    await expectAccessible(page);
  }
  // The results' date range open: one month on a phone, whose header moves to the next one.
  await page.locator("#rf-dates").click();
  const calendar = page.locator(".ant-picker-dropdown:visible");
  await expect(calendar.locator(".ant-picker-panel:visible")).toHaveCount(1);
  const month = await calendar.locator(".ant-picker-header-view").first().textContent();
  await calendar.locator(".ant-picker-header-next-btn").first().click();
  await expect(calendar.locator(".ant-picker-header-view").first()).not.toHaveText(month!);
  await expectNoSidewaysScroll(page, "the results' date range open at 390 px");
});
