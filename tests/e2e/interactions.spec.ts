/**
 * The interactive pieces: image dialogs (life gallery, press), the related case study
 * slider, the business metric counters, the Apply dialog and the contact page's map.
 */
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import sharp from "sharp";
import { sliderService, slidesInView } from "./helpers/slider.ts";
import { GalleryImageSchema, HomePageSchema } from "../../app/content/schema.ts";
import { contentFile, contentInOrder } from "../support/content-files.ts";
import { anOpenJob } from "../support/content-picks.ts";
import { CONTENT_COUNTS, HOME_METRICS, openPage } from "./support/site.ts";

const gallery = contentInOrder("gallery", "gallery", GalleryImageSchema).map(({ value }) => value);
const home = contentFile("pages/home.yaml", HomePageSchema);

test.describe("life gallery", () => {
  test("every gallery picture; the first opens enlarged and closes by button, Escape and backdrop", async ({
    page,
  }) => {
    await openPage(page, "/careers/life-blueberry");
    const gallery = page.getByRole("region", { name: "Moments at Blueberry" });
    const thumbnails = gallery.getByRole("listitem");
    await expect(thumbnails).toHaveCount(CONTENT_COUNTS.gallery);
    await expect(thumbnails.locator("img")).toHaveCount(CONTENT_COUNTS.gallery);

    const first = thumbnails.first().getByRole("link");
    const thumbnailWidth = (await first.locator("img").boundingBox())?.width ?? 0;
    const dialog = page.getByRole("dialog");
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 };

    const open = async () => {
      await first.click();
      await expect(dialog).toBeVisible();
      const enlarged = dialog.locator("img");
      await expect(enlarged).toBeVisible();
      expect((await enlarged.boundingBox())?.width ?? 0).toBeGreaterThan(thumbnailWidth);
    };
    const expectClosed = async () => {
      await expect(dialog).toBeHidden();
      await expect(first).toBeFocused();
    };

    await open();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expectClosed();

    await open();
    await page.keyboard.press("Escape");
    await expectClosed();

    await open();
    await page.mouse.click(5, viewport.height - 5);
    await expectClosed();
  });

  test("Next, Previous and the arrow keys step through the pictures, round from the last to the first; closing focuses the thumbnail of the picture shown", async ({
    page,
  }) => {
    await openPage(page, "/careers/life-blueberry");
    const thumbnails = page.getByRole("region", { name: "Moments at Blueberry" }).getByRole("link");
    const dialog = page.getByRole("dialog");
    const enlarged = dialog.locator("img");
    const last = gallery.length - 1;

    /** The dialog shows picture `index` of the gallery: its picture, alt text, caption and name. */
    const expectShown = async (index: number) => {
      const item = gallery[index]!;
      await expect(enlarged).toHaveAttribute("src", item.image.src);
      await expect(enlarged).toHaveAttribute("alt", item.image.alt);
      await expect(dialog.locator("figcaption")).toContainText(item.caption);
      await expect(dialog.locator("figcaption")).toContainText(`${index + 1} / ${gallery.length}`);
      await expect(dialog).toHaveAccessibleName(item.caption);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), "focus inside the dialog").toBe(true);
    };

    await thumbnails.nth(0).click();
    await expect(dialog).toBeVisible();
    await expectShown(0);

    await page.keyboard.press("ArrowRight");
    await expectShown(1);
    const next = dialog.getByRole("button", { name: "Next picture" });
    const previous = dialog.getByRole("button", { name: "Previous picture" });
    await next.click();
    await expectShown(2);
    await previous.click();
    await expectShown(1);
    await page.keyboard.press("ArrowLeft");
    await expectShown(0);
    // It wraps: back from the first is the last, on from the last the first.
    await page.keyboard.press("ArrowLeft");
    await expectShown(last);
    await next.click();
    await expectShown(0);
    await previous.click();
    await expectShown(last);

    // Closed on another picture than the one opened, focus goes to that picture's thumbnail.
    await page.keyboard.press("ArrowLeft");
    await expectShown(last - 1);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(thumbnails.nth(last - 1)).toBeFocused();

    // The close button the same way, after a step with the keyboard.
    await thumbnails.nth(3).click();
    await expectShown(3);
    await page.keyboard.press("ArrowRight");
    await expectShown(4);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(thumbnails.nth(4)).toBeFocused();
  });

  test("the close button stands apart from Previous and Next: alone in the top right corner, and unlike them", async ({
    page,
  }) => {
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await openPage(page, "/careers/life-blueberry");
      await page.getByRole("region", { name: "Moments at Blueberry" }).getByRole("link").first().click();
      const dialog = page.getByRole("dialog");
      const close = dialog.getByRole("button", { name: "Close" });
      const steps = [
        dialog.getByRole("button", { name: "Previous picture" }),
        dialog.getByRole("button", { name: "Next picture" }),
      ];
      const closeBox = (await close.boundingBox())!;
      const picture = (await dialog.locator("img").boundingBox())!;
      // Top right, above the picture.
      expect(closeBox.x + closeBox.width, `close at the right at ${width} px`).toBeGreaterThan(width - 40);
      expect(closeBox.y + closeBox.height, `close above the picture at ${width} px`).toBeLessThanOrEqual(picture.y);
      await expect(close).toHaveText("Close");
      const look = (button: Locator) =>
        button.evaluate((el) => {
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
        });
      const closeLook = await look(close);
      for (const step of steps) {
        const box = (await step.boundingBox())!;
        // Beside the picture, or under it: never in the close button's row.
        expect(box.y, `${await step.textContent()} below the close row at ${width} px`).toBeGreaterThan(
          closeBox.y + closeBox.height,
        );
        const stepLook = await look(step);
        expect(stepLook.background, `step and close differ at ${width} px`).not.toBe(closeLook.background);
        expect(stepLook.radius).not.toBe(closeLook.radius);
      }
      await page.keyboard.press("Escape");
    }
  });
});

test.describe("the enlarged view's backdrop", () => {
  /** Mean of R, G and B of each pixel of a screenshot, 0-255, outside the given boxes. */
  async function lightnessOutside(shot: Buffer, boxes: { x: number; y: number; width: number; height: number }[]) {
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const inside = (x: number, y: number) =>
      boxes.some((b) => x >= b.x - 8 && x <= b.x + b.width + 8 && y >= b.y - 8 && y <= b.y + b.height + 8);
    let lightest = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (inside(x, y)) continue;
        const i = (y * info.width + x) * 3;
        lightest = Math.max(lightest, (data[i]! + data[i + 1]! + data[i + 2]!) / 3);
      }
    }
    return lightest;
  }

  for (const [path, region] of [
    ["/careers/press-media", "Press images"],
    ["/careers/life-blueberry", "Moments at Blueberry"],
  ] as const) {
    for (const width of [375, 768, 1280]) {
      test(`${path} at ${width} px: the page behind cannot be read, and the caption sits on a solid dark panel`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, path);
        // A thumbnail in the middle of the grid, so cards and their titles lie behind the dialog.
        await page.getByRole("region", { name: region }).getByRole("link").nth(4).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.locator("img")).toBeVisible();
        await dialog.locator("img").evaluate((img: HTMLImageElement) => img.decode().catch(() => undefined));

        const backdrop = await dialog.evaluate((d) => getComputedStyle(d, "::backdrop").backgroundColor);
        const alpha = Number(/rgba?\([^)]*?[,/]\s*([\d.]+)\)$/.exec(backdrop)?.[1] ?? 1);
        expect(alpha, `backdrop ${backdrop}`).toBeGreaterThanOrEqual(0.95);

        // What shows of the page round the picture, caption and buttons: the white page at
        // 3 % and its dark text, so nothing is lighter than a near-black (82 % let the
        // white through at ~60 and its titles be read).
        const controls = await dialog.locator("img, figcaption, button").evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          }),
        );
        const lightest = await lightnessOutside(await page.screenshot({ animations: "disabled" }), controls);
        expect(lightest, "the lightest pixel of the page behind the dialog").toBeLessThan(25);

        // The caption: light text on an opaque dark panel.
        const caption = await dialog.locator("figcaption").evaluate((el) => {
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, color: style.color };
        });
        expect(caption.background, "an opaque panel").toMatch(/^rgb\(/);
        const [r, g, b] = caption.background.match(/\d+/g)!.map(Number);
        expect((r! + g! + b!) / 3, `caption panel ${caption.background}`).toBeLessThan(40);
        expect(caption.color).toBe("rgb(255, 255, 255)");
        await page.keyboard.press("Escape");
      });
    }
  }
});

test("press: every press picture, and one opens in the enlarged view", async ({ page }) => {
  await openPage(page, "/careers/press-media");
  const items = page.getByRole("region", { name: "Press images" }).getByRole("listitem");
  await expect(items.locator("img")).toHaveCount(CONTENT_COUNTS.press);
  const third = items.nth(2);
  const src = await third.locator("img").getAttribute("src");
  await third.getByRole("link").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("img")).toBeVisible();
  await expect(dialog.locator("img")).toHaveAttribute("src", src ?? "");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test.describe("related case study slider", () => {
  const relatedSlider = (page: Page) => page.getByRole("region", { name: "Related Casestudy" });

  test("at 1280: 4 to 6 slides, 3 per view, 2 pages; page buttons and Next move it", async ({ page }) => {
    const { path, slides } = sliderService();
    // The second page ends at the last slide: the last three.
    const lastPage = [slides - 3, slides - 2, slides - 1];
    await openPage(page, path);
    const slider = relatedSlider(page);
    await expect(slider.getByRole("heading", { name: "Related Casestudy" })).toBeVisible();
    await expect(slider.locator('[aria-roledescription="slide"]')).toHaveCount(slides);
    const pages = slider.getByRole("button", { name: /^Page \d+ of \d+$/ });
    await expect(pages).toHaveCount(2);
    await expect(pages.nth(0)).toHaveAttribute("aria-current", "true");
    expect(await slidesInView(slider)).toEqual([0, 1, 2]);

    await pages.nth(1).click();
    await expect(pages.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(pages.nth(0)).not.toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toEqual(lastPage);

    await pages.nth(0).click();
    await expect(pages.nth(0)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toEqual([0, 1, 2]);

    const next = slider.getByRole("button", { name: "Next case studies" });
    await expect(slider.getByRole("button", { name: "Previous case studies" })).toBeDisabled();
    await next.click();
    await expect(pages.nth(1)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toContain(slides - 1);
    await expect(next).toBeDisabled();
  });

  test.describe("at 375", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("one card per view", async ({ page }) => {
      const { path, slides } = sliderService();
      await openPage(page, path);
      const slider = relatedSlider(page);
      await expect(slider.locator('[aria-roledescription="slide"]')).toHaveCount(slides);
      await expect(slider.getByRole("button", { name: /^Page \d+ of \d+$/ })).toHaveCount(slides);
      expect(await slidesInView(slider)).toEqual([0]);
      await slider.getByRole("button", { name: "Next case studies" }).click();
      await expect.poll(() => slidesInView(slider)).toEqual([1]);
    });
  });
});

test.describe("business metrics", () => {
  test("count up to their final numbers (7+, 50+, …) once scrolled into view", async ({ page }) => {
    await openPage(page, "/");
    const numbers = page.getByTestId("metric-number");
    await expect(numbers).toHaveCount(4);
    // Below the fold they wait at zero until the visitor gets there.
    await expect(numbers).toHaveText(["0+", "0+", "0+", "0+"]);
    await numbers.first().scrollIntoViewIfNeeded();
    await expect(numbers).toHaveText(HOME_METRICS, { timeout: 10_000 });
  });

  test("the prerendered home page holds the final numbers", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const shown = [...html.matchAll(/data-testid="metric-number"[^>]*>(.*?)<\/span>/g)].map((m) =>
      (m[1] ?? "").replace(/<!--.*?-->/g, ""),
    );
    expect(shown).toEqual(HOME_METRICS);
    // The band leads with its strongest fact, before the four counters.
    const band = html.slice(html.indexOf('id="metrics-title"'));
    const lead = band.indexOf(`${home.metricsLead.value}+</span>`);
    expect(lead).toBeGreaterThan(0);
    expect(lead).toBeLessThan(band.indexOf('data-testid="metric-number"'));
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("show the final numbers at once, without scrolling", async ({ page }) => {
      await openPage(page, "/");
      expect(await page.getByTestId("metric-number").allTextContents()).toEqual(HOME_METRICS);
      await page.waitForTimeout(300);
      expect(await page.getByTestId("metric-number").allTextContents()).toEqual(HOME_METRICS);
    });
  });
});

test.describe("Apply dialog", () => {
  /** The first open opening's page (read when a test runs: only these tests need one). */
  const job = () => anOpenJob().path;

  test("Apply now opens 'Apply' with its fields; Cancel and Escape close it", async ({ page }) => {
    await openPage(page, job());
    const applyNow = page.getByRole("main").getByRole("button", { name: "Apply now", exact: true });
    const dialog = page.getByRole("dialog", { name: "Apply" });
    await expect(dialog).toBeHidden();

    await applyNow.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Email", { exact: true })).toBeVisible();
    const country = dialog.getByRole("combobox", { name: "Phone country code" });
    await expect(country).toBeVisible();
    await expect(country).toHaveValue("IN +91");
    const number = dialog.getByPlaceholder("Contact Number");
    await expect(number).toBeVisible();
    await expect(dialog.getByLabel("Phone", { exact: true })).toHaveAttribute("placeholder", "Contact Number");
    const upload = dialog.getByLabel(/^Upload/);
    await expect(upload).toBeVisible();
    await expect(upload).toHaveAttribute("type", "file");
    const comment = dialog.getByLabel(/^Comment/);
    await expect(comment).toBeVisible();
    await expect(dialog.locator("label", { hasText: "Comment" })).toContainText("optional");
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeVisible();

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(applyNow).toBeFocused();

    await applyNow.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(applyNow).toBeFocused();
  });

  test("'Apply for this role' waits at the end of the role on a phone and beside it on a desktop, and opens the same dialog", async ({
    page,
  }) => {
    const dialog = page.getByRole("dialog", { name: "Apply" });
    const applyForRole = page.getByRole("main").getByRole("button", { name: "Apply for this role" });
    const lastExpertise = page.locator("main article li").last();

    await page.setViewportSize({ width: 375, height: 800 });
    await openPage(page, job());
    await lastExpertise.scrollIntoViewIfNeeded();
    const phoneText = await lastExpertise.boundingBox();
    const phoneButton = await applyForRole.boundingBox();
    // On a phone the facts follow the role: the button comes after the last line of it.
    expect(phoneButton?.y ?? 0, "the button below the role's last item").toBeGreaterThan(phoneText?.y ?? Infinity);

    await page.setViewportSize({ width: 1280, height: 800 });
    await lastExpertise.scrollIntoViewIfNeeded();
    await expect(lastExpertise).toBeInViewport();
    // Reading the end of the role on a desktop, the facts and their button are still on screen.
    await expect(applyForRole).toBeInViewport();

    await applyForRole.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(applyForRole).toBeFocused();
  });

  test("is 95% wide on phones, 800 px from 768 px and 1000 px from 1024 px", async ({ page }) => {
    await openPage(page, job());
    const applyNow = page.getByRole("main").getByRole("button", { name: "Apply now", exact: true });
    const dialog = page.getByRole("dialog", { name: "Apply" });
    for (const [viewportWidth, expected] of [
      [375, 375 * 0.95],
      [900, 800],
      [1280, 1000],
    ] as const) {
      await page.setViewportSize({ width: viewportWidth, height: 800 });
      await applyNow.click();
      await expect(dialog).toBeVisible();
      const width = (await dialog.boundingBox())?.width ?? 0;
      expect(Math.abs(width - expected), `dialog width ${width} at a ${viewportWidth} px viewport`).toBeLessThan(3);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
});

test("contact: the map loads only on request; e-mail, phone and map links are there", async ({ page }) => {
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== "127.0.0.1" && hostname !== "localhost") thirdParty.push(request.url());
  });
  await page.route(/openstreetmap/, (route) => route.abort());
  await openPage(page, "/contact");
  const main = page.getByRole("main");
  await expect(main.locator('a[href^="mailto:"]')).toHaveCount(3);
  await expect(main.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(main.getByRole("link", { name: /^Open in OpenStreetMap/ })).toBeVisible();
  await expect(main.locator("iframe")).toHaveCount(0);
  expect(thirdParty, "requests to other hosts before the map is asked for").toEqual([]);

  await main.getByRole("button", { name: "Show map" }).click();
  await expect(main.locator("iframe")).toBeVisible();
  await expect(main.locator("iframe")).toHaveAttribute("src", /openstreetmap/);
});
