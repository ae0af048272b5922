/**
 * WCAG 1.4.10 (reflow) and 1.4.12 (text spacing) on every prerendered page: at 320 CSS px
 * nothing scrolls sideways, and at 375 px neither does it with a reader's own wider line,
 * letter, word and paragraph spacing. Every part is rendered first, so a deferred part
 * cannot hide what overflows. (At 375 px words must also stay whole: broken-words.spec.ts.)
 */
import { expect, type Page, test } from "@playwright/test";
import { renderDeferredParts } from "../support/deferred-parts.ts";
import { ALL_PATHS, openPage } from "./support/site.ts";

/** Paths per test: one browser page serves a few paths, and the two workers share the tests. */
const PATHS_PER_TEST = 8;
/** The spacing WCAG 1.4.12 names, as a reader's style sheet or extension would set it. */
const WCAG_TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

test.describe.configure({ mode: "parallel" });

const groups: string[][] = [];
for (let i = 0; i < ALL_PATHS.length; i += PATHS_PER_TEST) groups.push(ALL_PATHS.slice(i, i + PATHS_PER_TEST));

async function expectNoSidewaysScroll(page: Page, path: string, width: number) {
  await renderDeferredParts(page);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${path}: document scroll width`).toBeLessThanOrEqual(width);
}

test.describe("320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const paths of groups) {
    test(`nothing scrolls sideways: ${paths.join(", ")}`, async ({ page }) => {
      for (const path of paths) {
        await openPage(page, path);
        await expectNoSidewaysScroll(page, path, 320);
      }
    });
  }
});

test.describe("375 px with WCAG text spacing", () => {
  // The site's CSP admits no inline style; the reader's own style sheet is not bound by it.
  test.use({ viewport: { width: 375, height: 812 }, bypassCSP: true });
  for (const paths of groups) {
    test(`nothing scrolls sideways: ${paths.join(", ")}`, async ({ page }) => {
      for (const path of paths) {
        await openPage(page, path);
        await page.addStyleTag({ content: WCAG_TEXT_SPACING });
        await expectNoSidewaysScroll(page, path, 375);
      }
    });
  }
});
