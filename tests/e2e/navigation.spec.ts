/**
 * The navigation bar: hover and keyboard dropdowns on a desktop, the
 * current page, the phone menu (on the content's grid), and the collapsed bar once the
 * page is scrolled.
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { aCaseStudy } from "../support/content-picks.ts";
import { openPage, SERVICES } from "./support/site.ts";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const navLink = (page: Page, name: string) => mainNav(page).getByRole("link", { name, exact: true });
const navToggle = (page: Page, name: string) => mainNav(page).getByRole("button", { name, exact: true });
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });
const topButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Scroll to top" });
const logo = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Blueberry Semiconductors, home" });

test.describe("desktop, 1280×800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("hovering Careers opens its submenu, Current Openings its third level, and moving away closes them", async ({
    page,
  }) => {
    await openPage(page, "/");
    const careers = navToggle(page, "Careers");
    const subLinks = ["Life", "Testimonials", "Press & Media"].map((name) => navLink(page, name));
    const openings = navToggle(page, "Current Openings");
    const thirdLevel = ["Software and Embedded", "VLSI"].map((name) => navLink(page, name));

    for (const link of subLinks) await expect(link).toBeHidden();
    await careers.hover();
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    for (const link of subLinks) await expect(link).toBeVisible();
    await expect(openings).toBeVisible();
    for (const link of thirdLevel) await expect(link).toBeHidden();

    await openings.hover();
    await expect(openings).toHaveAttribute("aria-expanded", "true");
    for (const link of thirdLevel) await expect(link).toBeVisible();

    await page.mouse.move(640, 700);
    for (const link of [...subLinks, ...thirdLevel]) await expect(link).toBeHidden();
    await expect(careers).toHaveAttribute("aria-expanded", "false");
  });

  test("hovering Services shows the six services", async ({ page }) => {
    await openPage(page, "/");
    for (const { title } of SERVICES) await expect(navLink(page, title)).toBeHidden();
    await navToggle(page, "Services").hover();
    for (const { id, title } of SERVICES) {
      await expect(navLink(page, title)).toBeVisible();
      await expect(navLink(page, title)).toHaveAttribute("href", `/services/${id}`);
    }
  });

  test("the keyboard opens, enters and closes the Careers submenu and moves along the bar", async ({ page }) => {
    await openPage(page, "/");
    const careers = navToggle(page, "Careers");
    for (let i = 0; i < 12 && !(await careers.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(careers).toBeFocused();
    await expect(careers).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Enter");
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "Life")).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(navLink(page, "Life")).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(careers).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Life")).toBeHidden();
    await expect(careers).toBeFocused();

    await page.keyboard.press("ArrowRight");
    await expect(navToggle(page, "Services")).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(careers).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(navLink(page, "About")).toBeFocused();
  });

  test("the current page's link and section are marked", async ({ page }) => {
    await openPage(page, "/about");
    await expect.soft(navLink(page, "About")).toHaveAttribute("aria-current", "page");
    await expect(navLink(page, "Home")).not.toHaveAttribute("aria-current", "page");
    await expect(navToggle(page, "Careers")).not.toHaveAttribute("data-current-section");

    await openPage(page, "/services/fpga-design");
    await expect(navToggle(page, "Services")).toHaveAttribute("data-current-section");
    await expect(navToggle(page, "Careers")).not.toHaveAttribute("data-current-section");
    await expect(navLink(page, "About")).not.toHaveAttribute("aria-current", "page");
  });

  test("scrolled, the bar collapses to Menu and Scroll to top, and comes back at the top", async ({ page }) => {
    await openPage(page, "/");
    const about = navLink(page, "About");
    await expect(logo(page)).toBeVisible();
    await expect(about).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(topButton(page)).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(logo(page)).toBeHidden();
    await expect(menuButton(page)).toBeVisible();
    await expect(topButton(page)).toBeVisible();
    await expect(about).toBeHidden();

    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(about).toBeVisible();
    await expect(navLink(page, "Contact")).toBeVisible();

    await page.evaluate(() => window.scrollTo(0, 1000));
    await expect(about).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

    await topButton(page).click();
    await expect.soft.poll(() => page.evaluate(() => window.scrollY), { message: "back at the very top" }).toBe(0);
    await expect(logo(page)).toBeVisible();
    await expect(about).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
    await expect(topButton(page)).toBeHidden();
  });
});

test.describe("the collapsed bar's two controls", () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px they are solid, labelled and open the menu under the button, with the logo and 'Talk to an engineer'`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      // A white page: the controls lie over running text, not the dark banner (a case study's).
      await openPage(page, aCaseStudy().path);
      await page.evaluate(() => window.scrollTo(0, 900));
      for (const [button, label] of [
        [menuButton(page), "Menu"],
        [topButton(page), "Top"],
      ] as const) {
        await expect(button).toBeVisible();
        // Written on the button, not only told to screen readers.
        await expect(button.locator(".site-header__button-label")).toBeVisible();
        await expect(button).toContainText(label, { ignoreCase: true });
        const fill = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(fill, "an opaque fill, not a translucent one").toMatch(/^rgb\(/);
      }

      await menuButton(page).click();
      await expect(logo(page)).toBeVisible();
      await expect(topButton(page)).toBeHidden();
      const action = mainNav(page).getByRole("link", { name: "Talk to an engineer" });
      await expect(action).toBeVisible();
      await expect(action).toHaveAttribute("href", "/contact");
      // The links start under the button and end at its right edge.
      const button = await menuButton(page).boundingBox();
      const home = await navLink(page, "Home").boundingBox();
      if (!button || !home) throw new Error("no box for the Menu button or Home");
      expect(home.y).toBeGreaterThanOrEqual(button.y + button.height);
      expect(Math.abs(home.x + home.width - (button.x + button.width))).toBeLessThanOrEqual(width > 600 ? 2 : width);
    });
  }
});

test.describe("desktop, 1280×800, scrolled: the expanded menu", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** Scrolls down so the bar collapses, then opens the menu with the Menu button. */
  async function openExpandedMenu(page: Page) {
    await openPage(page, "/about");
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect(menuButton(page)).toBeVisible();
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "About")).toBeVisible();
  }

  /** A point on the panel's dark background, clear of every menu item. */
  const awayFromTheMenu = { x: 60, y: 760 };

  test("hovering Careers opens its submenu and Current Openings its third level; moving away closes them", async ({
    page,
  }) => {
    await openExpandedMenu(page);
    const careers = navToggle(page, "Careers");
    const subLinks = ["Life", "Testimonials", "Press & Media"].map((name) => navLink(page, name));
    const openings = navToggle(page, "Current Openings");
    const thirdLevel = ["Software and Embedded", "VLSI"].map((name) => navLink(page, name));
    await expect(careers).toHaveAttribute("aria-expanded", "false");
    for (const link of subLinks) await expect(link).toBeHidden();

    await careers.hover();
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    for (const link of subLinks) await expect(link).toBeVisible();
    for (const link of thirdLevel) await expect(link).toBeHidden();

    await openings.hover();
    await expect(openings).toHaveAttribute("aria-expanded", "true");
    for (const link of thirdLevel) await expect(link).toBeVisible();

    await page.mouse.move(awayFromTheMenu.x, awayFromTheMenu.y);
    for (const link of [...subLinks, ...thirdLevel]) await expect(link).toBeHidden();
    await expect(careers).toHaveAttribute("aria-expanded", "false");
    // Only the submenu closed: the expanded menu itself stays open.
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "About")).toBeVisible();
  });

  test("hovering Services shows the six services, and moving away closes them", async ({ page }) => {
    await openExpandedMenu(page);
    const services = navToggle(page, "Services");
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await services.hover();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    for (const { id, title } of SERVICES) {
      await expect(navLink(page, title)).toBeVisible();
      await expect(navLink(page, title)).toHaveAttribute("href", `/services/${id}`);
    }
    await page.mouse.move(awayFromTheMenu.x, awayFromTheMenu.y);
    for (const { title } of SERVICES) await expect(navLink(page, title)).toBeHidden();
    await expect(services).toHaveAttribute("aria-expanded", "false");
  });

  test("the pointer can travel from Careers into its submenu and follow a link there", async ({ page }) => {
    await openExpandedMenu(page);
    const careers = navToggle(page, "Careers");
    await careers.hover();
    const from = await careers.boundingBox();
    const to = await navLink(page, "Press & Media").boundingBox();
    if (!from || !to) throw new Error("Careers or Press & Media has no box");
    // Right along the Careers row into the submenu, then down to the item, in small steps.
    await page.mouse.move(to.x + 8, from.y + from.height / 2, { steps: 20 });
    await page.mouse.move(to.x + 8, to.y + to.height / 2, { steps: 20 });
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    await page.mouse.down();
    await page.mouse.up();
    await expect(page).toHaveURL(/\/careers\/press-media$/);
    // The new page starts at the top, where the Menu button is hidden behind the full bar
    // (so a role query cannot find it); whether hidden or shown, the menu must be closed.
    await expect(page.locator("header [aria-controls='site-menu']")).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { level: 1, name: "Press & Media" })).toBeVisible();
  });

  test("a click on a dropdown that hover opened keeps it open, a second click closes it", async ({ page }) => {
    await openExpandedMenu(page);
    const services = navToggle(page, "Services");
    // Playwright's click moves the pointer onto the button first, so hover opens it before the click.
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "FPGA Design")).toBeVisible();
    // Opened by a click, it stays open when the pointer moves away.
    await page.mouse.move(awayFromTheMenu.x, awayFromTheMenu.y);
    await expect(services).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "FPGA Design")).toBeVisible();
    await services.click();
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "FPGA Design")).toBeHidden();
  });
});

test.describe("phone, 375×800", () => {
  test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

  test("the Menu button opens the panel, Careers expands, and a link navigates and closes it", async ({ page }) => {
    await openPage(page, "/");
    const about = navLink(page, "About");
    await expect(about).toBeHidden();
    await expect(menuButton(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");

    await menuButton(page).tap();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Home", "About", "Case Studies", "Contact"]) await expect(navLink(page, name)).toBeVisible();
    for (const name of ["Careers", "Services"]) await expect(navToggle(page, name)).toBeVisible();
    await expect(navLink(page, "Testimonials")).toBeHidden();

    await navToggle(page, "Careers").tap();
    await expect(navToggle(page, "Careers")).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Life", "Testimonials", "Press & Media"]) await expect(navLink(page, name)).toBeVisible();
    await expect(navToggle(page, "Current Openings")).toBeVisible();

    await navLink(page, "Testimonials").tap();
    await expect(page).toHaveURL(/\/careers\/testimonials$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Testimonials");
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    await expect(about).toBeHidden();
  });

  test("the Menu button keeps its place when the page scrolls and Scroll to top appears beside it", async ({
    page,
  }) => {
    await openPage(page, "/");
    const atTop = await menuButton(page).boundingBox();
    await page.mouse.wheel(0, 600);
    await expect(topButton(page)).toBeVisible();
    const scrolled = await menuButton(page).boundingBox();
    const top = await topButton(page).boundingBox();
    expect(scrolled, "the Menu button's box once scrolled").toEqual(atTop);
    expect(top!.x + top!.width, "Scroll to top ends left of the Menu button").toBeLessThanOrEqual(scrolled!.x);
  });

  test("hovering a menu toggle does nothing; a tap still opens and closes it", async ({ page }) => {
    await openPage(page, "/");
    await menuButton(page).tap();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Careers", "Services"]) {
      const toggle = navToggle(page, name);
      await toggle.hover();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    }
    await expect(navLink(page, "Life")).toBeHidden();
    await expect(navLink(page, "FPGA Design")).toBeHidden();

    await navToggle(page, "Services").tap();
    await expect(navToggle(page, "Services")).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "FPGA Design")).toBeVisible();
    await navToggle(page, "Services").tap();
    await expect(navToggle(page, "Services")).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "FPGA Design")).toBeHidden();
  });
});

test.describe("a narrow window with a mouse, 375×800", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("hover opens nothing in the phone panel; a click opens Careers and a second click closes it", async ({
    page,
  }) => {
    await openPage(page, "/");
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    const careers = navToggle(page, "Careers");
    await careers.hover();
    await navToggle(page, "Services").hover();
    await expect(careers).toHaveAttribute("aria-expanded", "false");
    await expect(navToggle(page, "Services")).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Life")).toBeHidden();

    await careers.click();
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    await expect(navLink(page, "Life")).toBeVisible();
    // The panel's submenus open in place, so the pointer leaving them changes nothing.
    await page.mouse.move(20, 780);
    await expect(careers).toHaveAttribute("aria-expanded", "true");
    await careers.click();
    await expect(careers).toHaveAttribute("aria-expanded", "false");
    await expect(navLink(page, "Life")).toBeHidden();
  });
});

test.describe("before the page's script runs, 768×800", () => {
  test.use({ viewport: { width: 768, height: 800 } });

  test("a page opened part-way down shows no bar over its text; once the script runs the collapsed bar comes", async ({
    page,
  }) => {
    // Scripts held back: the page as a slow phone shows it before hydration (and for good
    // if its script never arrives).
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\.js$/, async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto("/about/", { waitUntil: "domcontentloaded" });
    await page.evaluate(() => window.scrollTo(0, 600));
    const bar = page.getByRole("banner");
    await expect
      .poll(() => bar.evaluate((el) => el.getBoundingClientRect().bottom), {
        message: "the full bar (logo and menu) stayed at the top of the page, out of view",
      })
      .toBeLessThanOrEqual(0);

    releaseScripts();
    await expect(menuButton(page)).toBeInViewport();
    await expect(topButton(page)).toBeInViewport();
    await expect(logo(page)).toBeHidden();
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  });
});

test("the open menu's links keep to the content's grid: from its left edge on a phone, to its right edge under the Menu button on a tablet", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await openPage(page, "/about");
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  await menuButton(page).click();
  const home = await navLink(page, "Home").boundingBox();
  expect(
    Math.abs((home?.x ?? 0) - (heading?.x ?? Infinity)),
    "the Home link's left edge at 375 px",
  ).toBeLessThanOrEqual(1);

  await page.setViewportSize({ width: 768, height: 900 });
  await openPage(page, "/about");
  await menuButton(page).click();
  const button = await menuButton(page).boundingBox();
  const homeAt768 = await navLink(page, "Home").boundingBox();
  expect(
    Math.abs((homeAt768?.x ?? 0) + (homeAt768?.width ?? 0) - ((button?.x ?? 0) + (button?.width ?? Infinity))),
    "the Home link's right edge at 768 px, under the Menu button's",
  ).toBeLessThanOrEqual(1);
});
