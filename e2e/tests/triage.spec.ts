import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { expectNoSidewaysScroll } from "../support/layout.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";

// Issue 18: keyboard triage of the events panel and bulk actions over a selection, live for everyone.

async function operator(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
  // The panel's shortcuts listen once its list is there (a loaded machine took longer than the socket).
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  return page;
}

/** Sends a community report through the reporter API; its id and uuid. */
async function sendReport(page: Page, description: string): Promise<{ id: number; uuid: string }> {
  const res = await page.request.post("/api/app/reports", {
    data: { type: 1, description, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { report: { id: number; uuid: string } }).report;
}

const currentUuid = (page: Page) => new URL(page.url()).pathname.split("/").pop()!;

test("triage a tab with the keyboard only: help, tabs, next and previous, take, comment, select", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await operator(browser, "operador@demo.cl");
  await sendReport(page, `Teclado: portonazo frente al edificio ${Date.now()}`);

  // ? shows the help overlay with every shortcut; Esc closes it.
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Atajos de teclado" });
  await expect(help).toBeVisible();
  await expect(help.getByRole("row")).toHaveCount(13);
  await expect(help).toContainText("Tomar el reporte");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  // 2 is the pending tab (SPEC §2 order); j opens the first report, j the next, k goes back.
  await page.keyboard.press("2");
  await expect(page.getByTestId("panel-tab-pending")).toHaveAttribute("aria-selected", "true");
  const rows = page.getByTestId("report-row");
  await expect(rows.first()).toBeVisible();
  const first = await rows.nth(0).getAttribute("data-report-id");
  const second = await rows.nth(1).getAttribute("data-report-id");
  await page.keyboard.press("j");
  await expect(page.locator(`[data-testid="report-row"][data-report-id="${first}"]`)).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("take-button")).toBeEnabled();
  await page.keyboard.press("j");
  await expect(page.locator(`[data-testid="report-row"][data-report-id="${second}"]`)).toHaveAttribute("aria-current", "true");
  await page.keyboard.press("k");
  await expect(page.locator(`[data-testid="report-row"][data-report-id="${first}"]`)).toHaveAttribute("aria-current", "true");
  const uuid = currentUuid(page);

  // t takes the open report.
  await expect(page.getByTestId("take-button")).toBeEnabled();
  await page.keyboard.press("t");
  await expect(page.getByTestId("report-status")).toHaveAttribute("data-status", "in_progress");

  // c goes to the comment box; typing j, k, t or 1 there is text, not a shortcut; Ctrl+Enter sends, Esc leaves.
  await page.keyboard.press("c");
  await expect(page.getByTestId("comment-input")).toBeFocused();
  await page.keyboard.type("Revisado: j k t 1 sin moverse");
  expect(currentUuid(page)).toBe(uuid);
  await expect(page.getByTestId("panel-tab-pending")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("comment").filter({ hasText: "Revisado: j k t 1 sin moverse" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("comment-input")).not.toBeFocused();

  // e opens the close dialog (its keys are its own: Esc closes it).
  await page.keyboard.press("e");
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // 3 is in progress, where the taken report now is; j goes on from it, x selects the report, Esc clears
  // the selection.
  await page.keyboard.press("3");
  await expect(page.getByTestId("panel-tab-in_progress")).toHaveAttribute("aria-selected", "true");
  await expect(rows.first()).toBeVisible();
  await page.keyboard.press("j");
  await expect(page.locator('[data-testid="report-row"][aria-current="true"]')).toHaveCount(1);
  expect(currentUuid(page)).not.toBe(uuid);
  await page.keyboard.press("x");
  await expect(page.getByTestId("selection-count")).toHaveText("1 seleccionado");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("selection-bar")).toBeHidden();
  // o opens (Enter too, on the list; on a focused tab or button Enter stays that button's): the focus goes
  // to the detail.
  await page.keyboard.press("o");
  await expect(page.locator(".events-panel__detail")).toBeFocused();
  // Closed, so it takes no later test's live events (CPU on a loaded machine).
  await page.context().close();
});

test("bulk-close three reports with an automatic answer: the summary says so and they leave a second browser's panel", async ({ browser }) => {
  test.setTimeout(120_000);
  const a = await operator(browser, "operador@demo.cl");
  const b = await operator(browser, "operadora@demo.cl");
  const stamp = Date.now();
  const descriptions = [1, 2, 3].map((n) => `Masivo ${n}: luminaria apagada ${stamp}`);
  for (const description of descriptions) await sendReport(a, description);

  // A selects the three new pending reports (a click, then shift-click for the range) and takes them in one go.
  for (const page of [a, b]) {
    await page.getByTestId("panel-tab-pending").click();
    await page.getByTestId("sort-select").click();
    await page.getByText("Más recientes").last().click();
    for (const description of descriptions) await expect(page.getByTestId("report-row").filter({ hasText: description })).toBeVisible();
  }
  const rowOf = (page: Page, description: string) => page.getByTestId("report-row").filter({ hasText: description });
  await rowOf(a, descriptions[2]!).getByTestId("report-check").click();
  await rowOf(a, descriptions[0]!).getByTestId("report-check").click({ modifiers: ["Shift"] });
  await expect(a.getByTestId("selection-count")).toHaveText("3 seleccionados");
  await a.getByTestId("bulk-take").click();
  await expect(a.getByTestId("bulk-summary")).toContainText("Tomar: hechos 3, omitidos 0");

  // Both look at the in-progress tab, newest first: the three are there.
  for (const page of [a, b]) {
    await page.getByTestId("panel-tab-in_progress").click();
    for (const description of descriptions) await expect(rowOf(page, description)).toBeVisible();
  }

  // A selects the three and closes them as solved with an automatic answer.
  for (const description of descriptions) await rowOf(a, description).getByTestId("report-check").click();
  await expect(a.getByTestId("selection-bar")).toBeVisible();
  await expectAccessible(a);
  await a.getByTestId("bulk-close").click();
  const dialog = a.getByRole("dialog", { name: "Cerrar 3 reportes" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("bulk-answer").click();
  await a.locator(".ant-select-dropdown:visible .ant-select-item-option").first().click();
  await expectAccessible(a);
  await dialog.getByTestId("bulk-confirm").click();
  await expect(a.getByTestId("bulk-summary")).toContainText("Cerrar: hechos 3, omitidos 0");
  await expectAccessible(a);

  // B's panel, untouched, loses them live; A's too.
  for (const page of [b, a]) for (const description of descriptions) await expect(rowOf(page, description)).toHaveCount(0);
  await b.getByTestId("panel-tab-solved").click();
  for (const description of descriptions) await expect(rowOf(b, description)).toBeVisible();
  await a.context().close();
  await b.context().close();
});

test("on a phone (390 px) the selection bar, its dialogs and the help overlay fit the window", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, "operador@demo.cl");
  await page.getByTestId("panel-tab-in_progress").click();
  await expect(page.getByTestId("report-row").first()).toBeVisible();
  await page.getByTestId("select-all").click();
  await expect(page.getByTestId("selection-bar")).toBeVisible();
  await expect(page.getByTestId("bulk-close")).toBeInViewport();
  await expectNoSidewaysScroll(page, "the selection bar at 390 px");
  await expectAccessible(page);
  for (const action of ["assign", "tag", "priority", "close"]) {
    await page.getByTestId(`bulk-${action}`).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSidewaysScroll(page, `the ${action} dialog at 390 px`);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  }
  await page.getByTestId("bulk-clear").click();
  await expect(page.getByTestId("selection-bar")).toBeHidden();
  await page.getByTestId("shortcut-help-button").click();
  await expect(page.getByRole("dialog", { name: "Atajos de teclado" })).toBeVisible();
  await expectNoSidewaysScroll(page, "the shortcuts overlay at 390 px");
  await context.close();
});
