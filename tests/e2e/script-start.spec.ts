/**
 * The page's JavaScript starts after the page has loaded (docs/decisions/0022): no script
 * is requested before the load event and the first contentful paint is on screen, so on
 * a slow phone the stylesheet, the font and the first images have the link to themselves
 * and the first paint never waits for a script; then the page becomes interactive, with
 * no hydration error, and its CSP refuses nothing. The web app manifest waits for the
 * script too: it is not needed for the first paint.
 */
import { expect, test } from "../support/playwright-test.ts";
import { anOpenJob } from "../support/content-picks.ts";
import { openPage } from "./support/site.ts";

const PATHS = ["/", "/about", "/contact", anOpenJob().path];

for (const path of PATHS) {
  test(`${path}: scripts are requested only after the load event and the first contentful paint, and the page hydrates cleanly`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    await openPage(page, path);

    const timing = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType !== "navigation" && /\.js(\?|$)/.test(entry.name))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime }));
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        loadEventStart: navigation?.loadEventStart ?? Number.NaN,
        paint: paint?.startTime ?? Number.NaN,
        scripts,
      };
    });
    expect(timing.scripts.length, "scripts the page loaded").toBeGreaterThan(3);
    const early = timing.scripts.filter((script) => script.start < timing.loadEventStart);
    expect(early, `scripts requested before the load event at ${timing.loadEventStart.toFixed(0)} ms`).toEqual([]);
    // The paint entry's time is when the frame was shown; NaN (no paint reported) fails too.
    const beforePaint = timing.scripts.filter((script) => !(script.start >= timing.paint));
    expect(beforePaint, `scripts requested before the first contentful paint at ${timing.paint.toFixed(0)} ms`).toEqual(
      [],
    );
    // Hydrated: the menu button works.
    expect(await page.locator("#site-menu").count()).toBe(1);
    expect(problems, "console errors (hydration, CSP)").toEqual([]);
  });
}

test("the web app manifest is linked once the script runs, never in the prerendered HTML", async ({
  page,
  request,
}) => {
  // Linked in the HTML, the browser fetched it during the first paint (app/components/deferred-manifest.tsx).
  const html = await (await request.get("/about")).text();
  expect(html).toContain('<link rel="apple-touch-icon"');
  expect(html).not.toContain('rel="manifest"');

  await openPage(page, "/about");
  const manifest = page.locator('head link[rel="manifest"]');
  await expect(manifest).toHaveCount(1);
  const href = (await manifest.getAttribute("href")) ?? "";
  const answer = await request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const { name, icons } = (await answer.json()) as { name: string; icons: { src: string }[] };
  expect(name).toBe("Blueberry Semiconductors");
  for (const icon of icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
});
