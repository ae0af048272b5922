/**
 * The parts far below the first screen (the home page's lower sections, every footer) carry
 * `.render-when-near`: the browser renders them only as they come near the viewport, which
 * shortens a slow phone's first frame (docs/PERFORMANCE.md). A visitor must not be able to
 * tell: scrolled into view, each part shows everything, with nothing clipped at its edges
 * (the part clips its paint, so overflow would be cut off rather than scroll sideways,
 * and the page-wide overflow checks could not see it), nothing jumps on screen while the
 * parts render, and the partner marks and metrics load as before.
 */
import { expect, type Page, test } from "@playwright/test";
import { openPage } from "./support/site.ts";

const METRICS = ["7+", "50+", "120+", "100+"];

/** Whether the element is inside a part the browser is skipping (not rendered yet). */
function isSkipped(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => !el.checkVisibility({ contentVisibilityAuto: true }));
}

type LayoutShift = PerformanceEntry & {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
};

/**
 * Starts recording the layout shifts from now on (the scroll's, not the load's: the load's
 * are Lighthouse's CLS in `npm run bench:web`), each with what moved, for the report.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as Window & { layoutShifts?: string[] };
    win.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node, previousRect: from, currentRect: to }) => {
          const name =
            node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : "text";
          return `${name} (${from.x},${from.y}) → (${to.x},${to.y})`;
        });
        win.layoutShifts!.push(
          `${entry.value.toFixed(5)} at scrollY ${Math.round(window.scrollY)}: ${moved.join("; ")}`,
        );
      }
    }).observe({ type: "layout-shift" });
  });
}

interface ScrollFindings {
  /** Parts that were on screen while still skipped (blank to the visitor). */
  blank: string[];
  /** Boxes that reach past their part's edges, which the part cuts off. */
  clipped: string[];
  /** The parts seen on screen, by their first class. */
  seen: string[];
}

/**
 * What the visitor could see in the render-when-near parts on screen at this moment:
 * skipped parts, and every box (text included) that reaches past its part's edges.
 * Screen-reader-only text, a pixel clipped by design, and SVG internals are left out.
 */
function partsOnScreen(page: Page): Promise<ScrollFindings> {
  return page.evaluate(() => {
    const findings: ScrollFindings = { blank: [], clipped: [], seen: [] };
    for (const part of document.querySelectorAll(".render-when-near")) {
      const edge = part.getBoundingClientRect();
      if (edge.bottom <= 0 || edge.top >= window.innerHeight) continue;
      const partName = `${part.tagName.toLowerCase()}.${[...part.classList].join(".")}`;
      findings.seen.push(partName);
      if (!part.firstElementChild?.checkVisibility({ contentVisibilityAuto: true })) findings.blank.push(partName);
      for (const el of part.querySelectorAll("*")) {
        if (el.closest(".visually-hidden, svg")) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        const past = [
          box.left < edge.left - 0.5 && "left",
          box.right > edge.right + 0.5 && "right",
          box.top < edge.top - 0.5 && "top",
          box.bottom > edge.bottom + 0.5 && "bottom",
        ].filter(Boolean);
        if (past.length > 0) {
          const name = `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}`;
          findings.clipped.push(`${name} past the ${past.join(", ")} edge of ${partName}`);
        }
      }
    }
    return findings;
  });
}

/**
 * Scrolls to the end of the page with the mouse wheel, as a visitor would, looking at
 * the parts on screen after each step (two frames, as the browser renders what comes near).
 */
async function scrollToEnd(page: Page): Promise<ScrollFindings> {
  const all: ScrollFindings = { blank: [], clipped: [], seen: [] };
  for (let step = 0; step < 80; step++) {
    await page.mouse.wheel(0, 300);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await partsOnScreen(page);
    for (const key of ["blank", "clipped", "seen"] as const) {
      all[key] = [...new Set([...all[key], ...now[key]])];
    }
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (atEnd) break;
  }
  return all;
}

test.describe("the home page at 375 px on load", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("renders the first screens and leaves the services and the footer for later", async ({ page }) => {
    await openPage(page, "/");
    expect(await isSkipped(page, ".hero h1"), "the hero").toBe(false);
    expect(await isSkipped(page, "#fuelling-title"), "the 'who we are' section").toBe(false);
    expect(await isSkipped(page, "#services-title"), "the services").toBe(true);
    expect(await isSkipped(page, ".site-footer a"), "the footer").toBe(true);
  });
});

for (const width of [375, 768, 1280]) {
  test.describe(`the home page at ${width} px, scrolled to the end`, () => {
    test.use({ viewport: { width, height: 812 } });

    test("shows every part whole, without a shift, with its 18 partner marks and final metrics", async ({ page }) => {
      await openPage(page, "/");
      await watchLayoutShifts(page);
      const { blank, clipped, seen } = await scrollToEnd(page);

      expect(seen, "parts that came on screen").toEqual([
        "section.section.section--dark.metrics.render-when-near",
        "section.section.home-partners.render-when-near",
        "section.section.section--tint.home-services.render-when-near",
        "section.section.section--tint.closing-cta.render-when-near",
        "footer.site-footer.render-when-near",
      ]);
      expect(blank, "parts on screen but not rendered").toEqual([]);
      expect(clipped, "boxes cut off at a part's edge").toEqual([]);
      expect(
        await page.evaluate(() => (window as Window & { layoutShifts?: string[] }).layoutShifts),
        "layout shifts while scrolling",
      ).toEqual([]);

      const marks = page.getByRole("region", { name: "OUR VALUABLE PARTNERS" }).locator("img");
      await expect(marks).toHaveCount(18);
      await expect
        .poll(() =>
          marks.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        )
        .toBe(18);
      await expect(page.getByTestId("metric-number")).toHaveText(METRICS, { timeout: 10_000 });
    });
  });
}

test.describe("a footer at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of ["/contact", "/careers/jobs"]) {
    test(`${path}: the footer shows whole once scrolled to`, async ({ page }) => {
      await openPage(page, path);
      const { blank, clipped, seen } = await scrollToEnd(page);
      expect(seen, "parts that came on screen").toEqual(["footer.site-footer.render-when-near"]);
      expect(blank, "the footer on screen but not rendered").toEqual([]);
      expect(clipped, "boxes cut off at the footer's edge").toEqual([]);
    });
  }
});
