/**
 * The banner and hero art in the browser (app/components/decorative-art.tsx): the inline
 * SVG of the prerendered page survives hydration untouched, without a hydration error,
 * and a page reached by a client-side navigation shows its art as an <img> of the file.
 */
import { expect, test } from "@playwright/test";
import { openPage } from "./support/site.ts";

test.use({ viewport: { width: 1280, height: 800 } });

test("the prerendered inline art survives hydration; after a client-side navigation the art is an image", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));

  await openPage(page, "/about");
  const art = page.locator("section.banner > .banner__art");
  await expect(art).toHaveCount(1);
  // Still the server's markup: a <div> holding the SVG, drawn across the banner.
  expect(await art.evaluate((el) => el.tagName)).toBe("DIV");
  const svg = art.locator("svg");
  await expect(svg).toHaveCount(1);
  const banner = await page.locator("section.banner").boundingBox();
  const drawn = await svg.boundingBox();
  expect(drawn?.width).toBeCloseTo(banner?.width ?? 0, 0);
  expect(drawn?.height).toBeCloseTo(banner?.height ?? 0, 0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  const contactArt = page.locator("section.banner > .banner__art");
  expect(await contactArt.evaluate((el) => el.tagName)).toBe("IMG");
  await expect(contactArt).toHaveAttribute("src", "/images/banners/contact.svg");
  await expect(contactArt).toHaveAttribute("alt", "");
  await expect
    .poll(() =>
      contactArt.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);

  expect(problems).toEqual([]);
});
