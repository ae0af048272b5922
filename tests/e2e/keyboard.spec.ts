/**
 * The site by keyboard alone (a quality bar: every menu, dialog and the slider work by
 * keyboard; focus is visible and managed; animations respect prefers-reduced-motion):
 * the skip link, the whole navigation by Tab, arrows and Escape at 1280 and in the phone
 * panel, focus kept inside the image and Apply dialogs and returned to their openers,
 * the slider's buttons, a visible focus indicator at every Tab stop, and reduced motion.
 */
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { sliderService, slidesInView } from "./helpers/slider.ts";
import { anOpenJob } from "../support/content-picks.ts";
import { HOME_METRICS, openPage } from "./support/site.ts";

const JOB = anOpenJob().path;
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const navLink = (page: Page, name: string) => mainNav(page).getByRole("link", { name, exact: true });
const navToggle = (page: Page, name: string) => mainNav(page).getByRole("button", { name, exact: true });
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });

/** A short description of the focused element, for messages. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "<body>";
    const name = el.getAttribute("aria-label") ?? el.textContent?.replace(/\s+/g, " ").trim().slice(0, 40) ?? "";
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${name}"`;
  });
}

async function press(page: Page, key: string, expected: Locator) {
  await page.keyboard.press(key);
  await expect(expected, `after ${key}, focus is on ${await focused(page)}`).toBeFocused();
}

// ── Skip link ───────────────────────────────────────────────────────────────────────

for (const width of [375, 1280]) {
  test.describe(`skip link at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ["/", JOB]) {
      test(`${path}: the first Tab shows 'Skip to main content'; Enter moves focus to the main content`, async ({
        page,
      }) => {
        await openPage(page, path);
        const skip = page.getByRole("link", { name: "Skip to main content" });
        await expect(skip).not.toBeInViewport();
        await page.keyboard.press("Tab");
        await expect(skip).toBeFocused();
        await expect(skip).toBeInViewport({ ratio: 1 });
        // Drawn above the bar, not under it.
        const box = await skip.boundingBox();
        const onTop = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest(".skip-link") !== null,
          [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
        );
        expect(onTop, "the skip link is the topmost element where it is drawn").toBe(true);

        await page.keyboard.press("Enter");
        await expect(page.locator("main")).toBeFocused();
        await expect(skip).not.toBeInViewport();
        // The next Tab goes into the main content, past the navigation.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement))).toBe(true);
      });
    }
  });
}

// ── Navigation at 1280 ──────────────────────────────────────────────────────────────

test.describe("navigation by keyboard at 1280", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Tab walks the bar in order; dropdowns open, wrap and close by Enter, arrows, Escape and Tab", async ({
    page,
  }) => {
    await openPage(page, "/about");
    const logo = page.getByRole("banner").getByRole("link", { name: "Blueberry Semiconductors, home" });
    const careers = navToggle(page, "Careers");
    const services = navToggle(page, "Services");
    const openings = navToggle(page, "Current Openings");

    await press(page, "Tab", page.getByRole("link", { name: "Skip to main content" }));
    await press(page, "Tab", logo);
    await press(page, "Tab", navLink(page, "Home"));
    await press(page, "Tab", navLink(page, "About"));
    await press(page, "Tab", careers);
    // A closed dropdown is skipped by Tab.
    await press(page, "Tab", services);
    await press(page, "Tab", navLink(page, "Case Studies"));
    await press(page, "Tab", navLink(page, "Contact"));

    // Along the bar: arrows wrap, Home and End jump.
    await press(page, "ArrowRight", navLink(page, "Home"));
    await press(page, "ArrowLeft", navLink(page, "Contact"));
    await press(page, "Home", navLink(page, "Home"));
    await press(page, "End", navLink(page, "Contact"));
    await press(page, "Shift+Tab", navLink(page, "Case Studies"));
    await press(page, "ArrowLeft", services);
    await press(page, "ArrowLeft", careers);

    // Enter opens Careers; Tab goes into it.
    await page.keyboard.press("Enter");
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    await press(page, "Tab", navLink(page, "Life"));
    await press(page, "ArrowDown", openings);
    // The third level: ArrowRight opens and enters it, arrows wrap, ArrowLeft leaves it.
    await press(page, "ArrowRight", navLink(page, "Software and Embedded"));
    await expect(openings).toHaveAttribute("aria-expanded", "true");
    await press(page, "ArrowDown", navLink(page, "VLSI"));
    await press(page, "ArrowDown", navLink(page, "Software and Embedded"));
    await press(page, "ArrowUp", navLink(page, "VLSI"));
    await press(page, "ArrowLeft", openings);
    await expect(openings).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "VLSI")).toBeHidden();
    // Enter opens it too, and Escape closes the innermost level and returns to its toggle.
    await page.keyboard.press("Enter");
    await press(page, "Tab", navLink(page, "Software and Embedded"));
    await press(page, "Escape", openings);
    await expect(openings).toHaveAttribute("aria-expanded", "false");
    await press(page, "End", navLink(page, "Press & Media"));
    await press(page, "ArrowDown", navLink(page, "Life"));
    await press(page, "Escape", careers);
    await expect(careers).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Life")).toBeHidden();

    // ArrowDown on a toggle opens its dropdown at the first item; ArrowUp wraps to the last.
    await press(page, "ArrowRight", services);
    await press(page, "ArrowDown", navLink(page, "Silicon Engineering"));
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await press(page, "ArrowUp", navLink(page, "Turnkey Solutions"));
    // Tab past the last item leaves the dropdown, which closes.
    await press(page, "Tab", navLink(page, "Case Studies"));
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Turnkey Solutions")).toBeHidden();

    // Enter follows a link.
    await press(page, "Shift+Tab", services);
    await press(page, "ArrowDown", navLink(page, "Silicon Engineering"));
    await press(page, "ArrowDown", navLink(page, "FPGA Design"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/services\/fpga-design\/?$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("FPGA Design");
    await expect(services).toHaveAttribute("aria-expanded", "false");
  });

  test("scrolled: Menu opens the panel by keyboard, and Escape closes it and returns to Menu", async ({ page }) => {
    await openPage(page, "/about");
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(menuButton(page)).toBeVisible();
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await press(page, "Tab", navLink(page, "Home"));
    await press(page, "ArrowDown", navLink(page, "About"));
    await press(page, "ArrowDown", navToggle(page, "Careers"));
    await press(page, "ArrowRight", navLink(page, "Life"));
    await press(page, "Escape", navToggle(page, "Careers"));
    await press(page, "Escape", menuButton(page));
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Home")).toBeHidden();
  });
});

// ── Navigation in the phone panel ───────────────────────────────────────────────────

test.describe("navigation by keyboard at 375", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the Menu button opens the panel; arrows, Enter and Escape work in it; Escape returns to Menu", async ({
    page,
  }) => {
    await openPage(page, "/");
    const careers = navToggle(page, "Careers");
    const openings = navToggle(page, "Current Openings");
    await press(page, "Tab", page.getByRole("link", { name: "Skip to main content" }));
    await press(page, "Tab", page.getByRole("banner").getByRole("link", { name: "Blueberry Semiconductors, home" }));
    await press(page, "Tab", menuButton(page));
    await expect(navLink(page, "Home")).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "Home")).toBeVisible();
    await press(page, "Tab", navLink(page, "Home"));
    // The panel is a vertical list: Down and Up move, and wrap.
    await press(page, "ArrowUp", navLink(page, "Contact"));
    await press(page, "ArrowDown", navLink(page, "Home"));
    await press(page, "ArrowDown", navLink(page, "About"));
    await press(page, "ArrowDown", careers);

    await page.keyboard.press("Enter");
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    await press(page, "Tab", navLink(page, "Life"));
    await press(page, "ArrowDown", openings);
    await press(page, "ArrowRight", navLink(page, "Software and Embedded"));
    await press(page, "ArrowDown", navLink(page, "VLSI"));
    await press(page, "Escape", openings);
    await expect(openings).toHaveAttribute("aria-expanded", "false");
    await press(page, "ArrowLeft", careers);
    await expect(careers).toHaveAttribute("aria-expanded", "false");

    // Escape at the top level closes the panel and puts focus back on Menu.
    await press(page, "Escape", menuButton(page));
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Home")).toBeHidden();

    // Escape on the Menu button itself closes an open panel too.
    await page.keyboard.press("Enter");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(menuButton(page)).toBeFocused();
  });

  test("Shift+Tab back to Menu keeps the panel; Tab out of it closes it, so focus is never hidden behind it", async ({
    page,
  }) => {
    await openPage(page, "/");
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await press(page, "Tab", navLink(page, "Home"));
    await press(page, "Shift+Tab", menuButton(page));
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await press(page, "Tab", navLink(page, "Home"));
    await press(page, "End", navLink(page, "Contact"));
    // The panel's last stop is its action, under the links.
    await press(
      page,
      "Tab",
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Talk to an engineer" }),
    );
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");

    await page.keyboard.press("Tab");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Contact")).toBeHidden();
    const inMain = await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement));
    expect(inMain, `focus went on to ${await focused(page)}`).toBe(true);
    expect(await isUnobscured(page), "the newly focused element is visible, not under the panel").toBe(true);
  });

  test("Enter on a link in the panel follows it and closes the panel", async ({ page }) => {
    await openPage(page, "/");
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await press(page, "Tab", navLink(page, "Home"));
    await press(page, "ArrowDown", navLink(page, "About"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about\/?$/);
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
  });
});

// ── Dialogs ─────────────────────────────────────────────────────────────────────────

/** Whether focus is inside `dialog`. */
function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== d);
}

/**
 * Presses Tab (or Shift+Tab) `times` times, asserting after each that focus is still
 * inside the dialog; returns the elements focused, in order.
 */
async function cycle(page: Page, dialog: Locator, key: "Tab" | "Shift+Tab", times: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    const where = await focused(page);
    expect(await focusInside(dialog), `${key} #${i + 1} took focus out of the dialog, to ${where}`).toBe(true);
    seen.push(where);
  }
  return seen;
}

/** Opens the job page's Apply dialog by keyboard: Enter on Apply now. */
async function openApplyByKeyboard(page: Page) {
  await openPage(page, JOB);
  const applyNow = page.getByRole("main").getByRole("button", { name: "Apply now", exact: true });
  const dialog = page.getByRole("dialog", { name: "Apply" });
  await applyNow.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  return { applyNow, dialog };
}

for (const width of [375, 1280]) {
  test.describe(`dialogs by keyboard at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const [path, region] of [
      ["/careers/life-blueberry", "Moments at Blueberry"],
      ["/careers/press-media", "Press images"],
    ] as const) {
      test(`${path}: the image dialog keeps focus inside and gives it back to the thumbnail`, async ({ page }) => {
        await openPage(page, path);
        // The pictures' enlarge links (a press card may also link to its article).
        const thumbnails = page.getByRole("region", { name: region }).getByRole("link", { name: /\(enlarge\)$/ });
        const thumbnail = thumbnails.nth(1);
        await thumbnail.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        const close = dialog.getByRole("button", { name: "Close" });
        await expect(close).toBeFocused();
        await cycle(page, dialog, "Tab", 4);
        await cycle(page, dialog, "Shift+Tab", 4);

        // Close, then Previous and Next, round again to Close.
        const previous = dialog.getByRole("button", { name: "Previous picture" });
        const next = dialog.getByRole("button", { name: "Next picture" });
        await close.focus();
        await press(page, "Tab", previous);
        await press(page, "Tab", next);
        await press(page, "Tab", close);
        // Enter on Next shows the third picture and keeps focus on Next; the arrow keys step
        // from any control; Escape then gives focus to the thumbnail of the picture shown.
        const caption = dialog.locator("figcaption");
        const third = await thumbnails.nth(2).locator("img").getAttribute("alt");
        await next.focus();
        await page.keyboard.press("Enter");
        await expect(dialog.locator("img")).toHaveAttribute("alt", third ?? "");
        await expect(next).toBeFocused();
        await expect(caption).toContainText("3 / ");
        await page.keyboard.press("ArrowRight");
        await expect(caption).toContainText("4 / ");
        await page.keyboard.press("ArrowLeft");
        await expect(caption).toContainText("3 / ");
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(thumbnails.nth(2)).toBeFocused();

        // Opened again from the second thumbnail.
        await thumbnail.focus();
        await page.keyboard.press("Enter");
        await expect(close).toBeFocused();

        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        await expect(thumbnail).toBeFocused();

        // Enter on Close closes it too.
        await page.keyboard.press("Enter");
        await expect(close).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(dialog).toBeHidden();
        await expect(thumbnail).toBeFocused();
      });
    }

    test("the Apply dialog keeps focus inside on Tab and Shift+Tab and gives it back to Apply now", async ({
      page,
    }) => {
      const { applyNow, dialog } = await openApplyByKeyboard(page);
      expect(await focusInside(dialog), `focus after opening: ${await focused(page)}`).toBe(true);

      const controls = await dialog.evaluate(
        (d) =>
          Array.from(d.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea")).filter(
            (el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !(el as HTMLInputElement).disabled,
          ).length,
      );
      expect(controls).toBeGreaterThanOrEqual(10);
      // Several times round in both directions; each stop must be visible, not under the sticky header.
      const forward = await cycle(page, dialog, "Tab", controls * 2 + 3);
      expect(new Set(forward).size, "Tab reached every control").toBe(controls);
      expect(forward[controls], "Tab wraps from the last control to the first").toBe(forward[0]);
      const backward = await cycle(page, dialog, "Shift+Tab", controls * 2 + 3);
      expect(new Set(backward).size, "Shift+Tab reached every control").toBe(controls);

      for (let i = 0; i < controls; i++) {
        await page.keyboard.press("Tab");
        expect(await isUnobscured(page), `${await focused(page)} is hidden (under the dialog's header?)`).toBe(true);
      }

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(applyNow).toBeFocused();
    });

    test("the Apply dialog: errors keep focus inside; Escape closes only the country list; Close and Cancel", async ({
      page,
    }) => {
      const { applyNow, dialog } = await openApplyByKeyboard(page);

      // Submit empty by keyboard: the first invalid field gets focus, still in the dialog.
      const submit = dialog.getByRole("button", { name: "Submit" });
      await submit.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
      await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await cycle(page, dialog, "Shift+Tab", 3);

      // The country list opens with ArrowDown and closes with Escape; the dialog stays.
      const country = dialog.getByRole("combobox", { name: "Phone country code" });
      await country.focus();
      await page.keyboard.press("ArrowDown");
      await expect(country).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("ArrowDown");
      await expect(country).toHaveAttribute("aria-activedescendant", /.+/);
      await page.keyboard.press("Escape");
      await expect(country).toHaveAttribute("aria-expanded", "false");
      await expect(dialog).toBeVisible();
      await expect(country).toBeFocused();

      // Close by Enter on the Close button.
      await dialog.getByRole("button", { name: "Close" }).focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeHidden();
      await expect(applyNow).toBeFocused();

      // Cancel by Space.
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).focus();
      await page.keyboard.press("Space");
      await expect(dialog).toBeHidden();
      await expect(applyNow).toBeFocused();
    });
  });
}

// ── Slider ──────────────────────────────────────────────────────────────────────────

test.describe("the related case study slider by keyboard", () => {
  test("at 1280: Next and Previous by Enter and Space keep focus; page buttons by Enter", async ({ page }) => {
    const { path, slides } = sliderService();
    // The second page ends at the last slide: the last three.
    const lastPage = [slides - 3, slides - 2, slides - 1];
    await openPage(page, path);
    const slider = page.getByRole("region", { name: "Related Casestudy" });
    const previous = slider.getByRole("button", { name: "Previous case studies" });
    const next = slider.getByRole("button", { name: "Next case studies" });
    const pages = slider.getByRole("button", { name: /^Page \d+ of \d+$/ });
    await expect(pages).toHaveCount(2);
    expect(await slidesInView(slider)).toEqual([0, 1, 2]);

    await previous.focus();
    await press(page, "Tab", next);
    await page.keyboard.press("Enter");
    await expect(pages.nth(1)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toEqual(lastPage);
    // At the end Next is disabled, but keeps focus (no drop to the page).
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(next).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(pages.nth(1)).toHaveAttribute("aria-current", "true");

    await press(page, "Shift+Tab", previous);
    await page.keyboard.press("Space");
    await expect(pages.nth(0)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toEqual([0, 1, 2]);
    await expect(previous).toBeFocused();

    await pages.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(pages.nth(1)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toEqual(lastPage);
    await press(page, "Shift+Tab", pages.nth(0));
    await page.keyboard.press("Space");
    await expect(pages.nth(0)).toHaveAttribute("aria-current", "true");
    await expect.poll(() => slidesInView(slider)).toEqual([0, 1, 2]);
  });

  test.describe("at 375", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("Tab into a card out of view brings its slide into view", async ({ page }) => {
      const { path, slides } = sliderService();
      await openPage(page, path);
      const slider = page.getByRole("region", { name: "Related Casestudy" });
      const cardLinks = slider.locator(".card__link");
      // The page buttons come once Embla runs: before that the row scrolls natively, and a
      // Tab would move it without Embla knowing (CI saw that once).
      await expect(slider.getByRole("button", { name: new RegExp(`^Page \\d+ of ${slides}$`) })).toHaveCount(slides);
      expect(await slidesInView(slider)).toEqual([0]);
      await cardLinks.nth(0).focus();
      await page.keyboard.press("Tab");
      await expect(cardLinks.nth(1)).toBeFocused();
      await expect.poll(() => slidesInView(slider)).toEqual([1]);
      await expect(slider.getByRole("button", { name: `Page 2 of ${slides}` })).toHaveAttribute("aria-current", "true");
    });

    test("a Tab into a card before the script runs: Embla then starts at that card, with its page button", async ({
      page,
    }) => {
      // The client entry is held back, so the Tab lands while the row still scrolls natively.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      const { path, slides } = sliderService();
      await page.goto(path);
      const slider = page.getByRole("region", { name: "Related Casestudy" });
      const cardLinks = slider.locator(".card__link");
      await cardLinks.nth(0).focus();
      await page.keyboard.press("Tab");
      await expect(cardLinks.nth(1)).toBeFocused();
      await expect.poll(() => slidesInView(slider)).toEqual([1]);

      release();
      await expect(slider.getByRole("button", { name: `Page 2 of ${slides}` })).toHaveAttribute("aria-current", "true");
      await expect.poll(() => slidesInView(slider)).toEqual([1]);
      await expect(cardLinks.nth(1)).toBeFocused();
      // Embla alone moves the row now: Previous brings the first card back.
      await slider.getByRole("button", { name: "Previous case studies" }).click();
      await expect(slider.getByRole("button", { name: `Page 1 of ${slides}` })).toHaveAttribute("aria-current", "true");
      await expect.poll(() => slidesInView(slider)).toEqual([0]);
    });
  });
});

// ── Focus visible ───────────────────────────────────────────────────────────────────

/**
 * Whether the focused element is drawn where it is: not covered by the bar, a panel or a
 * header. Waits first for a smooth scroll (the page's, or a dialog's) to come to rest.
 */
function isUnobscured(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const position = () => {
      const scroller = document.activeElement?.closest("dialog") ?? document.scrollingElement;
      return `${window.scrollY}/${scroller?.scrollTop}`;
    };
    for (let still = 0, last = position(), i = 0; still < 3 && i < 90; i++) {
      await frame();
      const now = position();
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const shown = () => {
      const r = el.getBoundingClientRect();
      // Corners (inset a little) and the centre: at least one must show the element itself.
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 3, r.top + 3],
        [r.right - 3, r.top + 3],
        [r.left + 3, r.bottom - 3],
        [r.right - 3, r.bottom - 3],
      ];
      return points.some(([x, y]) => {
        const hit = document.elementFromPoint(x ?? 0, y ?? 0);
        return hit !== null && (el.contains(hit) || hit.contains(el) || (hit as HTMLLabelElement).control === el);
      });
    };
    // The scroll may have set off a transition (the bar collapsing, a slider moving): what
    // counts is where things come to rest, so look again for up to half a second.
    for (let i = 0; i < 30; i++) {
      if (shown()) return true;
      await frame();
    }
    return shown();
  });
}

/** The focus indicator of the focused element (or of the card it makes focusable), or null. */
function focusIndicator(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    for (const candidate of [el, el.closest(".card")]) {
      if (!candidate) continue;
      const style = getComputedStyle(candidate);
      if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) {
        return `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`;
      }
      if (style.boxShadow !== "none" && !candidate.matches("[aria-current], [data-current-section]")) {
        return `box-shadow ${style.boxShadow}`;
      }
    }
    return null;
  });
}

for (const width of [375, 1280]) {
  test.describe(`focus visible at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of ["/", "/contact", JOB, "/services/silicon-engineering"]) {
      test(`${path}: every Tab stop shows a focus indicator and is not hidden`, async ({ page }) => {
        await openPage(page, path);
        const problems: string[] = [];
        let stops = 0;
        for (let i = 0; i < 120; i++) {
          await page.keyboard.press("Tab");
          const where = await focused(page);
          if (where === "<body>" || (i > 0 && where.includes("Skip to main content"))) break;
          stops++;
          if (!(await focusIndicator(page))) problems.push(`${where}: no outline or box-shadow`);
          if (!(await isUnobscured(page))) problems.push(`${where}: hidden behind something`);
        }
        expect(stops).toBeGreaterThan(10);
        expect(problems, problems.join("\n")).toEqual([]);
      });
    }
  });
}

test("a focused link has a visible outline: a nav link on the dark bar, a body link on white", async ({ page }) => {
  await openPage(page, JOB);
  await navLink(page, "About").focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(navLink(page, "About")).toBeFocused();
  expect(await focusIndicator(page)).toMatch(/^outline 3px solid rgb\(53, 214, 192\)/);

  const allVlsi = page.getByRole("main").getByRole("link", { name: "All VLSI openings" });
  await allVlsi.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(allVlsi).toBeFocused();
  expect(await focusIndicator(page)).toMatch(/^outline 3px solid rgb\(91, 76, 224\)/);
});

// ── Reduced motion ──────────────────────────────────────────────────────────────────

/** The longest animation or transition duration, in seconds, on `root` and inside it. */
function longestMotion(root: Locator): Promise<{ seconds: number; where: string }> {
  return root.evaluate((nav) => {
    const toSeconds = (v: string) =>
      v.trim().endsWith("ms") ? Number.parseFloat(v) / 1000 : Number.parseFloat(v) || 0;
    const seconds = (value: string) => Math.max(...value.split(",").map(toSeconds));
    let worst = { seconds: 0, where: "" };
    for (const el of [nav, ...nav.querySelectorAll("*")]) {
      for (const pseudo of [null, "::before", "::after"]) {
        const style = getComputedStyle(el, pseudo);
        const animation = style.animationName !== "none" ? seconds(style.animationDuration) : 0;
        const transition = style.transitionProperty !== "none" ? seconds(style.transitionDuration) : 0;
        const longest = Math.max(animation, transition);
        if (longest > worst.seconds) {
          worst = { seconds: longest, where: `${el.tagName.toLowerCase()}.${el.className}${pseudo ?? ""}` };
        }
      }
    }
    return worst;
  });
}

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce", viewport: { width: 375, height: 800 } });

  test("the metrics show their final values at once", async ({ page }) => {
    await openPage(page, "/");
    const numbers = page.getByTestId("metric-number");
    expect(await numbers.allTextContents()).toEqual(HOME_METRICS);
    await numbers.first().scrollIntoViewIfNeeded();
    expect(await numbers.allTextContents()).toEqual(HOME_METRICS);
  });

  test("the menu panel opens without animation, and nothing in it moves for longer than 0.01 s", async ({ page }) => {
    await openPage(page, "/");
    await menuButton(page).click();
    await navToggle(page, "Careers").click();
    const nav = mainNav(page);
    await expect(nav).toBeVisible();
    const motion = await longestMotion(nav);
    expect(motion.seconds, `longest motion on ${motion.where}`).toBeLessThanOrEqual(0.01);
    const running = await nav.evaluate((el) =>
      el
        .getAnimations({ subtree: true })
        .map((a) => Number(a.effect?.getTiming().duration ?? 0))
        .filter((ms) => ms > 10),
    );
    expect(running).toEqual([]);
  });

  test("the scrolled bar's panel at 1280 too", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, "/about");
    await page.evaluate(() => window.scrollTo(0, 700));
    await menuButton(page).click();
    await navToggle(page, "Services").click();
    const motion = await longestMotion(mainNav(page));
    expect(motion.seconds, `longest motion on ${motion.where}`).toBeLessThanOrEqual(0.01);
  });
});

test.describe("without reduced motion (the check above is not vacuous)", () => {
  test.use({ reducedMotion: "no-preference", viewport: { width: 375, height: 800 } });

  test("the menu panel fades in", async ({ page }) => {
    await openPage(page, "/");
    await menuButton(page).click();
    const motion = await longestMotion(mainNav(page));
    expect(motion.seconds).toBeGreaterThan(0.1);
  });
});
