/**
 * The font in the browser (scripts/build/vite-fonts.ts): a page of the site's own text preloads
 * and uses the small core cut of Inter and never downloads Fontsource's whole Latin file;
 * a character outside the core (a visitor's "Łódź" typed into a form) still gets Inter.
 * No page of any kind downloads any of Fontsource's whole files, whatever its stylesheets
 * or the browser draw (a quote mark from a stylesheet can send a page to the Latin file, a
 * list's bullet to another face); one page of each kind, as the faces a page needs beyond
 * its text follow from its template. That every page's own text lies within our cuts is
 * checked over the built files (tests/integration/built-pages.test.ts).
 */
import { expect, test } from "@playwright/test";
import { eachAtOnce, openPage, TEMPLATE_PAGES } from "./support/site.ts";

test("a page of our own text is set in the core cut of Inter, and typed characters outside it still get Inter", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  await openPage(page, "/contact");
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute(
    "href",
    /\/assets\/inter-core-[\w-]+\.woff2$/,
  );
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('700 40px "Inter Variable"', "Contact Us"))).toBe(true);
  expect(fonts.filter((path) => /inter-core-/.test(path))).toHaveLength(1);
  expect(
    fonts.filter((path) => /inter-latin-/.test(path)),
    "Fontsource's whole Latin file",
  ).toEqual([]);

  // Ł is Latin Extended, ó is outside the core: the browser fetches the faces that have them.
  await page.getByLabel("Name", { exact: true }).fill("Łódź Nowak");
  await expect.poll(() => fonts.filter((path) => /inter-latin-ext-/.test(path)).length).toBe(1);
  await expect.poll(() => fonts.filter((path) => /inter-latin-wght/.test(path)).length).toBe(1);
});

/** Paths per test, so that the two workers share them. */
const PATHS_PER_TEST = 7;
const groups: string[][] = [];
for (let i = 0; i < TEMPLATE_PAGES.length; i += PATHS_PER_TEST)
  groups.push(TEMPLATE_PAGES.slice(i, i + PATHS_PER_TEST));

for (const paths of groups) {
  test(`no page downloads one of Fontsource's whole files: ${paths.join(", ")}`, async ({ browser }) => {
    const fetched: string[] = [];
    // A context per page (Chromium loads a face it holds in its cache at once, needed or
    // not), a few at a time.
    await eachAtOnce(paths, 4, async (path) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const files = new Set<string>();
      page.on("request", (request) => {
        const file = /\/(inter-[a-z-]+-wght-normal)[\w-]*\.woff2$/.exec(new URL(request.url()).pathname)?.[1];
        if (request.resourceType() === "font" && file) files.add(file);
      });
      await openPage(page, path);
      // Laying text out in the core can ask for another face (a list's bullet), and only then.
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
        await document.fonts.ready;
      });
      for (const file of files) fetched.push(`${path}: ${file}.woff2`);
      await context.close();
    });
    expect(fetched.sort(), "pages that fetched a whole Fontsource file (Latin 48 KB, Greek 19 KB, …)").toEqual([]);
  });
}
