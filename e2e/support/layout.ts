import { expect, type Page } from "@playwright/test";

/** How far the page is wider than its window, in CSS pixels (0 or less: no sideways scroll). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The innermost elements that stick out past the window's right edge, to say what overflows. */
async function widestElements(page: Page): Promise<string> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll("body *")].filter((el) => {
      const right = el.getBoundingClientRect().right;
      return right > limit + 0.5 && ![...el.children].some((child) => child.getBoundingClientRect().right >= right - 0.5);
    });
    return (
      out
        .slice(0, 8)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`)
        .join("; ") || "none"
    );
  });
}

/** Fails unless nothing on the page is wider than the window, naming what sticks out. Measured once the
 * layout has settled: right after a resize the shell may still be swapping its side menu for the phone
 * drawer (a check made at once failed on a fast machine while the failure's screenshot fitted). */
export async function expectNoSidewaysScroll(page: Page, what = "the page"): Promise<void> {
  await expect
    .poll(() => horizontalOverflow(page), { message: `${what} scrolls sideways` })
    .toBeLessThanOrEqual(0)
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\nWider than the window now: ${await widestElements(page)}`);
    });
}
