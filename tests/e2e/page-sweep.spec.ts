/**
 * Every page of the route table, and a 404, visited once per width; each visit runs every
 * check that holds page by page at that width:
 *
 * - Every width: nothing scrolls sideways, a box that sticks while the page scrolls fits
 *   the screen whole, and no font request is for one of Fontsource's whole files (Latin
 *   48 KB, Greek 19 KB, …; decision 0035): whatever a page's text, stylesheets or the
 *   browser draw (a quote mark from a stylesheet, a list's bullet) stays within our cuts.
 *   A tab fetches a face once, so a whole file is named on the first page that needed it.
 * - 375 px: axe finds no WCAG 2.2 AA violation; nothing scrolls sideways; no word is
 *   split across lines (support/broken-words.ts); every e-mail address sits on one line;
 *   running text keeps its measure (one page of each kind, support/running-text.ts). Then
 *   the same page zoomed to 320 px wide, as WCAG 1.4.10 (reflow) describes it: a window
 *   of 1280 px at 400 %, so the loaded page is resized: still nothing scrolls sideways
 *   (narrower than 375 px an address may break rather than scroll) and sticky boxes fit.
 *   Last, back at 375 px with a reader's own wider text spacing (WCAG 1.4.12), still
 *   nothing scrolls sideways.
 * - 1280 px: axe, nothing scrolls sideways, no broken word, running text keeps its measure;
 *   and what the page itself must show (support/page-facts.ts): status and main heading,
 *   images with alt text and size, inline art, e-mail addresses as links, and its kind's
 *   facts (a case study's reading time, a job's details, a service's menu). Then the same
 *   page in a window narrowed to 768 px, as a tablet turned or a window resized has it:
 *   nothing scrolls sideways, no broken word, running text keeps its measure.
 *
 * Every part is rendered first (support/deferred-parts.ts), so a part that renders only
 * near the screen cannot hide what overflows, breaks or fails axe. The pages are shared
 * out a few per test, so the two workers split each width.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { renderDeferredParts } from "../support/deferred-parts.ts";
import { scan } from "./support/axe.ts";
import { NUMBER_RANGE_SOURCE, NUMBER_WITH_UNIT_SOURCE } from "../../app/lib/units.ts";
import { findBrokenWords, MIN_WORD_LENGTH } from "./support/broken-words.ts";
import { pageFacts } from "./support/page-facts.ts";
import { overlongLines } from "./support/running-text.ts";
import { ALL_PATHS, NOT_FOUND_PATHS, openPage, TEMPLATE_PAGES, twoFrames, untilQuiet } from "./support/site.ts";

const PAGES = [...ALL_PATHS, NOT_FOUND_PATHS[0] ?? "/no-such-page"];
/** Pages per test: one tab serves a few pages, and the two workers share the tests. */
const PAGES_PER_TEST = 7;

/** The spacing WCAG 1.4.12 names, as a reader's style sheet or extension would set it. */
const WCAG_TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** A font file of Fontsource's whole faces, by its face (inter-latin-wght-normal, …). */
const WHOLE_FONTSOURCE_FILE = /\/(inter-[a-z-]+-wght-normal)[\w-]*\.woff2$/;

interface Width {
  width: number;
  /** Checked in the page loaded at the width before it, its window resized: a load fewer. */
  resized: boolean;
  /** The loaded page zoomed to 320 px wide (WCAG 1.4.10), before the reader's text spacing. */
  zoomedTo320: boolean;
  axe: boolean;
  brokenWords: boolean;
  runningText: boolean;
  /** E-mail addresses on one line, then the reader's text spacing (done last: it changes the page). */
  phoneText: boolean;
  /** The page's own facts, which hold at any width: checked once. */
  facts: boolean;
}

const PHONE: Width = {
  width: 375,
  resized: false,
  zoomedTo320: true,
  axe: true,
  brokenWords: true,
  runningText: true,
  phoneText: true,
  facts: false,
};
const DESKTOP: Width = { ...PHONE, width: 1280, zoomedTo320: false, phoneText: false, facts: true };
const TABLET: Width = { ...DESKTOP, width: 768, resized: true, axe: false, facts: false };
/** Each test's visits: a page loaded at the first width, then its window resized to the next. */
const VISITS: Width[][] = [[PHONE], [DESKTOP, TABLET]];
const HEIGHT = 812;

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
  return tooTall.map(({ box, bottom }) => `${where}: the sticky ${box} reaches ${bottom} px on an ${HEIGHT} px screen`);
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
  let response: Awaited<ReturnType<typeof openPage>> = null;
  if (w.resized) {
    await page.setViewportSize({ width: w.width, height: HEIGHT });
    await untilQuiet(page);
  } else {
    response = await openPage(page, path);
    await renderDeferredParts(page);
  }
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
  if (w.phoneText) found.push(...(await splitAddresses(page, where)));
  if (w.zoomedTo320) {
    const zoomed = `${path} zoomed to 320 px`;
    await page.setViewportSize({ width: 320, height: HEIGHT });
    await twoFrames(page);
    found.push(...(await sidewaysScroll(page, zoomed, 320)));
    found.push(...(await stickyBoxesTooTall(page, zoomed)));
    await page.setViewportSize({ width: w.width, height: HEIGHT });
    await twoFrames(page);
  }
  if (w.phoneText) {
    await applyTextSpacing(page);
    found.push(...(await sidewaysScroll(page, `${where} with WCAG text spacing`, w.width)));
  }
  // Laying the text out can ask for another face (a list's bullet): let any such request go out.
  await page.evaluate(() => document.fonts.ready);
  return found;
}

for (const widths of VISITS) {
  const [first] = widths as [Width];
  test.describe(widths.map((w) => `${w.width} px`).join(", then "), () => {
    test.use({ viewport: { width: first.width, height: HEIGHT } });
    for (let i = 0; i < PAGES.length; i += PAGES_PER_TEST) {
      const paths = PAGES.slice(i, i + PAGES_PER_TEST);
      test(`${paths[0]} … ${paths.at(-1)} (${paths.length} pages)`, async ({ page }) => {
        test.setTimeout(90_000);
        const found: string[] = [];
        let current = "";
        page.on("request", (request) => {
          const face = WHOLE_FONTSOURCE_FILE.exec(new URL(request.url()).pathname)?.[1];
          if (request.resourceType() === "font" && face)
            found.push(`${current}: fetched Fontsource's whole ${face}.woff2`);
        });
        for (const path of paths) {
          for (const w of widths) {
            current = `${path} at ${w.width} px`;
            found.push(...(await checkPage(page, path, w)));
          }
          await page.setViewportSize({ width: first.width, height: HEIGHT });
        }
        expect(found, `what the sweep found:\n\n${found.join("\n\n")}\n`).toEqual([]);
      });
    }
  });
}
