/**
 * WCAG 2.2 AA by axe-core (PRODUCT.md, quality bars): every page of the route table and
 * a 404 at 375 and 1280 px, then the states a visitor opens: the phone menu, the desktop
 * dropdown, the collapsed bar's panel, the image dialogs, the Apply dialog (empty and
 * with its errors), the contact form's errors and the phone country list.
 *
 * Pages are scanned several per test (one browser page each), so the file stays fast.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ALL_PATHS, JOB_PATHS, NOT_FOUND_PATHS, openPage } from "./support/site.ts";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const WIDTHS = [375, 1280] as const;
const PAGES_PER_TEST = 6;

/** Lets running animations and transitions reach their end, so colours are final. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** axe's violations on the page as it is now, one readable line block per rule. */
async function scan(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations.map((v) => {
    const targets = v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.split("\n").slice(1).join("; ").trim()})` : ""}`)
      .join("\n");
    const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : "";
    return `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} nodes)\n${targets}${more}`;
  });
}

function expectNone(found: string[]) {
  expect(found, `axe found violations:\n\n${found.join("\n\n")}\n`).toEqual([]);
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const PAGES = [...ALL_PATHS, NOT_FOUND_PATHS[0] ?? "/no-such-page"];

for (const width of WIDTHS) {
  test.describe(`every page at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const group of chunks(PAGES, PAGES_PER_TEST)) {
      test(`${group[0]} … ${group.at(-1)} (${group.length} pages)`, async ({ page }) => {
        const found: string[] = [];
        for (const path of group) {
          await openPage(page, path);
          found.push(...(await scan(page, `${path} at ${width} px`)));
        }
        expectNone(found);
      });
    }
  });
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Menu" });

test.describe("the navigation open", () => {
  test.describe("at 375", () => {
    test.use({ viewport: { width: 375, height: 800 } });

    test("the phone menu with Careers and Current Openings expanded", async ({ page }) => {
      await openPage(page, "/about");
      await menuButton(page).click();
      await mainNav(page).getByRole("button", { name: "Careers", exact: true }).click();
      await mainNav(page).getByRole("button", { name: "Current Openings", exact: true }).click();
      await expect(mainNav(page).getByRole("link", { name: "VLSI", exact: true })).toBeVisible();
      expectNone(await scan(page, "/about, phone menu open at 375 px"));
    });
  });

  test.describe("at 1280", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the desktop dropdowns: Services by hover, Careers' third level", async ({ page }) => {
      await openPage(page, "/");
      await mainNav(page).getByRole("button", { name: "Services", exact: true }).hover();
      await expect(mainNav(page).getByRole("link", { name: "FPGA Design", exact: true })).toBeVisible();
      const found = await scan(page, "/, Services dropdown at 1280 px");

      await mainNav(page).getByRole("button", { name: "Careers", exact: true }).hover();
      await mainNav(page).getByRole("button", { name: "Current Openings", exact: true }).hover();
      await expect(mainNav(page).getByRole("link", { name: "VLSI", exact: true })).toBeVisible();
      found.push(...(await scan(page, "/, Careers › Current Openings at 1280 px")));
      expectNone(found);
    });

    test("the collapsed bar's menu panel, scrolled down", async ({ page }) => {
      await openPage(page, "/about");
      await page.evaluate(() => window.scrollTo(0, 700));
      await expect(menuButton(page)).toBeVisible();
      await menuButton(page).click();
      await mainNav(page).getByRole("button", { name: "Services", exact: true }).click();
      await expect(mainNav(page).getByRole("link", { name: "FPGA Design", exact: true })).toBeVisible();
      expectNone(await scan(page, "/about, scrolled menu panel at 1280 px"));
    });
  });
});

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

    test("the Apply dialog, empty and after an empty submit", async ({ page }) => {
      const job = JOB_PATHS[0] ?? "/careers/jobs/vlsi/analog-layout-engineer-all-levels";
      await openPage(page, job);
      await page.getByRole("main").getByRole("link", { name: "Apply now", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Apply" });
      await expect(dialog).toBeVisible();
      const found = await scan(page, `${job}, Apply dialog at ${width} px`);

      await dialog.getByRole("button", { name: "Submit" }).click();
      await expect(dialog.locator(".form-error").first()).toBeVisible();
      await expect(dialog.getByRole("alert")).not.toBeEmpty();
      found.push(...(await scan(page, `${job}, Apply dialog with errors at ${width} px`)));

      await dialog.getByRole("combobox", { name: "Phone country code" }).click();
      await expect(dialog.getByRole("listbox", { name: "Countries" })).toBeVisible();
      found.push(...(await scan(page, `${job}, Apply dialog country list at ${width} px`)));
      expectNone(found);
    });

    test("the contact form with its errors, and the phone country list open", async ({ page }) => {
      await openPage(page, "/contact");
      const main = page.getByRole("main");
      await main.getByRole("button", { name: "Send Message" }).click();
      await expect(main.locator(".form-error").first()).toBeVisible();
      await expect(main.getByRole("alert")).not.toBeEmpty();
      const found = await scan(page, `/contact with errors at ${width} px`);

      const country = main.getByRole("combobox", { name: "Phone country code" });
      await country.click();
      await expect(main.getByRole("listbox", { name: "Countries" })).toBeVisible();
      await expect(main.getByRole("option").first()).toBeVisible();
      found.push(...(await scan(page, `/contact, country list open at ${width} px`)));

      // Filtered to nothing: 'No entries to show'.
      await country.fill("zzz");
      await expect(main.getByText("No entries to show", { exact: true }).first()).toBeVisible();
      found.push(...(await scan(page, `/contact, country list with no match at ${width} px`)));
      expectNone(found);
    });
  });
}

test("the page without JavaScript's hydration yet (server HTML) passes too", async ({ browser }) => {
  // The prerendered markup before React takes over: the native country select, the
  // Apply form in a closed dialog. Scanned on the two pages with forms.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of ["/contact", JOB_PATHS[0] ?? "/careers/jobs/vlsi/analog-layout-engineer-all-levels"]) {
    await page.goto(path);
    found.push(...(await scan(page, `${path} without JavaScript`)));
  }
  await context.close();
  expectNone(found);
});
