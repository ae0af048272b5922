/**
 * The banner and hero art in the browser (app/components/decorative-art.tsx): the inline
 * SVG of the prerendered page survives hydration untouched, without a hydration error,
 * and a page reached by a client-side navigation shows its art as an <img> of the file.
 * And the case studies' pictures (scripts/art/case-studies.ts): every label has room of its
 * own, the parts a scene marks never overlap, and the pages show the pictures whole.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { aCaseStudy, anOpenJob, hasGeneratedArt } from "../support/content-picks.ts";
import { openPage, untilQuiet } from "./support/site.ts";

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
 * The art's place is the style sheet's: one load per page, the window resized to each width.
 */
const DESIGN_WIDTHS = [375, 768, 1024, 1280];

for (const path of ["/", "/about", anOpenJob().path]) {
  test(`${path} at ${DESIGN_WIDTHS.join(", ")} px: the art keeps clear of the navigation bar and the text`, async ({
    page,
  }) => {
    const problems: string[] = [];
    await page.setViewportSize({ width: DESIGN_WIDTHS[0] as number, height: 900 });
    await openPage(page, path);
    for (const width of DESIGN_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await untilQuiet(page);
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
      if (!found.shown) continue;
      if (found.artBox.top < found.barBottom)
        problems.push(
          `at ${width} px the art's top (${found.artBox.top}) is above the bar's bottom (${found.barBottom})`,
        );
      if (found.artBox.right > width) problems.push(`at ${width} px the art's right edge is at ${found.artBox.right}`);
      for (const text of new Set(found.under)) problems.push(`at ${width} px text drawn over the art: "${text}"`);
    }
    expect(problems).toEqual([]);
  });
}

const CASE_STUDY_ART = readdirSync(join(process.cwd(), "public/images/case-studies"))
  .filter((file) => file.endsWith(".svg"))
  .map((file) => `/images/case-studies/${file}`);

/** Room a label keeps around it, in pixels of the picture drawn at its own size. */
const LABEL_ROOM = 4;

test("every label of the case studies' pictures has room of its own: on a part it names or clear of every shape", async ({
  page,
}) => {
  const crowded: string[] = [];
  for (const art of CASE_STUDY_ART) {
    await page.goto(art);
    const found = await page.evaluate((room) => {
      type Box = { left: number; right: number; top: number; bottom: number };
      const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const within = (a: Box, b: Box) =>
        a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
      const widen = (b: Box, by: number): Box => ({
        left: b.left - by,
        right: b.right + by,
        top: b.top - by,
        bottom: b.bottom + by,
      });
      // The browser's box of a shape leaves out its stroke; half the stroke lies outside.
      const strokeOutside = (shape: Element, scale: number) => {
        const stroke = shape.getAttribute("stroke");
        return stroke && stroke !== "none" ? (Number(shape.getAttribute("stroke-width") ?? 1) / 2) * scale : 0;
      };
      const corners = (b: Box) => [
        [b.left, b.top],
        [b.right, b.top],
        [b.left, b.bottom],
        [b.right, b.bottom],
      ];
      const texts = [...document.querySelectorAll("text")];
      const problems: string[] = [];
      texts.forEach((label, i) => {
        const box = label.getBoundingClientRect();
        const roomy = widen(box, room);
        const name = label.textContent ?? "";
        // Lines of text set one under the other touch by design: text against text, no room.
        for (const other of texts.slice(i + 1)) {
          if (meets(box, other.getBoundingClientRect())) problems.push(`"${name}" meets "${other.textContent}"`);
        }
        for (const shape of document.querySelectorAll("rect, circle")) {
          const drawn = shape.getBoundingClientRect();
          if (drawn.width === 0 || drawn.height === 0) continue;
          if (shape.tagName === "circle") {
            // A disc: the label is written on it, or its room stays outside the disc.
            const scale = drawn.width / (2 * Number(shape.getAttribute("r")));
            const radius = drawn.width / 2 + strokeOutside(shape, scale);
            const cx = drawn.left + drawn.width / 2;
            const cy = drawn.top + drawn.height / 2;
            const onIt = corners(box).every(([x, y]) => Math.hypot(x! - cx, y! - cy) <= radius);
            const nearX = Math.max(roomy.left, Math.min(cx, roomy.right));
            const nearY = Math.max(roomy.top, Math.min(cy, roomy.bottom));
            if (!onIt && Math.hypot(nearX - cx, nearY - cy) < radius) problems.push(`"${name}" meets a circle`);
          } else {
            const scale = drawn.width / Number(shape.getAttribute("width"));
            const outline = widen(drawn, strokeOutside(shape, scale));
            if (!within(box, drawn) && meets(roomy, outline)) problems.push(`"${name}" meets ${shape.outerHTML}`);
          }
        }
      });
      return problems;
    }, LABEL_ROOM);
    crowded.push(...found.map((problem) => `${art}: ${problem}`));
  }
  expect(crowded).toEqual([]);
});

test("no two of the parts a case study's picture marks overlap, and each lies inside the picture", async ({ page }) => {
  const overlaps: string[] = [];
  let marked = 0;
  for (const art of CASE_STUDY_ART) {
    await page.goto(art);
    const found = await page.evaluate((room) => {
      const picture = document.documentElement.getBoundingClientRect();
      const parts = [...document.querySelectorAll("[data-part]")].map((part, i) => ({
        name: `${part.getAttribute("data-part")} #${i}`,
        box: part.getBoundingClientRect(),
      }));
      const problems: string[] = [];
      parts.forEach((part, i) => {
        const { left, right, top, bottom } = part.box;
        if (left < picture.left || right > picture.right || top < picture.top || bottom > picture.bottom)
          problems.push(`${part.name} reaches outside the picture`);
        for (const other of parts.slice(i + 1)) {
          const b = other.box;
          if (left - room < b.right && b.left < right + room && top - room < b.bottom && b.top < bottom + room)
            problems.push(`${part.name} meets ${other.name}`);
        }
      });
      return { count: parts.length, problems };
    }, LABEL_ROOM);
    marked += found.count;
    overlaps.push(...found.problems.map((problem) => `${art}: ${problem}`));
  }
  // The battery-management scene marks its parts: the check has something to check.
  expect(marked).toBeGreaterThan(0);
  expect(overlaps).toEqual([]);
});

/** Where a picture lies on the screen: the region of it the page shows, in the picture's own pixels. */
type ShownRegion = { left: number; top: number; right: number; bottom: number; distorted: boolean };

/**
 * The region of an <img> the page shows: all of it, unless object-fit crops it (cover), and
 * whether it is drawn out of its proportions (fill, the default, in a box of other shape).
 */
function shownRegion(img: HTMLImageElement): ShownRegion {
  const box = img.getBoundingClientRect();
  const style = getComputedStyle(img);
  const width = img.naturalWidth;
  const height = img.naturalHeight;
  const boxRatio = box.width / box.height;
  if (style.objectFit !== "cover") {
    const distorted = style.objectFit === "fill" && Math.abs(boxRatio - width / height) > 0.01;
    return { left: 0, top: 0, right: width, bottom: height, distorted };
  }
  const scale = Math.max(box.width / width, box.height / height);
  const shownWidth = box.width / scale;
  const shownHeight = box.height / scale;
  const [x = "50%", y = "50%"] = style.objectPosition.split(" ");
  if (!x.endsWith("%") || !y.endsWith("%")) throw new Error(`object-position ${style.objectPosition} not in percent`);
  const left = ((width - shownWidth) * parseFloat(x)) / 100;
  const top = ((height - shownHeight) * parseFloat(y)) / 100;
  return { left, top, right: left + shownWidth, bottom: top + shownHeight, distorted: false };
}

/** The labels of a picture file, each with its box in the picture's own pixels. */
async function labelsOf(page: Page, src: string) {
  await page.goto(src);
  return page.evaluate(() =>
    [...document.querySelectorAll("text")].map((text) => {
      const { left, top, right, bottom } = text.getBoundingClientRect();
      return { name: text.textContent ?? "", left, top, right, bottom };
    }),
  );
}

/**
 * The first case study the list shows whose pictures are the drawn art (1200 × 675, its
 * thumbnail labelled): the lead card while the newest study has art.
 */
const ART_STUDY = aCaseStudy("a case study whose picture and thumbnail are the drawn art", hasGeneratedArt);
const ART_PICTURE = ART_STUDY.value.image.src;
const ART_THUMBNAIL = ART_STUDY.value.thumbnail.src;

/**
 * That study's pictures where the site shows them: on the case study's page, whole and
 * in proportion; as its card of the list (the lead card crops its picture to the card's
 * height), with every label still inside the part shown, room to spare.
 */
test(`at ${DESIGN_WIDTHS.join(", ")} px a case study's drawn pictures are shown in proportion, every label in view`, async ({
  page,
}) => {
  const shown = async (src: string) => {
    const img = page.locator(`main img[src="${src}"]`).first();
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    return img.evaluate(shownRegion);
  };
  const problems: string[] = [];
  // One load per page; the pictures' boxes are the style sheet's, so the window is resized to each width.
  await page.setViewportSize({ width: DESIGN_WIDTHS[0] as number, height: 900 });
  await openPage(page, ART_STUDY.path);
  for (const width of DESIGN_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await untilQuiet(page);
    const onPage = await shown(ART_PICTURE);
    const { left, top, right, bottom, distorted } = onPage;
    if (left !== 0 || top !== 0 || right !== 1200 || bottom !== 675 || distorted)
      problems.push(
        `at ${width} px the case study's picture is not whole and in proportion: ${JSON.stringify(onPage)}`,
      );
  }
  await openPage(page, "/casestudies");
  const onCards: [number, Awaited<ReturnType<typeof shown>>][] = [];
  for (const width of DESIGN_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await untilQuiet(page);
    onCards.push([width, await shown(ART_THUMBNAIL)]);
  }
  // The labels' places in the picture drawn at its own size (this opens the picture itself).
  const labels = await labelsOf(page, ART_THUMBNAIL);
  for (const [width, onCard] of onCards) {
    if (onCard.distorted) problems.push(`at ${width} px the card's picture is distorted`);
    const cutOff = labels
      .filter(
        (label) =>
          label.left - LABEL_ROOM < onCard.left ||
          label.right + LABEL_ROOM > onCard.right ||
          label.top - LABEL_ROOM < onCard.top ||
          label.bottom + LABEL_ROOM > onCard.bottom,
      )
      .map((label) => label.name);
    if (cutOff.length > 0) problems.push(`at ${width} px the card's crop cuts or crowds: ${cutOff.join(", ")}`);
  }
  expect(problems).toEqual([]);
});
