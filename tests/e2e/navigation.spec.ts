/**
 * The navigation bar (spec §2, §4): hover and keyboard dropdowns on a desktop, the
 * current page, the phone menu, and the collapsed bar once the page is scrolled.
 */
import { expect, type Page, test } from "@playwright/test";
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
});
