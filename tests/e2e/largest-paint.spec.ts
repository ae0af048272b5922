/**
 * The largest paint of each kind of page, as Chromium reports it: when it is a picture, the
 * browser must fetch that picture at once, from the HTML and ahead of other images
 * (`loading` not lazy, `fetchpriority="high"`), not after the first layout as a lazy one.
 * Checked at the two sizes Lighthouse measures with: its phone (412 × 823) and its desktop
 * (1350 × 940). One HTML serves both, and phones come first: a picture that is the largest
 * paint only on the desktop, and below the first screen on the phone (/about's
 * illustration), stays lazy, so that on a phone it does not take the slow link from the
 * text and its font.
 *
 * /casestudies and /careers/press-media open with a grid of pictures; on the phone the
 * first one is the largest paint. Lazy, it would be fetched only after the first layout,
 * and could be painted after the load event, which puts every script into Lighthouse's
 * LCP estimate.
 *
 * The converse holds too: a picture fetched first is on the phone's first screen, not
 * below a case study's facts, ahead of the text and its font (decision 0020).
 *
 * Which picture is painted largest follows from the page's template, so one page of each
 * kind is measured, each in a fresh context; that no page marks more than one picture
 * to be fetched first is checked over the built files (tests/integration/built-pages.test.ts).
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { eachAtOnce, openPage, TEMPLATE_PAGES } from "./support/site.ts";

/** Lighthouse's screen emulation (lighthouse/core/config/constants.js, whose types leave them optional). */
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1350, height: 940 };

interface LargestPaint {
  tag: string;
  /** The element, briefly: its tag, class and (for an image) file, for the failure message. */
  what: string;
  loading: string | null;
  fetchPriority: string | null;
  /** An image's src attribute, to find it again at another size. */
  src: string | null;
}

/**
 * The element of the page's last largest-contentful-paint entry, once the network has
 * been quiet for half a second (every picture the browser asked for, lazy ones in or near
 * the screen included, has arrived) and two frames have been painted since.
 */
async function largestPaint(page: Page): Promise<LargestPaint> {
  await page.waitForLoadState("networkidle");
  return page.evaluate(async () => {
    await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
    const entries = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({
        type: "largest-contentful-paint",
        buffered: true,
      }),
    );
    const element = (entries.at(-1) as (PerformanceEntry & { element: Element | null }) | undefined)?.element;
    if (!element)
      return { tag: "none", what: "no largest-contentful-paint entry", loading: null, fetchPriority: null, src: null };
    const tag = element.tagName.toLowerCase();
    const file = element instanceof HTMLImageElement ? ` ${new URL(element.currentSrc || element.src).pathname}` : "";
    return {
      tag,
      what: `${[tag, ...element.classList].join(".")}${file}`,
      loading: element.getAttribute("loading"),
      fetchPriority: element.getAttribute("fetchpriority"),
      src: element.getAttribute("src"),
    };
  });
}

test("on a phone the first case-study card's picture is the largest paint of /casestudies, and it is fetched first", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await openPage(page, "/casestudies");
  const found = await largestPaint(page);
  expect(found.what).toMatch(/^img\.picture \/images\/case-studies\//);
  const first = page.locator(".case-grid > li").first().locator("img");
  expect(found.what).toContain(await first.getAttribute("src"));
  expect(found).toMatchObject({ loading: "eager", fetchPriority: "high" });
  // Only that one: the other cards' pictures stay lazy.
  await expect(page.locator('.case-grid img[fetchpriority="high"]')).toHaveCount(1);
  await expect(page.locator('.case-grid img[loading="lazy"]')).toHaveCount(
    (await page.locator(".case-grid img").count()) - 1,
  );
});

/** Whether the image with this src starts below the first screen of Lighthouse's phone. */
async function belowFoldOnPhone(page: Page, src: string): Promise<boolean> {
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = await page
    .locator(`img[src="${src}"]`)
    .first()
    .evaluate((img) => img.getBoundingClientRect().top);
  return top >= PHONE.height;
}

/** Paths per test, so that the two workers share them. */
const PATHS_PER_TEST = 4;
for (const [name, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  for (let i = 0; i < TEMPLATE_PAGES.length; i += PATHS_PER_TEST) {
    const paths = TEMPLATE_PAGES.slice(i, i + PATHS_PER_TEST);
    test(`${name}: a largest paint that is a picture is fetched first, never lazily: ${paths.join(", ")}`, async ({
      browser,
    }) => {
      const wrong: string[] = [];
      // A fresh context per page (nothing in the memory cache to paint early), a few at a
      // time: most of a page's time here is the half second of a quiet network.
      await eachAtOnce(paths, 4, async (path) => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await openPage(page, path);
        const found = await largestPaint(page);
        expect(found.tag, `${path}: no largest paint reported`).not.toBe("none");
        const hinted = found.loading !== "lazy" && found.fetchPriority === "high";
        if (found.tag === "img" && !hinted) {
          const phonesFirst =
            name === "desktop" && found.loading === "lazy" && (await belowFoldOnPhone(page, found.src ?? ""));
          if (!phonesFirst)
            wrong.push(`${path}: ${found.what} (loading=${found.loading}, fetchpriority=${found.fetchPriority})`);
        }
        if (name === "phone") {
          // The converse: a picture fetched first must be on the first screen of the phone.
          const offScreen = await page
            .locator('img[fetchpriority="high"]')
            .evaluateAll(
              (imgs, fold) =>
                imgs
                  .filter((img) => img.getBoundingClientRect().top >= fold)
                  .map((img) => `${img.getAttribute("src")} at ${Math.round(img.getBoundingClientRect().top)} px`),
              PHONE.height,
            );
          for (const picture of offScreen) wrong.push(`${path}: fetched first but below the first screen: ${picture}`);
        }
        await context.close();
      });
      expect(wrong.sort()).toEqual([]);
    });
  }
}
