/**
 * What the layout promises a visitor: running text at a readable measure on every
 * kind of page, a way on at the end of a case study, the contact and brochure cards at
 * every width, a service page's links as one strip on a phone, each testimonial once,
 * press items newest first with a title and a date, openings that are one link each, an
 * empty openings list that leads on, a drawn office map, one button style in the Apply
 * dialog, and the page-by-page finish (Life, the footer, pictures, partner marks).
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import sharp from "sharp";
import { careersLinks, serviceLinks } from "../../app/content/navigation.ts";
import { aCaseStudy, anOpenJob, openJobs } from "../support/content-picks.ts";
import { renderDeferredParts } from "../support/deferred-parts.ts";
import { overlongLines } from "./support/running-text.ts";
import { CASE_STUDY_PATHS, CONTENT_COUNTS, openPage, TEMPLATE_PAGES } from "./support/site.ts";

/** The case studies' paths in the order the list page shows them. */
async function caseStudyOrder(page: Page): Promise<string[]> {
  await page.goto("/casestudies");
  const links = page.getByRole("region", { name: "All case studies" }).getByRole("heading").getByRole("link");
  return links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

test.describe("running text", () => {
  // 375, 768 and 1280 px: the page sweep (page-sweep.spec.ts).
  test("keeps every paragraph and list item to at most 75 characters a line at 1024 px", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    const tooLong: string[] = [];
    for (const path of TEMPLATE_PAGES) {
      await page.goto(path);
      await renderDeferredParts(page);
      const found = await overlongLines(page, path);
      expect(found.checked, `paragraphs and list items on ${path}`).toBeGreaterThan(0);
      tooLong.push(...found.tooLong);
    }
    expect(tooLong).toEqual([]);
  });
});

test.describe("case study detail", () => {
  test("at 1280 px the facts stand beside the picture and the story runs centred below both: no empty side column", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 812 });
    await page.goto(aCaseStudy().path);
    const boxes = await page.locator(".case-layout").evaluate((layout) => {
      const box = (selector: string) => layout.querySelector(selector)!.getBoundingClientRect();
      const picture = box(".case-layout__image");
      const facts = box(".case-facts");
      const story = box("article > section");
      const column = layout.getBoundingClientRect();
      return { picture, facts, story, column, sticky: getComputedStyle(layout.querySelector(".case-facts")!).position };
    });
    expect(Math.abs(boxes.facts.top - boxes.picture.top), "the facts' top against the picture's").toBeLessThan(2);
    expect(boxes.facts.left, "the facts beside the picture").toBeGreaterThan(boxes.picture.right);
    expect(boxes.story.top, "the story below both").toBeGreaterThan(Math.max(boxes.picture.bottom, boxes.facts.bottom));
    const middle = (r: { left: number; right: number }) => (r.left + r.right) / 2;
    expect(Math.abs(middle(boxes.story) - middle(boxes.column)), "the story centred").toBeLessThan(2);
    expect(boxes.sticky).toBe("static");
  });

  test("ends with a call to talk and a link to the next study, wrapping after the last", async ({ page }) => {
    const order = await caseStudyOrder(page);
    expect(order).toHaveLength(CASE_STUDY_PATHS.length);
    const [first, second] = order;
    const last = order.at(-1);
    for (const [from, to] of [
      [first, second],
      [last, first],
    ] as const) {
      await page.goto(to ?? "");
      const nextTitle = await page.getByRole("heading", { level: 1 }).innerText();
      await openPage(page, from ?? "");
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: /start a conversation/i })).toHaveAttribute("href", "/contact");
      const next = main.getByRole("navigation", { name: "Next case study" }).getByRole("link");
      await expect(next).toHaveAttribute("href", to ?? "");
      await expect(next).toContainText(nextTitle.replace(/\s+/g, " "));
      await next.click();
      await expect(page).toHaveURL(new RegExp(`${to}$`));
    }
  });

  test("the 'Talk to Our Engineers' card is on screen at 768 px", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto(aCaseStudy().path);
    const card = page.getByRole("region", { name: "Talk to Our Engineers" });
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeInViewport();
  });

  test("keeps a title's short hyphenated term (such as ASIL-B), and every other, whole at 375 px", async ({ page }) => {
    // The first case study whose title has a hyphenated term short enough never to break
    // (at most 12 characters, app/lib/keep-terms.tsx), as "ASIL-B" is.
    const shortTerm = (title: string) =>
      title.match(/[\p{L}\p{N}+]+(?:-[\p{L}\p{N}+]+)+/gu)?.find((term) => term.length <= 12);
    const study = aCaseStudy("a case study whose title has a short hyphenated term (ASIL-B)", ({ value }) =>
      Boolean(shortTerm(value.title)),
    );
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(study.path);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1.locator(".keep-term", { hasText: shortTerm(study.value.title) })).toHaveCount(1);
    const terms = await h1
      .locator(".keep-term")
      .evaluateAll((spans) => spans.map((span) => ({ term: span.textContent, lines: span.getClientRects().length })));
    for (const { term, lines } of terms) expect(lines, `lines that ${term} spans`).toBe(1);
  });
});

test.describe("service page", () => {
  for (const width of [375, 768, 1280]) {
    test(`offers the brochure at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/services/silicon-engineering");
      const brochure = page.getByRole("main").getByRole("link", { name: /ask for our services brochure/i });
      await expect(brochure).toHaveCount(1);
      await brochure.scrollIntoViewIfNeeded();
      await expect(brochure).toBeVisible();
      await expect(brochure).toHaveAttribute("href", "/contact?brochure=silicon-engineering");
    });
  }

  test("at 375 px the six service links are one strip, with the current one (the last) in view", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/services/turnkey-solutions");
    const menu = page.getByRole("navigation", { name: "Our Services" });
    const links = menu.getByRole("link");
    await expect(links).toHaveCount(6);
    const tops = await links.evaluateAll((anchors) => anchors.map((a) => Math.round(a.getBoundingClientRect().top)));
    expect(new Set(tops).size, `the links' tops: ${tops.join(", ")}`).toBe(1);
    expect((await menu.boundingBox())?.height).toBeLessThanOrEqual(120);
    // The current link lies wholly inside the strip's visible part.
    const { link, strip } = await menu.evaluate((nav) => {
      const list = nav.querySelector("ul")!.getBoundingClientRect();
      const current = nav.querySelector('[aria-current="page"]')!.getBoundingClientRect();
      return { link: { left: current.left, right: current.right }, strip: { left: list.left, right: list.right } };
    });
    expect(link.left).toBeGreaterThanOrEqual(strip.left);
    expect(link.right).toBeLessThanOrEqual(strip.right);
    await expect(menu.getByRole("link", { name: "Turnkey Solutions" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("testimonials", () => {
  test("a card for every testimonial, no quote shown twice, the featured one first", async ({ page }) => {
    await page.goto("/careers/testimonials");
    const quotes = await page.getByRole("main").locator("blockquote").allInnerTexts();
    expect(quotes).toHaveLength(CONTENT_COUNTS.testimonials);
    expect(new Set(quotes).size).toBe(CONTENT_COUNTS.testimonials);
    const cards = page.getByRole("region", { name: "Voices from the Team" }).getByRole("listitem");
    await expect(cards).toHaveCount(CONTENT_COUNTS.testimonials);
    await expect(cards.first().locator(".testimonial--featured")).toHaveCount(1);
  });

  test("the names in one row of cards start on one line at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/careers/testimonials");
    const cards = await page.locator(".testimonial:not(.testimonial--featured)").evaluateAll((els) =>
      els.map((el) => ({
        row: Math.round(el.getBoundingClientRect().top),
        name: el.querySelector("figcaption strong")?.getBoundingClientRect().top ?? Number.NaN,
      })),
    );
    // Cards in one grid row share their top edge.
    const rows = new Map<number, number[]>();
    for (const { row, name } of cards) rows.set(row, [...(rows.get(row) ?? []), name]);
    const fullRows = [...rows.values()].filter((tops) => tops.length === 3);
    expect(fullRows.length).toBeGreaterThanOrEqual(4);
    for (const tops of fullRows) expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(1);
  });

  test("the closing band stands apart from the footer", async ({ page }) => {
    await page.goto("/careers/testimonials");
    const band = page.locator(".closing-cta__panel");
    const footer = page.getByRole("contentinfo");
    const bandBottom = await band.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    const footerTop = await footer.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    expect(footerTop - bandBottom).toBeGreaterThanOrEqual(32);
  });
});

test.describe("press", () => {
  const pressItems = (page: Page) => page.getByRole("region", { name: "Press images" }).getByRole("listitem");

  test("each item has its headline as a heading, then its publication and its date each on a line of its own", async ({
    page,
  }) => {
    await page.goto("/careers/press-media");
    const items = pressItems(page);
    await expect(items).toHaveCount(CONTENT_COUNTS.press);
    for (const item of await items.all()) {
      const headline = item.getByRole("heading", { level: 2 });
      await expect(headline).toHaveText(/\S/);
      await expect(item.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
      // Headline, then publication, then date: three lines one under another, no "Source · date".
      const [title, source, date] = await item.evaluate((li) =>
        [".press-item__headline", ".press-item__source", "time"].map((selector) => {
          const box = li.querySelector(selector)!.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, text: li.querySelector(selector)!.textContent ?? "" };
        }),
      );
      expect(source!.top, `${title!.text}: publication under the headline`).toBeGreaterThanOrEqual(title!.bottom - 1);
      expect(date!.top, `${title!.text}: date under the publication`).toBeGreaterThanOrEqual(source!.bottom - 1);
      expect(source!.text).not.toContain("·");
      expect(source!.text).toMatch(/\S/);
    }
  });

  test("lists the items newest first, by date", async ({ page }) => {
    await page.goto("/careers/press-media");
    const dates = await pressItems(page)
      .locator("time")
      .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
    expect(dates).toHaveLength(CONTENT_COUNTS.press);
    expect(dates).toEqual(dates.toSorted((a, b) => b.localeCompare(a)));
    expect(new Set(dates).size, "distinct dates, so the order is the dates'").toBe(dates.length);
  });

  // A tablet gets two columns: three there would leave each headline a column of ~200 px.
  for (const [width, columns] of [
    [375, 1],
    [768, 2],
    [1280, 3],
  ] as const) {
    test(`the grid has ${columns} column${columns > 1 ? "s" : ""} at ${width} px, each card wide enough`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/careers/press-media");
      const boxes = await pressItems(page).evaluateAll((items) =>
        items.map((li) => {
          const box = li.getBoundingClientRect();
          return { left: Math.round(box.left), width: box.width };
        }),
      );
      const lefts = new Set(boxes.map((box) => box.left));
      expect(lefts.size, `columns at ${width} px`).toBe(columns);
      for (const box of boxes) expect(box.width, `card width at ${width} px`).toBeGreaterThanOrEqual(300);
    });
  }
});

test("privacy: the version line reads as a sentence, one word space before its date", async ({ page }) => {
  await page.goto("/privacy");
  const time = page.locator("article time").first();
  await expect(time).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
  // The gap between "of" and the date, against the width of a space in the same font.
  const { gap, space } = await time.evaluate((element) => {
    const text = element.previousSibling;
    if (!text?.textContent?.endsWith("of ")) throw new Error(`no "Version of " before the date: ${text?.textContent}`);
    const range = document.createRange();
    range.setStart(text, text.textContent.length - 3);
    range.setEnd(text, text.textContent.length - 1);
    const ofEnd = range.getBoundingClientRect().right;
    const probe = document.createElement("span");
    probe.textContent = "o o";
    element.parentElement!.append(probe);
    const withSpace = probe.getBoundingClientRect().width;
    probe.textContent = "oo";
    const withoutSpace = probe.getBoundingClientRect().width;
    probe.remove();
    return { gap: element.getBoundingClientRect().left - ofEnd, space: withSpace - withoutSpace };
  });
  expect(gap, `gap before the date (a space is ${space.toFixed(1)} px)`).toBeLessThanOrEqual(space + 1);
});

for (const width of [375, 768, 1280]) {
  test(`privacy at ${width} px: the notice's text starts on the grid, at the banner title's left edge`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/privacy");
    const titleLeft = await page.getByRole("heading", { level: 1 }).evaluate((e) => e.getBoundingClientRect().left);
    const textLeft = await page
      .locator("article p")
      .first()
      .evaluate((e) => e.getBoundingClientRect().left);
    expect(Math.abs(textLeft - titleLeft), `title at ${titleLeft} px, text at ${textLeft} px`).toBeLessThanOrEqual(1);
  });
}

test.describe("openings list", () => {
  test("each opening is one link named 'Apply now for <title>', and the whole card takes the click", async ({
    page,
  }) => {
    await openPage(page, "/careers/jobs");
    const cards = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });
    await expect(cards).toHaveCount(openJobs().filter((job) => job.category === "vlsi").length);
    for (const card of await cards.all()) {
      const title = await card.getByRole("heading").innerText();
      const links = card.getByRole("link");
      await expect(links).toHaveCount(1);
      await expect(links).toHaveAccessibleName(`Apply now for ${title}`);
    }
    const first = cards.first();
    const href = await first.getByRole("link").getAttribute("href");
    // A click on the title, away from the 'Apply now' text, still follows the link.
    // The mouse, not a locator click: the link's overlay lies over the title on purpose.
    const title = await first.getByRole("heading").boundingBox();
    if (!title) throw new Error("the first opening's title is not laid out");
    await page.mouse.click(title.x + 10, title.y + title.height / 2);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("a focused opening shows its focus ring around the card", async ({ page }) => {
    await openPage(page, "/careers/jobs");
    const card = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") })
      .first();
    await card.getByRole("link").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(card.getByRole("link")).toBeFocused();
    const outline = await card.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).toBe("solid");
  });

  test("an empty team's list leads to a team that is hiring, and on a phone keeps 'to' on the careers address's line", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openPage(page, "/careers/jobs/software-embedded");
    const empty = page.getByRole("main").locator(".empty-state");
    await expect(empty.getByRole("link", { name: /^See [1-9]\d* openings? in VLSI$/ })).toHaveAttribute(
      "href",
      "/careers/jobs/vlsi",
    );
    const address = empty.locator('a[href^="mailto:careers@"]');
    await expect(address).toBeVisible();
    // The word before the address, measured with a Range, and the address's first line box.
    const lines = await address.evaluate((a) => {
      const paragraph = a.closest("p") ?? a;
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      let before: Text | null = null;
      for (let node = walker.nextNode(); node && !a.contains(node); node = walker.nextNode()) before = node as Text;
      const word = before ? /(\S+)\s*$/.exec(before.data) : null;
      if (!before || !word) return null;
      const range = document.createRange();
      range.setStart(before, word.index);
      range.setEnd(before, word.index + (word[1] ?? "").length);
      const wordBox = range.getBoundingClientRect();
      const addressLines = [...a.getClientRects()];
      return {
        word: word[1],
        wordMiddle: wordBox.top + wordBox.height / 2,
        addressTop: addressLines[0]?.top ?? NaN,
        addressBottom: addressLines[0]?.bottom ?? NaN,
        addressLineCount: new Set(addressLines.map((box) => Math.round(box.top))).size,
      };
    });
    expect(lines?.word, "the word before the address").toBe("to");
    expect(lines?.addressLineCount, "lines the address takes").toBe(1);
    expect(lines?.wordMiddle, "'to' on the address's line").toBeGreaterThan(lines?.addressTop ?? NaN);
    expect(lines?.wordMiddle, "'to' on the address's line").toBeLessThan(lines?.addressBottom ?? NaN);
  });
});

test("contact: a drawn office map until the real one is asked for, with the OpenStreetMap link", async ({ page }) => {
  await page.route(/openstreetmap/, (route) => route.abort());
  await openPage(page, "/contact");
  const map = page.getByRole("main").locator(".office-map");
  await expect(map.locator(".office-map__plan")).toBeVisible();
  await expect(map.locator("img, iframe")).toHaveCount(0);
  await expect(map.getByRole("link", { name: /^Open in OpenStreetMap/ })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: /^Send/ })).toHaveClass(/\bbutton--primary\b/);
});

test("the Apply dialog's Submit and Cancel use the site's buttons", async ({ page }) => {
  await openPage(page, anOpenJob().path);
  await page.getByRole("main").getByRole("button", { name: "Apply now", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Apply" });
  const submit = dialog.getByRole("button", { name: "Submit" });
  const cancel = dialog.getByRole("button", { name: "Cancel" });
  await expect(submit).toHaveClass(/\bbutton button--primary\b/);
  await expect(cancel).toHaveClass(/\bbutton button--secondary\b/);
  const heights = await Promise.all([submit, cancel].map((b) => b.evaluate((el) => el.getBoundingClientRect().height)));
  expect(heights[0]).toBe(heights[1]);
});

test.describe("page by page", () => {
  test("life at 1280 px: each item's paragraphs share one left edge, none stands apart in a column of its own", async ({
    page,
  }) => {
    await page.goto("/careers/life-blueberry");
    const sections = page.getByRole("region", { name: "Working at Blueberry" }).locator("article");
    expect(await sections.count()).toBeGreaterThan(1);
    for (const section of await sections.all()) {
      const lefts = await section
        .locator("p")
        .evaluateAll((paragraphs) => paragraphs.map((p) => Math.round(p.getBoundingClientRect().left)));
      expect(new Set(lefts).size, `${await section.locator("h2").textContent()}: ${lefts.join(", ")}`).toBe(1);
    }
  });

  test("footer at 375 px: the careers pages and the services under headings of their own, every link at least 24 px tall", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openPage(page, "/about");
    await renderDeferredParts(page);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("navigation", { name: "Careers" }).getByRole("link")).toHaveText(
      careersLinks.map((link) => link.label),
    );
    await expect(footer.getByRole("navigation", { name: "Services" }).getByRole("link")).toHaveText(
      serviceLinks.map((link) => link.label),
    );
    const short = await footer.getByRole("link").evaluateAll((links) =>
      links
        .map((a) => ({
          name: a.textContent?.trim() || a.getAttribute("aria-label"),
          height: a.getBoundingClientRect().height,
        }))
        .filter(({ height }) => height < 24),
    );
    expect(short).toEqual([]);
  });

  test("home at 768 px: the 'Who we are' picture takes the column's whole width", async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "FUELLING SEMICONDUCTORS" }) });
    const [picture, column] = await section.evaluate((el) => [
      el.querySelector("img")!.getBoundingClientRect().width,
      el.querySelector(".container")!.getBoundingClientRect().width,
    ]);
    expect(picture).toBeCloseTo(column!, 0);
  });

  test("partner marks: room at each side at 768 px, and no descriptor drawn too small to read at 375 px", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await openPage(page, "/");
    await renderDeferredParts(page);
    const insets = await page.locator(".partners li").evaluateAll((tiles) =>
      tiles.map((tile) => {
        const box = tile.getBoundingClientRect();
        const mark = tile.querySelector("img")!.getBoundingClientRect();
        return Math.min(mark.left - box.left, box.right - mark.right);
      }),
    );
    expect(Math.min(...insets)).toBeGreaterThanOrEqual(16);

    // A mark with a descriptor ("HALVORA / SILICON"), drawn at a phone's tile width and at a
    // tablet's: the band under the name (its lower quarter) is blank when small, drawn when wide.
    const src = await page.locator(".partners img").first().getAttribute("src");
    const inkBelowName = async (width: number) => {
      await page.setContent(`<img src="${new URL(src!, page.url()).href}" width="${width}" style="display:block">`);
      const image = page.locator("img");
      await expect(image).toHaveJSProperty("complete", true);
      const shot = await image.screenshot();
      const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
      let ink = 0;
      for (let y = Math.floor(info.height * 0.62); y < Math.floor(info.height * 0.78); y++)
        for (let x = Math.floor(info.width * 0.28); x < info.width; x++) {
          const i = (y * info.width + x) * info.channels;
          if (data[i]! < 230 || data[i + 1]! < 230 || data[i + 2]! < 230) ink++;
        }
      return ink;
    };
    expect(await inkBelowName(92), "the descriptor at 92 px").toBe(0);
    expect(await inkBelowName(200), "the descriptor at 200 px").toBeGreaterThan(0);
  });

  test("a case-study card's picture box shows the art's dark ground until the picture arrives", async ({ page }) => {
    await page.goto("/casestudies");
    const ground = await page
      .locator(".case-card img")
      .first()
      .evaluate((img) => getComputedStyle(img).backgroundImage);
    expect(ground).toContain("rgb(17, 13, 43)");
  });
});
