/**
 * The page's JavaScript starts after the page has loaded (docs/decisions/0022): no script
 * is requested before the load event, so on a slow phone the stylesheet, the font and
 * the first images have the link to themselves; then the page becomes interactive, with
 * no hydration error, and its CSP refuses nothing.
 */
import { expect, test } from "@playwright/test";
import { openPage } from "./support/site.ts";

const PATHS = ["/", "/about", "/contact", "/careers/jobs/vlsi/dft-engineer-all-levels"];

for (const path of PATHS) {
  test(`${path}: scripts are requested only after the load event, and the page hydrates cleanly`, async ({ page }) => {
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
      return { loadEventStart: navigation?.loadEventStart ?? Number.NaN, scripts };
    });
    expect(timing.scripts.length, "scripts the page loaded").toBeGreaterThan(3);
    const early = timing.scripts.filter((script) => script.start < timing.loadEventStart);
    expect(early, `scripts requested before the load event at ${timing.loadEventStart.toFixed(0)} ms`).toEqual([]);
    // Hydrated: the menu button works.
    expect(await page.locator("#site-menu").count()).toBe(1);
    expect(problems, "console errors (hydration, CSP)").toEqual([]);
  });
}
