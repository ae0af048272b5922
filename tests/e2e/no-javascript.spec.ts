/**
 * Without JavaScript every kind of page still works: content, footer, named links, the
 * menu (hover and focus on a desktop, the #site-menu link on a phone), the Apply form in
 * the page, and the final metric numbers. The menu and footer come from the layout, so one
 * page of each kind is opened here; that every page's HTML has its heading, the footer's
 * links and no link without a name is checked over the built files
 * (tests/integration/built-pages.test.ts).
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { anOpenJob } from "../support/content-picks.ts";
import { HOME_METRICS, TEMPLATE_PAGES } from "./support/site.ts";
import { FOOTER_LINKS } from "../support/footer-links.ts";

test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Links into the site that have neither text, nor aria-label, nor an image with alt text. */
function unnamedLinks(page: Page): Promise<string[]> {
  return page.locator('a[href^="/"]').evaluateAll((links) =>
    links
      .filter((a) => {
        const text = a.textContent?.trim();
        const label = a.getAttribute("aria-label")?.trim();
        const alt = Array.from(a.querySelectorAll("img")).some((img) => img.alt.trim() !== "");
        return !text && !label && !alt;
      })
      .map((a) => a.outerHTML.slice(0, 160)),
  );
}

/** The names of the visible links (or buttons) inside `scope`, in one round trip. */
function visibleNames(page: Page, scope: string, selector: string): Promise<string[]> {
  return page.locator(scope).evaluateAll(
    (scopes, sel) =>
      scopes.flatMap((root) =>
        Array.from(root.querySelectorAll<HTMLElement>(sel))
          .filter((el) => el.checkVisibility({ visibilityProperty: true }))
          .map((el) => (el.textContent ?? "").replace(/\s+/g, " ").trim()),
      ),
    selector,
  );
}

async function checkPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect.soft(response?.status(), `${path} status`).toBe(200);
  await expect.soft(page.getByRole("heading", { level: 1 }), `${path} h1`).toHaveText(/\S/);

  const footerLinks = await visibleNames(page, "footer", "a");
  expect.soft(footerLinks, `${path} footer links`).toEqual(expect.arrayContaining(FOOTER_LINKS));
  expect.soft(await unnamedLinks(page), `${path} links without a name`).toEqual([]);

  // Desktop: the bar shows the menu.
  const NAV = "nav#site-menu";
  expect
    .soft(await visibleNames(page, NAV, "a, button"), `${path} menu at 1280`)
    .toEqual(expect.arrayContaining(["Home", "About", "Careers", "Services", "Case Studies", "Contact"]));

  // Phone: the menu is closed until its link is followed.
  await page.setViewportSize({ width: 375, height: 800 });
  expect.soft(await visibleNames(page, NAV, "a, button"), `${path} menu closed at 375`).toEqual([]);
  const menuLink = page.locator('a[href="#site-menu"]');
  await expect.soft(menuLink, `${path} menu link at 375`).toBeVisible();
  await menuLink.click();
  await expect.soft(page).toHaveURL(/#site-menu$/);
  expect
    .soft(await visibleNames(page, NAV, "a"), `${path} menu open at 375`)
    .toEqual(
      expect.arrayContaining(["Home", "About", "Life", "VLSI", "Case Studies", "Contact", "Silicon Engineering"]),
    );
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The pages, a few per test: each test visits them in turn in one tab. */
const groups: string[][] = [];
for (let i = 0; i < TEMPLATE_PAGES.length; i += 5) groups.push(TEMPLATE_PAGES.slice(i, i + 5));

for (const paths of groups) {
  test(`without JavaScript: ${paths.join(", ")}`, async ({ page }) => {
    for (const path of paths) {
      await test.step(path, () => checkPage(page, path));
    }
  });
}

test("without JavaScript, hovering Careers on a desktop opens its submenu", async ({ page }) => {
  await page.goto("/");
  const life = mainNav(page).getByRole("link", { name: "Life", exact: true });
  await expect(life).toBeHidden();
  await mainNav(page).getByRole("button", { name: "Careers", exact: true }).hover();
  await expect(life).toBeVisible();
  await expect(mainNav(page).getByRole("button", { name: "Current Openings", exact: true })).toBeVisible();
});

test("without JavaScript, a job page shows the Apply form in the page", async ({ page }) => {
  await page.goto(anOpenJob().path);
  await expect(page.getByRole("main").getByRole("link", { name: "Apply now", exact: true })).toHaveAttribute(
    "href",
    "#apply",
  );
  const form = page.locator("#apply");
  await expect(form.getByRole("heading", { name: "Apply" })).toBeVisible();
  await expect(form.getByLabel("Name", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Email", { exact: true })).toBeVisible();
  await expect(form.getByLabel(/^Upload/)).toBeVisible();
  await expect(form.getByLabel("Phone", { exact: true })).toBeVisible();
  await expect(form.getByRole("button", { name: "Submit" })).toBeVisible();
});

test("without JavaScript, the home metrics show their final numbers (7+, 50+, …)", async ({ page }) => {
  await page.goto("/");
  const numbers = page.getByTestId("metric-number");
  await numbers.first().scrollIntoViewIfNeeded();
  await expect(numbers).toHaveText(HOME_METRICS);
  for (const number of await numbers.all()) await expect(number).toBeVisible();
});
