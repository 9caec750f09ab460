import { expect, type Page } from "@playwright/test";

/** Every visible text of the page in the portal's font (Inter, then its fallbacks: styles/global.css),
 * none in the browser's serif default: fails naming each text whose element computes another family. */
export async function expectPortalFont(page: Page, what = "the page"): Promise<void> {
  const strays = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest("script, style, noscript") || element.getClientRects().length === 0) continue;
      const family = getComputedStyle(element).fontFamily;
      if (!/^Inter,/.test(family)) out.push(`"${text.slice(0, 40)}" (${element.tagName.toLowerCase()}): ${family}`);
    }
    return out;
  });
  expect(strays, `texts of ${what} outside the portal's font:\n${strays.join("\n")}`).toEqual([]);
}
