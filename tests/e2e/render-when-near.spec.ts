/**
 * The parts far below the first screen (the home page's lower sections, the service pages'
 * related case studies, every footer) and the items of the long lists (case study cards,
 * press and gallery pictures) carry `.render-when-near`: the browser renders them only as
 * they come near the viewport, which shortens a slow phone's first frame and keeps
 * pictures it cannot see yet off its link (decision 0026). A visitor must not be able to
 * tell: scrolled into view, each part shows everything, with nothing clipped at its edges
 * (the part clips its paint, so overflow would be cut off rather than scroll sideways,
 * and the page-wide overflow checks could not see it), a card's hover shadow and focus
 * ring paint past its edge as before, nothing jumps on screen while the parts render, and
 * the partner marks, metrics, pictures and related case studies load as before.
 */
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import sharp from "sharp";
import { sliderService } from "./helpers/slider.ts";
import { CONTENT_COUNTS, HOME_METRICS, openPage, twoFrames } from "./support/site.ts";

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
 * The metrics' count-up is left out: it is meant to move, and when a number gains a digit
 * Chromium now and then reports the "+" after it as shifted.
 */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const win = window as Window & { layoutShifts?: string[] };
    win.layoutShifts = [];
    const describe = (node: Node | null): string =>
      node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : "text";
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.filter(({ node }) => !node?.parentElement?.closest(".metric__value"));
        if (sources.length === 0) continue;
        const moved = sources.map(
          ({ node, previousRect: from, currentRect: to }) =>
            `${describe(node)} (${from.x},${from.y} ${from.width}×${from.height}) → (${to.x},${to.y} ${to.width}×${to.height})`,
        );
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
      /** Whether something between the element and the part clips it by design (a slider's viewport). */
      const clippedInside = (el: Element): boolean => {
        for (let up = el.parentElement; up && up !== part; up = up.parentElement) {
          if (getComputedStyle(up).overflow !== "visible") return true;
        }
        return false;
      };
      for (const el of part.querySelectorAll("*")) {
        if (el.closest(".visually-hidden, svg") || clippedInside(el)) continue;
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
    await twoFrames(page);
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

/**
 * Scrolls the page to its end and holds what the visitor saw: exactly these parts came on
 * screen, none of them blank, nothing cut off at a part's edge, and no layout shift.
 */
async function scrollThroughParts(page: Page, expectedParts: string[]): Promise<void> {
  await watchLayoutShifts(page);
  const { blank, clipped, seen } = await scrollToEnd(page);
  expect(seen, "parts that came on screen").toEqual(expectedParts);
  expect(blank, "parts on screen but not rendered").toEqual([]);
  expect(clipped, "boxes cut off at a part's edge").toEqual([]);
  expect(
    await page.evaluate(() => (window as Window & { layoutShifts?: string[] }).layoutShifts),
    "layout shifts while scrolling",
  ).toEqual([]);
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

    test("shows every part whole, without a shift, with every partner mark and final metrics", async ({ page }) => {
      await openPage(page, "/");
      await scrollThroughParts(page, [
        "section.section.section--dark.metrics.render-when-near",
        "section.section.home-partners.render-when-near",
        "section.section.section--tint.home-services.render-when-near",
        "section.section.section--tint.closing-cta.render-when-near",
        "footer.site-footer.render-when-near",
      ]);

      const marks = page.getByRole("region", { name: "OUR VALUABLE PARTNERS" }).locator("img");
      await expect(marks).toHaveCount(CONTENT_COUNTS.partners);
      await expect
        .poll(() =>
          marks.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        )
        .toBe(CONTENT_COUNTS.partners);
      await expect(page.getByTestId("metric-number")).toHaveText(HOME_METRICS, { timeout: 10_000 });
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

for (const width of [375, 768]) {
  test.describe(`a service page at ${width} px, scrolled to the end`, () => {
    test.use({ viewport: { width, height: 812 } });

    test("shows its related case studies and closing band whole, with their first picture, and the slider still moves", async ({
      page,
    }) => {
      const { path, slides: count } = sliderService();
      await openPage(page, path);
      expect(await isSkipped(page, ".service-related h2"), "the related case studies on load").toBe(true);
      await scrollThroughParts(page, [
        "div.section.section--tint.service-related.render-when-near",
        "section.section.section--tint.closing-cta.render-when-near",
        "footer.site-footer.render-when-near",
      ]);

      const slides = page.locator('.service-related [aria-roledescription="slide"]');
      await expect(slides).toHaveCount(count);
      await expect
        .poll(() =>
          slides
            .first()
            .locator("img")
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      const before = await slides.first().boundingBox();
      await page.getByRole("button", { name: "Next case studies" }).click();
      await expect.poll(async () => (await slides.first().boundingBox())?.x).toBeLessThan(before!.x);
    });
  });
}

const LISTS = [
  { path: "/casestudies", items: ".case-grid > li" },
  { path: "/careers/press-media", items: ".image-grid--press > li" },
  { path: "/careers/life-blueberry", items: ".image-grid--gallery > li" },
];

test.describe("the long lists at 375 px on load", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const { path, items } of LISTS) {
    test(`${path}: the items near the first screen render, the last waits`, async ({ page }) => {
      await openPage(page, path);
      if (path !== "/careers/life-blueberry") {
        expect(await isSkipped(page, `${items}:first-child img`), "the first item").toBe(false);
      }
      expect(await isSkipped(page, `${items}:last-child img`), "the last item").toBe(true);
    });
  }
});

for (const width of [375, 768, 1280]) {
  test.describe(`the long lists at ${width} px, scrolled to the end`, () => {
    test.use({ viewport: { width, height: 812 } });

    for (const { path, items } of LISTS) {
      test(`${path}: every item shows whole, without a shift, with its picture loaded`, async ({ page }) => {
        await openPage(page, path);
        await scrollThroughParts(page, ["li.render-when-near", "footer.site-footer.render-when-near"]);
        const pictures = page.locator(`${items} img`);
        await expect
          .poll(() =>
            pictures.evaluateAll((imgs) => imgs.filter((img) => !(img as HTMLImageElement).naturalWidth).length),
          )
          .toBe(0);
      });
    }
  });
}

const REACH = 64;

/** The screen around an element, as far out as a shadow reaches (REACH), measured afresh. */
async function paintAround(page: Page, element: Locator): Promise<{ shot: Buffer; width: number; height: number }> {
  const box = (await element.boundingBox())!;
  const { x, y, width, height } = {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
  const shot = await page.screenshot({
    clip: { x: x - REACH, y: y - REACH, width: width + 2 * REACH, height: height + 2 * REACH },
    animations: "disabled",
  });
  return { shot, width, height };
}

/** The mean brightness (0-255, over R, G and B) of a strip of a screenshot. */
async function brightness(shot: Buffer, strip: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(shot).extract(strip).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return data.reduce((sum, value) => sum + value, 0) / (info.width * info.height * info.channels);
}

/**
 * What the element paints just past its edge (its focus ring 2-5 px above it, its shadow
 * 2-24 px below it), with its list item rendering when near, then without. The item clips
 * its paint, and a clip too tight would cut the ring or the shadow; pixels cannot be
 * compared one for one (the two rasterise text and pictures a little differently), the
 * strips' brightness can. Only this item stops deferring, so nothing else moves.
 */
async function paintPastEdge(page: Page, element: Locator) {
  const strips = async ({ shot, width, height }: Awaited<ReturnType<typeof paintAround>>) => ({
    ring: await brightness(shot, { left: REACH + 8, top: REACH - 5, width: width - 16, height: 3 }),
    shadow: await brightness(shot, { left: REACH + 8, top: REACH + height + 2, width: width - 16, height: 22 }),
  });
  const deferred = await strips(await paintAround(page, element));
  await element.evaluate((el) => {
    (el.closest(".render-when-near") as HTMLElement).style.contentVisibility = "visible";
  });
  await twoFrames(page);
  const plain = await strips(await paintAround(page, element));
  return { deferred, plain };
}

/**
 * Scrolls with the wheel, as a visitor would, until the element is in the middle of the
 * screen and stays where it is (every item above it rendered at its real height).
 */
async function bringToCentre(page: Page, element: Locator): Promise<void> {
  const offCentre = () =>
    element.evaluate((el) => el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2 - innerHeight / 2);
  await page.mouse.move(5, 5);
  for (let step = 0; step < 60; step++) {
    const off = await offCentre();
    if (Math.abs(off) < 40) break;
    await page.mouse.wheel(0, Math.sign(off) * Math.min(Math.abs(off), 400));
    await twoFrames(page);
  }
  // Still: the same place two frames apart.
  for (let check = 0, last = NaN; check < 20; check++) {
    const now = await offCentre();
    if (now === last) break;
    last = now;
    await twoFrames(page);
  }
}

test.describe("a list item at 1280 px, hovered or focused", () => {
  test.use({ viewport: { width: 1280, height: 812 } });

  test("/casestudies: a hovered card's shadow reaches past its item, uncut", async ({ page }) => {
    await openPage(page, "/casestudies");
    const card = page.locator(".case-grid > li:nth-child(8) .card");
    await bringToCentre(page, card);
    await card.hover();
    const { deferred, plain } = await paintPastEdge(page, card);
    expect(plain.shadow, "the shadow darkens the strip below the card").toBeLessThan(plain.ring - 8);
    expect(Math.abs(deferred.shadow - plain.shadow), "the shadow, deferred and not").toBeLessThan(4);
  });

  for (const { path, target } of [
    { path: "/casestudies", target: ".case-grid > li:nth-child(8) .card" },
    { path: "/careers/press-media", target: ".image-grid--press > li:nth-child(5) .image-grid__link" },
  ]) {
    test(`${path}: the focus ring shows whole`, async ({ page }) => {
      await openPage(page, path);
      const ringed = page.locator(target);
      const link = page.locator(`${target} a, ${target}:is(a)`).first();
      await bringToCentre(page, link);
      await link.focus();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Tab");
      expect(await ringed.evaluate((el) => getComputedStyle(el).outlineStyle), "the focus ring").toBe("solid");
      const { deferred, plain } = await paintPastEdge(page, ringed);
      expect(Math.abs(deferred.ring - plain.ring), "the ring above the item, deferred and not").toBeLessThan(8);
    });
  }
});
