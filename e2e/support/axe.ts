import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe-core (WCAG 2.2 A and AA rules) on the page as it is and fails on any critical or serious
 * violation, listing each with its nodes so the failure says what to fix. */
export async function expectAccessible(page: Page, exclude: string[] = []): Promise<void> {
  // Colours are measured once opening animations (a dialog's fade and zoom) are over: halfway through,
  // text is still partly transparent and would fail contrast on a busy machine where they run slowly.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 8).join("\n  ")}`);
  expect(blocking, blocking.join("\n")).toEqual([]);
}
