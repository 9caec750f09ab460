import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Runs axe-core (WCAG 2.2 A and AA rules, label in name included) on the page as it is and fails on any critical or serious
 * violation, listing each with its nodes so the failure says what to fix. */
export async function expectAccessible(page: Page, exclude: string[] = []): Promise<void> {
  // Colours are measured once opening animations (a dialog's fade and zoom) are over: halfway through,
  // text is still partly transparent and would fail contrast on a busy machine where they run slowly.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity),
  );
  // axe-core runs in the page itself (legacy mode): the default runs it frame by frame and then joins the
  // results in a new blank page, which took 3.4 s on the events panel and 10.3 s on the settings against
  // at most 1.3 s and 2.5 s (the portal's screens have no cross-origin frame, the one case that needs it). Only
  // violations are gathered in full: building every passing node's result is work the gate never reads.
  // (`options` replaces every option set before it, the rules chosen by tag included: it comes first.)
  // WCAG 2.5.3 (label in name) is an experimental rule that axe-core leaves out unless it is named: a
  // control whose accessible name does not contain the text it shows fails someone who says what they see.
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).slice(0, 8).join("\n  ")}`);
  expect(blocking, blocking.join("\n")).toEqual([]);
}
