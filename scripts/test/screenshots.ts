/**
 * `npm run screenshots -- [base URL] [path ...]`: full-page screenshots of pages at 375,
 * 768 and 1280 px in Debian's Chromium, written to screenshots/ (not kept in git), for a
 * person to look at. The site must be running (npm start).
 */
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../../tests/support/chromium.ts";
import { renderDeferredParts } from "../../tests/support/deferred-parts.ts";

const [base = "http://localhost:3000", ...given] = process.argv.slice(2);
const paths =
  given.length > 0
    ? given
    : [
        "/",
        "/casestudies/hevc-decoder-ip-verification",
        "/services/silicon-engineering",
        "/careers/life-blueberry",
        "/careers/jobs/vlsi/dft-engineer-all-levels",
        "/contact",
      ];
const widths = [375, 768, 1280];
const outDir = "screenshots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths) {
    await page.goto(new URL(path, base).href, { waitUntil: "networkidle" });
    // Scroll through the page so lazy images load and counters run, as for a reader.
    // Instant jumps: the site scrolls smoothly, and a smooth scroll cut short by the next
    // step never reached the last parts, which render (and fetch their pictures) only near.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => setTimeout(r, 120));
      }
      window.scrollTo({ top: 0, behavior: "instant" });
    });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(4500);
    // A full-page screenshot would leave the parts below the first screens blank.
    await renderDeferredParts(page);
    const name = `${path === "/" ? "home" : path.slice(1).replaceAll("/", "_")}-${width}.png`;
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true });
    console.log(`${outDir}/${name}`);
  }
  await page.close();
}
await browser.close();
