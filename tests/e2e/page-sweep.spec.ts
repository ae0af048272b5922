/**
 * Every page of the route table, and a 404, visited once per width; each visit runs every
 * check that holds page by page at that width:
 *
 * - Every width: nothing scrolls sideways, and a box that sticks while the page scrolls
 *   fits the screen whole.
 * - 320 px: nothing scrolls sideways (WCAG 1.4.10, reflow). Narrower than 375 px an
 *   address may break rather than scroll.
 * - 375 px: axe finds no WCAG 2.2 AA violation; nothing scrolls sideways; no word is
 *   split across lines (support/broken-words.ts); every e-mail address sits on one line;
 *   running text keeps its measure (one page of each kind, support/running-text.ts); and
 *   last, with a reader's own wider text spacing (WCAG 1.4.12), still nothing scrolls
 *   sideways.
 * - 768 px: nothing scrolls sideways, no broken word, running text keeps its measure.
 * - 1280 px: axe, nothing scrolls sideways, no broken word, running text keeps its measure;
 *   and what the page itself must show (support/page-facts.ts): status and main heading,
 *   images with alt text and size, inline art, e-mail addresses as links, and its kind's
 *   facts (a case study's reading time, a job's details, a service's menu).
 *
 * Every part is rendered first (support/deferred-parts.ts), so a part that renders only
 * near the screen cannot hide what overflows, breaks or fails axe. The pages are shared
 * out a few per test, so the two workers split each width.
 */
import { expect, type Page, test } from "@playwright/test";
import { renderDeferredParts } from "../support/deferred-parts.ts";
import { scan } from "./support/axe.ts";
import { NUMBER_RANGE_SOURCE, NUMBER_WITH_UNIT_SOURCE } from "../../app/lib/units.ts";
import { findBrokenWords, MIN_WORD_LENGTH } from "./support/broken-words.ts";
import { pageFacts } from "./support/page-facts.ts";
import { overlongLines } from "./support/running-text.ts";
import { ALL_PATHS, NOT_FOUND_PATHS, openPage, TEMPLATE_PAGES } from "./support/site.ts";

const PAGES = [...ALL_PATHS, NOT_FOUND_PATHS[0] ?? "/no-such-page"];
/** Pages per test: one tab serves a few pages, and the two workers share the tests. */
const PAGES_PER_TEST = 7;

/** The spacing WCAG 1.4.12 names, as a reader's style sheet or extension would set it. */
const WCAG_TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

interface Width {
  width: number;
  axe: boolean;
  brokenWords: boolean;
  runningText: boolean;
  /** E-mail addresses on one line, then the reader's text spacing (done last: it changes the page). */
  phoneText: boolean;
  /** The page's own facts, which hold at any width: checked once. */
  facts: boolean;
}

const WIDTHS: Width[] = [
  { width: 320, axe: false, brokenWords: false, runningText: false, phoneText: false, facts: false },
  { width: 375, axe: true, brokenWords: true, runningText: true, phoneText: true, facts: false },
  { width: 768, axe: false, brokenWords: true, runningText: true, phoneText: false, facts: false },
  { width: 1280, axe: true, brokenWords: true, runningText: true, phoneText: false, facts: true },
];

test.describe.configure({ mode: "parallel" });

async function sidewaysScroll(page: Page, where: string, width: number): Promise<string[]> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return scrollWidth > width ? [`${where}: the document is ${scrollWidth} px wide`] : [];
}

async function brokenWords(page: Page, where: string): Promise<string[]> {
  const broken = await page.evaluate(findBrokenWords, {
    minLength: MIN_WORD_LENGTH,
    numberWithUnit: NUMBER_WITH_UNIT_SOURCE,
    numberRange: NUMBER_RANGE_SOURCE,
  });
  return broken.map(
    (b) => `${where}: "${b.word}"${b.run !== b.word ? ` (in "${b.run}")` : ""} spans ${b.lines} lines in ${b.element}`,
  );
}

/** A box that sticks while the page scrolls must fit the screen, or its end stays out of reach. */
async function stickyBoxesTooTall(page: Page, where: string): Promise<string[]> {
  const tooTall = await page.locator("main *").evaluateAll((elements) =>
    elements
      .filter((el) => getComputedStyle(el).position === "sticky")
      .map((el) => ({
        box: `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`,
        bottom: Math.round(parseFloat(getComputedStyle(el).top) + el.getBoundingClientRect().height),
      }))
      .filter(({ bottom }) => bottom > window.innerHeight),
  );
  return tooTall.map(({ box, bottom }) => `${where}: the sticky ${box} reaches ${bottom} px on an 812 px screen`);
}

/** Each e-mail link whose text spans more than one line; the footer always has one. */
async function splitAddresses(page: Page, where: string): Promise<string[]> {
  const links = await page.locator('a[href^="mailto:"]').evaluateAll((anchors) =>
    anchors.map((a) => ({
      address: a.textContent,
      lines: new Set([...a.getClientRects()].map((rect) => Math.round(rect.top))).size,
    })),
  );
  if (links.length === 0) return [`${where}: no e-mail link (the footer has one)`];
  return links.filter((l) => l.lines !== 1).map((l) => `${where}: ${l.address} spans ${l.lines} lines`);
}

/**
 * The reader's spacing as a constructed style sheet: the site's CSP admits no inline
 * style, and a sheet a reader's extension adds is not bound by it.
 */
async function applyTextSpacing(page: Page) {
  const letterSpacing = await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return getComputedStyle(document.body).letterSpacing;
  }, WCAG_TEXT_SPACING);
  // 0.12em of the body's text: proof that the reader's sheet took effect.
  expect(letterSpacing, "letter spacing with the reader's sheet").not.toMatch(/^(normal|0px)$/);
}

async function checkPage(page: Page, path: string, w: Width): Promise<string[]> {
  const where = `${path} at ${w.width} px`;
  const response = await openPage(page, path);
  await renderDeferredParts(page);
  const found: string[] = [];
  if (w.facts) found.push(...(await pageFacts(page, path, response?.status())));
  if (w.axe) found.push(...(await scan(page, where)));
  found.push(...(await sidewaysScroll(page, where, w.width)));
  found.push(...(await stickyBoxesTooTall(page, where)));
  if (w.brokenWords) found.push(...(await brokenWords(page, where)));
  if (w.runningText && TEMPLATE_PAGES.includes(path)) {
    const lines = await overlongLines(page, where);
    if (lines.checked === 0) found.push(`${where}: no paragraph or list item in the main content`);
    found.push(...lines.tooLong);
  }
  if (w.phoneText) {
    found.push(...(await splitAddresses(page, where)));
    await applyTextSpacing(page);
    found.push(...(await sidewaysScroll(page, `${where} with WCAG text spacing`, w.width)));
  }
  return found;
}

for (const w of WIDTHS) {
  test.describe(`${w.width} px`, () => {
    test.use({ viewport: { width: w.width, height: 812 } });
    for (let i = 0; i < PAGES.length; i += PAGES_PER_TEST) {
      const paths = PAGES.slice(i, i + PAGES_PER_TEST);
      test(`${paths[0]} … ${paths.at(-1)} (${paths.length} pages)`, async ({ page }) => {
        test.setTimeout(90_000);
        const found: string[] = [];
        for (const path of paths) found.push(...(await checkPage(page, path, w)));
        expect(found, `what the sweep found:\n\n${found.join("\n\n")}\n`).toEqual([]);
      });
    }
  });
}
