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
  // Drawn to fill its own box, the column beside the text.
  const box = await art.boundingBox();
  const drawn = await svg.boundingBox();
  expect(drawn?.width).toBeCloseTo(box?.width ?? 0, 0);
  expect(drawn?.height).toBeCloseTo(box?.height ?? 0, 0);

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

/**
 * Where the art is drawn, at each of the design's widths: never under the navigation bar,
 * never behind a line of the banner's or the hero's text, and never wider than the page.
 */
for (const width of [375, 768, 1024, 1280]) {
  for (const path of ["/", "/about", "/careers/jobs/vlsi/dft-engineer-all-levels"]) {
    test(`${path} at ${width} px: the art keeps clear of the navigation bar and the text`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPage(page, path);
      const found = await page.evaluate(() => {
        const block = document.querySelector("main > :is(.banner, .hero)")!;
        const art = block.querySelector(":scope > :is(.banner__art, .hero__art)")!;
        const artBox = art.getBoundingClientRect();
        if (artBox.width === 0 || artBox.height === 0)
          return { shown: false, under: [] as string[], barBottom: 0, artBox };
        const barBottom = document.querySelector(".site-header__bar")!.getBoundingClientRect().bottom;
        // Every line box of text in the block (a Range over each text node gives one box a line).
        const under: string[] = [];
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || art.contains(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const line of range.getClientRects()) {
            const overlaps =
              line.width > 0 &&
              line.right > artBox.left &&
              line.left < artBox.right &&
              line.bottom > artBox.top &&
              line.top < artBox.bottom;
            if (overlaps) under.push(node.textContent.trim().slice(0, 40));
          }
        }
        // Text of controls drawn as boxes (the buttons) counts by its whole box.
        for (const control of block.querySelectorAll(".button, .breadcrumbs a")) {
          const r = control.getBoundingClientRect();
          if (r.right > artBox.left && r.left < artBox.right && r.bottom > artBox.top && r.top < artBox.bottom)
            under.push(control.textContent?.trim() ?? "");
        }
        return { shown: true, under, barBottom, artBox: artBox.toJSON() as DOMRect };
      });
      if (!found.shown) return;
      expect(found.artBox.top, "the art's top against the bar's bottom").toBeGreaterThanOrEqual(found.barBottom);
      expect(found.artBox.right, "the art's right edge").toBeLessThanOrEqual(width);
      expect([...new Set(found.under)], "text drawn over the art").toEqual([]);
    });
  }
}
