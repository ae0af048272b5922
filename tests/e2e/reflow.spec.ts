/**
 * WCAG 1.4.10 (reflow): at 320 CSS px every prerendered page reads without scrolling
 * sideways. Every part is rendered first, so a deferred part cannot hide what overflows.
 * (At 375 px words must also stay whole: broken-words.spec.ts.)
 */
import { expect, test } from "@playwright/test";
import { renderDeferredParts } from "../support/deferred-parts.ts";
import { ALL_PATHS, openPage } from "./support/site.ts";

const WIDTH = 320;
/** Paths per test: one browser page serves a few paths, and the two workers share the tests. */
const PATHS_PER_TEST = 8;

test.use({ viewport: { width: WIDTH, height: 640 } });
test.describe.configure({ mode: "parallel" });

const groups: string[][] = [];
for (let i = 0; i < ALL_PATHS.length; i += PATHS_PER_TEST) groups.push(ALL_PATHS.slice(i, i + PATHS_PER_TEST));

for (const paths of groups) {
  test(`nothing scrolls sideways at ${WIDTH} px: ${paths.join(", ")}`, async ({ page }) => {
    for (const path of paths) {
      await openPage(page, path);
      await renderDeferredParts(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(scrollWidth, `${path}: document scroll width`).toBeLessThanOrEqual(WIDTH);
    }
  });
}
