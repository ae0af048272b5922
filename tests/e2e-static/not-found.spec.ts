/**
 * Unknown paths on the static host: nginx answers 404 with the build's 404.html, which
 * hydrates at the asked-for path and must stay the 'Not Found...' screen (a case study,
 * job or service that was never prerendered has no data file to load), never the error
 * screen.
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * speaking their documented wire protocol, driven by the real SDKs, because these
 * machines cannot reach those services. (No page here calls them.)
 */
import { type Page } from "@playwright/test";
import { expect, test } from "../support/playwright-test.ts";
import { routerSettled } from "./helpers.ts";

/** Paths under a route whose pages come from content (a client loader decides), and one no route matches. */
const UNDER_CONTENT_ROUTES = ["/casestudies/nope", "/careers/jobs/vlsi/nope", "/services/nope"];
const UNMATCHED = "/no/such/page";

/** Opens `path`, checks the 404 and the screen once hydrated; returns the page's uncaught errors. */
async function expectNotFound(page: Page, path: string): Promise<string[]> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on("pageerror", onError);
  const response = await page.goto(path);
  expect(response?.status(), `${path} status`).toBe(404);
  await routerSettled(page);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not Found...");
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  page.off("pageerror", onError);
  return errors;
}

for (const path of [...UNDER_CONTENT_ROUTES, UNMATCHED]) {
  test(`${path} answers 404 and, once hydrated, still shows 'Not Found...'`, async ({ page }) => {
    const errors = await expectNotFound(page, path);
    // The page the 404 was prerendered for hydrates cleanly.
    if (path === UNMATCHED) expect(errors, "uncaught errors in the page").toEqual([]);
  });
}

test("404.html hydrates without a React error under the case study, job and service routes", async ({ page }) => {
  // 404.html is the catch-all route's HTML, but here the browser's router matches the
  // case study / job / service route: root.tsx's HydrateFallback must render what the HTML
  // holds and 404.html must link that route's stylesheets (scripts/build/static-build.ts), or
  // React throws error #418, discards the page and paints it again.
  for (const path of UNDER_CONTENT_ROUTES) {
    expect(await expectNotFound(page, path), `uncaught errors at ${path}`).toEqual([]);
  }
});
