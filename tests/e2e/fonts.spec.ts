/**
 * The font in the browser (scripts/build/vite-fonts.ts): a page of the site's own text preloads
 * and uses the small core cut of Inter and never downloads Fontsource's whole Latin file;
 * a character outside the core (a visitor's "Łódź" typed into a form) still gets Inter.
 * That no page downloads any of Fontsource's whole files, whatever its stylesheets or the
 * browser draw, is checked in every visit of the page sweep (page-sweep.spec.ts); that
 * every page's own text lies within our cuts, over the built files
 * (tests/integration/built-pages.test.ts).
 */
import { expect, test } from "../support/playwright-test.ts";
import { openPage } from "./support/site.ts";

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
