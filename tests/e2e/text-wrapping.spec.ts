/**
 * Text that must wrap well on a 375 px phone: no page scrolls sideways, an e-mail address
 * is never split across two lines, and a short hyphenated term in a title (ASIL-B) stays whole.
 */
import { expect, type Page, test } from "@playwright/test";
import { CASE_STUDY_PATHS, openPage } from "./support/site.ts";

// The study whose title holds "ASIL-B", a short term a browser would split at its hyphen.
const CASE_STUDY = CASE_STUDY_PATHS.find((path) => path.endsWith("/automotive-mcu-dft")) ?? CASE_STUDY_PATHS[0]!;
const PATHS = ["/", "/contact", "/about", "/careers/jobs/vlsi/dft-engineer-all-levels", CASE_STUDY];

/** Each mailto link's text and the distinct line tops of its boxes (one top: one line). */
async function emailLineTops(page: Page) {
  return page.locator('a[href^="mailto:"]').evaluateAll((links) =>
    links.map((link) => ({
      address: link.textContent,
      lineTops: [...new Set([...link.getClientRects()].map((rect) => Math.round(rect.top)))],
    })),
  );
}

test.use({ viewport: { width: 375, height: 812 } });

for (const path of PATHS) {
  test(`${path} at 375 px: no horizontal overflow and every e-mail address on one line`, async ({ page }) => {
    await openPage(page, path);

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "document scroll width").toBeLessThanOrEqual(375);

    const emails = await emailLineTops(page);
    expect(emails.length, "e-mail links on the page (the footer has one)").toBeGreaterThan(0);
    for (const { address, lineTops } of emails) {
      expect(lineTops, `lines that ${address} spans`).toHaveLength(1);
    }
  });
}

test("a case study title keeps its short hyphenated term on one line at 375 px", async ({ page }) => {
  await openPage(page, CASE_STUDY);
  const terms = await page
    .locator("h1 .keep-term")
    .evaluateAll((spans) => spans.map((span) => ({ term: span.textContent, lines: span.getClientRects().length })));
  expect(terms.length, "hyphenated terms in the title").toBeGreaterThan(0);
  for (const { term, lines } of terms) expect(lines, `lines that ${term} spans`).toBe(1);
});
