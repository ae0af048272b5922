/**
 * A page printed before the visitor has scrolled. The home page's metrics count up from
 * zero when they come into view, so a page printed first showed "0+" four times. The
 * browser fires `beforeprint` before it lays the page out for paper (for `page.pdf()` as
 * for the print dialog); what the page holds at that moment is what the paper shows.
 */
import { expect, test } from "../support/playwright-test.ts";
import { HOME_METRICS, openPage } from "./support/site.ts";

test.use({ viewport: { width: 375, height: 812 } });

test("the home page printed before scrolling shows the metrics' final values", async ({ page }) => {
  await openPage(page, "/");
  const numbers = page.getByTestId("metric-number");
  await expect(numbers.first(), "not yet scrolled to, the count waits at zero").toHaveText("0+");
  // Registered after the page's own listeners, so it reads what they left for the paper.
  await page.evaluate(() => {
    window.addEventListener("beforeprint", () => {
      const shown = [...document.querySelectorAll("[data-testid=metric-number]")].map((n) => n.textContent);
      (window as Window & { printedMetrics?: (string | null)[] }).printedMetrics = shown;
    });
  });
  const pdf = await page.pdf({ width: "210mm", height: "297mm" });
  expect(pdf.length, "a PDF came out").toBeGreaterThan(1000);
  expect(await page.evaluate(() => (window as Window & { printedMetrics?: string[] }).printedMetrics)).toEqual(
    HOME_METRICS,
  );
  // And the page stays as printed: the count does not start again after the paper.
  await numbers.first().scrollIntoViewIfNeeded();
  await expect(numbers).toHaveText(HOME_METRICS);
});

test("a page printed part-way down shows the bar once, at the top of the first sheet, with its logo and without its buttons", async ({
  page,
}) => {
  await openPage(page, "/about");
  await page.mouse.wheel(0, 1500);
  await expect(page.locator(".site-header")).toHaveAttribute("data-scrolled", "true");
  await page.emulateMedia({ media: "print" });
  const bar = await page.locator(".site-header").evaluate((el) => ({
    position: getComputedStyle(el).position,
    topOfDocument: Math.round(el.getBoundingClientRect().top + window.scrollY),
  }));
  expect(bar, "fixed, the bar would repeat on every sheet").toEqual({ position: "absolute", topOfDocument: 0 });
  await expect(
    page.locator(".site-header").getByRole("link", { name: "Blueberry Semiconductors, home" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Scroll to top" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeHidden();
  expect(
    await page.locator(".banner").evaluate((el) => getComputedStyle(el).printColorAdjust),
    "the dark band under the white logo prints even without background graphics",
  ).toBe("exact");
});
