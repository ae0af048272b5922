/**
 * Content pages of the static build call nobody but their own site, and carry none of
 * the sending code (EmailJS, Firebase Storage, the submit paths): a visitor who only reads
 * loads none of it and is seen by no third party.
 *
 * EmailJS and Firebase Storage are replaced at the network edge by local stand-ins
 * speaking their documented wire protocol, driven by the real SDKs, because these
 * machines cannot reach those services. (No page here may call them.)
 */
import { expect, test } from "../support/playwright-test.ts";
import { prerenderPaths } from "../../app/content/paths.ts";
import { offSite, routerSettled, sendChunksIn, watchRequests } from "./helpers.ts";

const aCaseStudy = prerenderPaths().find((path) => path.startsWith("/casestudies/"));
const PAGES = ["/", "/about", "/casestudies", aCaseStudy ?? "/casestudies/(none built)", "/careers/jobs"];

for (const path of PAGES) {
  test(`${path} requests nothing off the site and loads no sending code`, async ({ page }) => {
    const requests = watchRequests(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await routerSettled(page);
    // Whatever the hydrated page starts on its own (images, fonts, prefetches) has started by now.
    await page.waitForLoadState("networkidle");
    expect(requests.length, "the page loaded its own files").toBeGreaterThan(3);
    expect(offSite(requests), "requests off the site").toEqual([]);
    expect(sendChunksIn(requests), "sending code").toEqual([]);
  });
}

test("the privacy notice names EmailJS and Google Cloud Storage as where the data goes, not a store of ours", async ({
  page,
}) => {
  await page.goto("/privacy");
  const main = page.getByRole("main");
  const whoSeesIt = main.getByRole("heading", { name: "Who Sees It" }).locator("xpath=..");
  await expect(whoSeesIt).toContainText("EmailJS delivers your message or application");
  await expect(whoSeesIt).toContainText("Google Cloud Storage");
  await expect(main).toContainText("Google Cloud Storage deletes your CV automatically 180 days after you upload it.");
  // The server build's sentences about its rate limit and its systems are not there.
  await expect(main).not.toContainText("network address is used");
  await expect(main).not.toContainText("from our systems");
  await expect(main).not.toContainText("{");
});
