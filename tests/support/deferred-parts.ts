/**
 * The parts of a page that render only near the viewport (`.render-when-near`, in
 * app/styles/base.css) stay blank in a full-page screenshot and keep axe from finding
 * what is painted behind their text. Before either looks at the whole page, this renders
 * every part as it looks on screen: the class goes, the content is the same.
 */
import type { Page } from "@playwright/test";

export async function renderDeferredParts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const part of document.querySelectorAll(".render-when-near")) part.classList.remove("render-when-near");
  });
}
