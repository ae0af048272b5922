/**
 * WCAG 2.2 AA (decision 0005), checked by axe-core in the states a
 * visitor opens: the phone menu, the desktop dropdowns, the collapsed bar's panel, the
 * image dialogs, the Apply dialog (empty, with its errors, with its country list), the
 * contact form's errors and its country list. Every page as it loads, and a 404, is
 * scanned at 375 and 1280 px by the page sweep (page-sweep.spec.ts).
 *
 * axe cannot judge text drawn over the banner art, nor the text of the fixed bar (it
 * measures a fixed element against the middle of the document), and reports those as
 * "incomplete"; the last tests measure that text's contrast from the rendered pixels.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import sharp from "sharp";
import { aCaseStudy, anOpenJob } from "../support/content-picks.ts";
import { expectNone, scan } from "./support/axe.ts";
import { NOT_FOUND_PATHS, openPage, SERVICE_PATHS, twoFrames, untilQuiet } from "./support/site.ts";

const WIDTHS = [375, 1280] as const;
const JOB = anOpenJob().path;

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const navLink = (page: Page, name: string) => mainNav(page).getByRole("link", { name, exact: true });
const navToggle = (page: Page, name: string) => mainNav(page).getByRole("button", { name, exact: true });
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });

// ── The navigation open ─────────────────────────────────────────────────────────────

test.describe("the navigation open", () => {
  test.describe("at 375", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("the phone menu, with Careers and Current Openings expanded", async ({ page }) => {
      await openPage(page, "/about");
      await menuButton(page).click();
      const found = await scan(page, "/about, phone menu open at 375 px");
      await navToggle(page, "Careers").click();
      await navToggle(page, "Current Openings").click();
      await expect(navLink(page, "VLSI")).toBeVisible();
      found.push(...(await scan(page, "/about, phone menu with Careers › Current Openings at 375 px")));
      expectNone(found);
    });
  });

  test.describe("at 1280", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the desktop dropdowns: Services by hover, then Careers' third level", async ({ page }) => {
      await openPage(page, "/");
      await navToggle(page, "Services").hover();
      await expect(navLink(page, "FPGA Design")).toBeVisible();
      const found = await scan(page, "/, Services dropdown at 1280 px");

      await navToggle(page, "Careers").hover();
      await navToggle(page, "Current Openings").hover();
      await expect(navLink(page, "VLSI")).toBeVisible();
      found.push(...(await scan(page, "/, Careers › Current Openings at 1280 px")));
      expectNone(found);
    });

    test("the collapsed bar's menu panel, scrolled down, with Services expanded", async ({ page }) => {
      await openPage(page, "/about");
      await page.evaluate(() => window.scrollTo(0, 700));
      await menuButton(page).click();
      await navToggle(page, "Services").click();
      await expect(navLink(page, "FPGA Design")).toBeVisible();
      expectNone(await scan(page, "/about, scrolled menu panel at 1280 px"));
    });

    test("a hovered dropdown stays open while the pointer moves into it, and Escape dismisses it (1.4.13)", async ({
      page,
    }) => {
      await openPage(page, "/");
      const careers = navToggle(page, "Careers");
      await careers.hover();
      await expect(careers).toHaveAttribute("aria-expanded", "true");
      // Down from the toggle, across the gap, onto the first item, one pixel at a time.
      const from = await careers.boundingBox();
      const to = await navLink(page, "Life").boundingBox();
      if (!from || !to) throw new Error("no boxes for Careers and Life");
      const x = from.x + 20;
      await page.mouse.move(x, from.y + from.height - 2);
      await page.mouse.move(x, to.y + to.height / 2, { steps: Math.ceil(to.y + to.height / 2 - from.y - from.height) });
      await expect(careers).toHaveAttribute("aria-expanded", "true");

      // Along the second level to Current Openings, then right into the third level.
      const openings = navToggle(page, "Current Openings");
      const openingsBox = await openings.boundingBox();
      if (!openingsBox) throw new Error("no box for Current Openings");
      const y = openingsBox.y + openingsBox.height / 2;
      await page.mouse.move(x, y, { steps: 10 });
      await expect(openings).toHaveAttribute("aria-expanded", "true");
      const vlsi = await navLink(page, "Software and Embedded").boundingBox();
      if (!vlsi) throw new Error("no box for the third level");
      await page.mouse.move(vlsi.x + 10, y, { steps: Math.ceil(vlsi.x + 10 - x) });
      await expect(navLink(page, "Software and Embedded")).toBeVisible();

      // Dismissible without moving the pointer or focus.
      await page.keyboard.press("Escape");
      await expect(careers).toHaveAttribute("aria-expanded", "false");
      await expect(navLink(page, "Life")).toBeHidden();
    });
  });
});

// ── Dialogs and forms ───────────────────────────────────────────────────────────────

for (const width of WIDTHS) {
  test.describe(`dialogs and forms at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("image dialogs: life gallery and press", async ({ page }) => {
      const found: string[] = [];
      for (const [path, region] of [
        ["/careers/life-blueberry", "Moments at Blueberry"],
        ["/careers/press-media", "Press images"],
      ] as const) {
        await openPage(page, path);
        await page.getByRole("region", { name: region }).getByRole("link").first().click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog.locator("img")).toBeVisible();
        await dialog.locator("img").evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));
        found.push(...(await scan(page, `${path}, image dialog open at ${width} px`)));
      }
      expectNone(found);
    });

    test("the Apply dialog: empty, after an empty submit, and with its country list open", async ({ page }) => {
      await openPage(page, JOB);
      await page.getByRole("main").getByRole("button", { name: "Apply now", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Apply" });
      await expect(dialog).toBeVisible();
      const found = await scan(page, `${JOB}, Apply dialog at ${width} px`);

      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog.getByRole("alert")).not.toBeEmpty();
      await expect(dialog.locator(".form-error").first()).toBeVisible();
      found.push(...(await scan(page, `${JOB}, Apply dialog with its errors at ${width} px`)));

      await dialog.getByRole("combobox", { name: "Phone country code" }).click();
      await expect(dialog.getByRole("listbox", { name: "Countries" })).toBeVisible();
      found.push(...(await scan(page, `${JOB}, Apply dialog's country list at ${width} px`)));
      expectNone(found);
    });

    test("the contact form: its errors, its country list, and a search that finds nothing", async ({ page }) => {
      await openPage(page, "/contact");
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Send Message" }).click();
      await expect(main.getByRole("alert")).not.toBeEmpty();
      await expect(main.locator(".form-error").first()).toBeVisible();
      const found = await scan(page, `/contact with its errors at ${width} px`);

      const country = main.getByRole("combobox", { name: "Phone country code" });
      await country.click();
      await expect(main.getByRole("listbox", { name: "Countries" })).toBeVisible();
      await expect(main.getByRole("option").first()).toBeVisible();
      found.push(...(await scan(page, `/contact, country list open at ${width} px`)));

      await country.fill("zzz");
      await expect(main.locator(".phone-field__empty")).toHaveText("No entries to show");
      found.push(...(await scan(page, `/contact, country search with no match at ${width} px`)));
      expectNone(found);
    });
  });
}

// ── Contrast of text over the art, from the pixels ──────────────────────────────────

/** One page per banner art, the home page's hero and a 404. */
const ART_PAGES = [
  "/",
  "/about",
  "/contact",
  "/casestudies",
  aCaseStudy().path,
  "/careers/life-blueberry",
  "/careers/jobs",
  JOB,
  "/careers/testimonials",
  "/careers/press-media",
  "/privacy",
  SERVICE_PATHS[0] ?? "/services/silicon-engineering",
  NOT_FOUND_PATHS[0] ?? "/no-such-page",
];

interface TextRun {
  name: string;
  color: [number, number, number, number];
  large: boolean;
  rects: { x: number; y: number; w: number; h: number }[];
}

/** The visible text in the bar, the banner and the hero: colour, size and boxes. */
function collectTextRuns(page: Page): Promise<TextRun[]> {
  return page.evaluate(() => {
    const runs: TextRun[] = [];
    for (const root of document.querySelectorAll(".site-header, .banner, .hero")) {
      const byElement = new Map<Element, TextRun>();
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || !(element instanceof HTMLElement) || !node.textContent?.trim()) continue;
        if (element.closest(".visually-hidden, noscript, [hidden]")) continue;
        if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects())
          .map((r) => ({
            x: Math.max(0, Math.round(r.left)),
            y: Math.max(0, Math.round(r.top)),
            w: Math.round(Math.min(innerWidth, r.right) - Math.max(0, r.left)),
            h: Math.round(Math.min(innerHeight, r.bottom) - Math.max(0, r.top)),
          }))
          .filter((r) => r.w > 1 && r.h > 1);
        if (rects.length === 0) continue;
        const style = getComputedStyle(element);
        const color = (style.color.match(/[\d.]+/g) ?? []).map(Number);
        const size = Number.parseFloat(style.fontSize);
        const classes = element.className ? `.${String(element.className).trim().split(/\s+/).join(".")}` : "";
        const run = byElement.get(element) ?? {
          name: `${element.tagName.toLowerCase()}${classes} "${(element.textContent ?? "").trim().slice(0, 30)}"`,
          color: [color[0] ?? 0, color[1] ?? 0, color[2] ?? 0, color[3] ?? 1],
          // WCAG's large text: 18 pt, or 14 pt bold.
          large: size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700),
          rects: [],
        };
        run.rects.push(...rects);
        byElement.set(element, run);
      }
      runs.push(...byElement.values());
    }
    return runs;
  });
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);

/**
 * Screenshots the page with all text made transparent, then, for each run of text, the
 * contrast of its colour against the pixels behind it. A run passes when 98% of those
 * pixels give the ratio WCAG asks (a hair-thin trace of the art may cross a letter).
 */
async function textOverArtFailures(page: Page, where: string): Promise<string[]> {
  const runs = await collectTextRuns(page);
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`*, *::before, *::after {
      color: transparent !important;
      -webkit-text-fill-color: transparent !important;
      text-shadow: none !important;
      text-decoration-color: transparent !important;
    }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  // Let the colours' transitions end and the browser paint the transparent text before the
  // screenshot (a busy machine may lag a frame).
  await untilQuiet(page);
  await twoFrames(page);
  const { data, info } = await sharp(await page.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  await page.evaluate(() => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
  });
  // The colours come back through their transitions: the next width must not catch them halfway.
  await untilQuiet(page);

  const failures: string[] = [];
  for (const run of runs) {
    const [fr, fg, fb, fa] = run.color;
    const ratios: number[] = [];
    for (const rect of run.rects) {
      for (let y = rect.y; y < Math.min(rect.y + rect.h, info.height); y++) {
        for (let x = rect.x; x < Math.min(rect.x + rect.w, info.width); x++) {
          const i = (y * info.width + x) * info.channels;
          const [br, bg, bb] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
          const text = luminance(fr * fa + br * (1 - fa), fg * fa + bg * (1 - fa), fb * fa + bb * (1 - fa));
          const back = luminance(br, bg, bb);
          ratios.push((Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05));
        }
      }
    }
    if (ratios.length === 0) continue;
    ratios.sort((a, b) => a - b);
    const needed = run.large ? 3 : 4.5;
    const p2 = ratios[Math.floor(ratios.length * 0.02)] ?? 0;
    if (p2 < needed) {
      const color = `rgb(${run.color.join(", ")})`;
      const ratio = `${p2.toFixed(2)}:1 against 2% of its background (needs ${needed}:1)`;
      failures.push(`${where}: ${run.name} in ${color} has ${ratio}`);
    }
  }
  return failures;
}

/** Pages per test: the workers share the pages out. */
const ART_PAGES_PER_TEST = 3;

test.describe(`text over the art at ${WIDTHS.join(" and ")} px`, () => {
  // Tall enough that every banner fits, so nothing needs scrolling (the bar stays full).
  test.use({ viewport: { width: WIDTHS[0], height: 1100 }, reducedMotion: "reduce" });

  for (let i = 0; i < ART_PAGES.length; i += ART_PAGES_PER_TEST) {
    const paths = ART_PAGES.slice(i, i + ART_PAGES_PER_TEST);
    test(`the bar's menu, the banners and the hero reach 4.5:1 (3:1 for large text): ${paths.join(", ")}`, async ({
      page,
    }) => {
      const found: string[] = [];
      for (const path of paths) {
        // One load per page: what the text is drawn over at each width is the style sheet's.
        await page.setViewportSize({ width: WIDTHS[0], height: 1100 });
        await openPage(page, path);
        await page.evaluate(() => document.fonts.ready);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 1100 });
          await untilQuiet(page);
          found.push(...(await textOverArtFailures(page, `${path} at ${width} px`)));
        }
      }
      expect(found, `text with too little contrast:\n${found.join("\n")}\n`).toEqual([]);
    });
  }
});

/** How an element's text is decorated, as the browser draws it. */
const decorationOf = (element: ReturnType<Page["locator"]>) =>
  element.evaluate((el) => getComputedStyle(el).textDecorationLine);

test.describe("the current page's mark", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  const service = "/services/fpga-design";

  test("in the footer it is more than a colour (WCAG 1.4.1)", async ({ page }) => {
    await openPage(page, service);
    const current = page.getByRole("contentinfo").getByRole("link", { name: "FPGA Design" });
    await expect(current).toHaveAttribute("aria-current", "page");
    expect(await decorationOf(current)).toBe("underline");
  });

  test("survives forced colours (Windows contrast themes) in the bar, the service menu and the footer", async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: "active" });
    await openPage(page, service);
    const marks = {
      "the bar's section": page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }),
      "the service menu": page.getByRole("main").getByRole("link", { name: "FPGA Design", exact: true }),
      "the footer": page.getByRole("contentinfo").getByRole("link", { name: "FPGA Design" }),
    };
    for (const [where, mark] of Object.entries(marks))
      expect.soft(await decorationOf(mark), `the current page's mark in ${where}`).toBe("underline");
  });
});
