// The new-report alarm's banner while the alarm sounds (issue 36): each of its controls does what it
// says at the first click and silences the alarm too; the banner covers none of the screen's controls,
// at a laptop's width and a phone's.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "../support/test.js";
import { signIn } from "../pages/login-page.js";
import { expectAccessible } from "../support/axe.js";
import { expectNoSidewaysScroll } from "../support/layout.js";

/** The portal's ALARM_REPEAT_MS: a looping alarm sounds again this often until acknowledged. */
const REPEAT_MS = 2_000;

/** Counts the alarm's tones: every sound the portal plays starts Web Audio oscillators. */
async function countTones(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = window as unknown as { e2eTones: number };
    scope.e2eTones = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<OscillatorNode["start"]>) {
      scope.e2eTones += 1;
      return start.apply(this, args);
    };
    // And keeps the page's audio contexts, to hear whether they rest between sounds.
    const contexts: AudioContext[] = [];
    (window as unknown as { e2eAudio: AudioContext[] }).e2eAudio = contexts;
    window.AudioContext = class extends AudioContext {
      constructor(options?: AudioContextOptions) {
        super(options);
        contexts.push(this);
      }
    };
  });
}

/** The states of the page's audio contexts, not closed ones. */
const audioStates = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { e2eAudio: AudioContext[] }).e2eAudio.map((c) => c.state).filter((state) => state !== "closed"));

const tones = (page: Page): Promise<number> => page.evaluate(() => (window as unknown as { e2eTones: number }).e2eTones);

/** Signs the operator in on the events panel, listening to the alarm's sound. */
async function operatorWatching(page: Page): Promise<void> {
  await countTones(page);
  await signIn(page, "operador@demo.cl");
  await expect(page.getByTestId("connection-status").first()).toHaveAttribute("data-state", "online");
  // Chromium may keep a new page's audio blocked until a click, as an operator's browser does: they
  // then press "Activar sonido", offered for that.
  const enable = page.getByTestId("enable-sound");
  if (await enable.isVisible()) await enable.click();
  await expect(enable).toHaveCount(0);
}

/** A community report arrives through the reporter app while the operator watches: the banner shows it
 * and the alarm sounds (tones played, and played again a loop later). */
async function reportRings(page: Page, request: APIRequestContext): Promise<{ id: number; uuid: string; alert: Locator }> {
  const before = await tones(page);
  const created = await request.post("/api/app/reports", {
    data: { type: 1, description: `Portonazo en curso frente al edificio ${Date.now()}`, latitude: -33.4402, longitude: -70.6541, address: "Agustinas 1000, Santiago" },
  });
  expect(created.ok()).toBe(true);
  const { report } = (await created.json()) as { report: { id: number; uuid: string } };
  const alert = page.getByTestId("new-report-alert");
  await expect(alert).toHaveAttribute("data-report-id", String(report.id));
  await expect(alert).toHaveAttribute("data-ringing", "true");
  await expect.poll(() => tones(page), { message: "the alarm sounds" }).toBeGreaterThan(before);
  const first = await tones(page);
  await expect.poll(() => tones(page), { message: "the alarm sounds again a loop later", timeout: REPEAT_MS * 3 }).toBeGreaterThan(first);
  return { ...report, alert };
}

/** The alarm is silent: the header's button no longer rings, the tab title lost its counter, and no tone
 * sounds for more than a loop. */
async function expectSilenced(page: Page): Promise<void> {
  await expect(page.getByTestId("alarm-settings-button")).not.toHaveClass(/alarm-center__button--ringing/);
  await expect(page).not.toHaveTitle(/^\(\d+\)/);
  const heard = await tones(page);
  // Silence can only be heard by waiting: longer than the loop, so a repeat would have sounded.
  await page.waitForTimeout(REPEAT_MS + 700);
  expect(await tones(page), "tones after the click").toBe(heard);
  // A quiet alarm's audio rests (a running context renders silence on a thread all the time), and
  // the header still says sound is on.
  await expect.poll(() => audioStates(page), { message: "audio at rest" }).toEqual(["suspended"]);
  await expect(page.getByTestId("enable-sound")).toHaveCount(0);
}

test.describe("the alarm banner's controls act at the first click while the alarm sounds", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("Ver reporte opens the report and silences the alarm", async ({ page, request }) => {
    await operatorWatching(page);
    const { id, uuid, alert } = await reportRings(page, request);
    await alert.getByTestId("new-report-alert-open").click();
    await expect(page).toHaveURL(new RegExp(`/v3/events/${uuid}$`));
    await expect(page.getByTestId("report-detail")).toContainText(`#${id}`);
    // The report it opened is no longer announced.
    await expect(alert).toHaveCount(0);
    await expectSilenced(page);
  });

  test("Detener alarma silences it and the banner stays where it was, its Ver reporte still working", async ({ page, request }) => {
    await operatorWatching(page);
    const { uuid, alert } = await reportRings(page, request);
    const open = alert.getByTestId("new-report-alert-open");
    const before = { banner: await alert.boundingBox(), open: await open.boundingBox() };
    await alert.getByTestId("new-report-alert-stop").click();
    await expect(alert).toHaveAttribute("data-ringing", "false");
    await expect(alert.getByTestId("new-report-alert-stop")).toHaveCount(0);
    await expectSilenced(page);
    expect(await alert.boundingBox()).toEqual(before.banner);
    expect(await open.boundingBox()).toEqual(before.open);
    await open.click();
    await expect(page).toHaveURL(new RegExp(`/v3/events/${uuid}$`));
  });

  test("the close button closes the banner and silences the alarm", async ({ page, request }) => {
    await operatorWatching(page);
    const { alert } = await reportRings(page, request);
    await alert.getByRole("button", { name: "Cerrar alerta" }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(/\/v3\/events$/);
    await expectSilenced(page);
  });

  test("a click elsewhere on the screen silences the alarm and moves nothing", async ({ page, request }) => {
    await operatorWatching(page);
    const { alert } = await reportRings(page, request);
    const title = page.getByRole("heading", { level: 1, name: "Eventos" });
    const before = { banner: await alert.boundingBox(), title: await title.boundingBox() };
    await title.click();
    await expect(alert).toHaveAttribute("data-ringing", "false");
    await expectSilenced(page);
    expect(await alert.boundingBox()).toEqual(before.banner);
    expect(await title.boundingBox()).toEqual(before.title);
  });
});

/** Names the page's controls that the banner covers, and the banner's own controls that another element
 * covers where a click would land. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector("[data-testid='new-report-alert']")!;
    const area = banner.getBoundingClientRect();
    const name = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? el.tagName).trim().slice(0, 40);
    // The part of an element that shows: its box cut by every scrolling or clipping ancestor and the
    // window (a list row scrolled out of its pane is not on screen, whatever its box says).
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      let box = { left: Math.max(r.left, 0), top: Math.max(r.top, 0), right: Math.min(r.right, window.innerWidth), bottom: Math.min(r.bottom, window.innerHeight) };
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const clip = up.getBoundingClientRect();
        box = { left: Math.max(box.left, clip.left), top: Math.max(box.top, clip.top), right: Math.min(box.right, clip.right), bottom: Math.min(box.bottom, clip.bottom) };
      }
      return box;
    };
    const controls = [...document.querySelectorAll("button, a[href], input, select, textarea, [role='tab'], [role='button']")]
      .map((el) => ({ el, box: shown(el) }))
      .filter(({ box }) => box.right > box.left && box.bottom > box.top);
    const problems: string[] = [];
    for (const { el: control, box } of controls) {
      const r = control.getBoundingClientRect();
      if (banner.contains(control)) {
        // Its centre and both ends (inside the rounded corners, which hit testing follows).
        const middle = r.top + r.height / 2;
        const points = [
          [r.left + r.width / 2, middle],
          [r.left + 6, middle],
          [r.right - 6, middle],
        ] as const;
        if (points.some(([x, y]) => !control.contains(document.elementFromPoint(x, y)))) problems.push(`banner's "${name(control)}" is covered`);
      } else if (box.left < area.right && box.right > area.left && box.top < area.bottom && box.bottom > area.top) {
        problems.push(`"${name(control)}" is under the banner`);
      }
    }
    return problems;
  });
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the ringing banner shows every control, covers none of the screen's, and passes axe-core", async ({ page, request }) => {
      await operatorWatching(page);
      const { alert } = await reportRings(page, request);
      for (const id of ["new-report-alert-stop", "new-report-alert-open", "new-report-alert-close"]) await expect(alert.getByTestId(id)).toBeInViewport();
      expect(await coveredControls(page)).toEqual([]);
      // The events panel fills the window under the banner rather than scrolling the page.
      expect(await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight)).toBeLessThanOrEqual(0);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/alarm/banner-ringing-${viewport.width}.png` });
      await expectAccessible(page);

      // Over an open report too: a new one rings while the operator works on another; the open report's
      // title and buttons stay clear of the banner.
      await alert.getByTestId("new-report-alert-open").click();
      await expect(page.getByTestId("report-detail")).toBeVisible();
      await reportRings(page, request);
      expect(await coveredControls(page)).toEqual([]);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `test-results/alarm/banner-over-detail-${viewport.width}.png` });
      await expectAccessible(page);
    });
  });
}
