/**
 * axe-core in the page, for WCAG 2.2 AA: `scan` renders the deferred parts, lets animations
 * end and reports each violated rule with its impact, help and first targets.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { renderDeferredParts } from "../../support/deferred-parts.ts";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** Lets running animations and transitions end, so axe sees the final colours. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.all(running.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/**
 * axe's violations on the page as it is now: one block per rule with its impact, help
 * and first targets, headed by `where` (page, width, state).
 */
export async function scan(page: Page, where: string): Promise<string[]> {
  await renderDeferredParts(page);
  await settle(page);
  // Legacy mode runs axe in the page itself (no helper page per scan): twice as fast,
  // and the site has no iframes to test until the visitor asks for the map.
  const { violations } = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return violations.map((v) => {
    const targets = v.nodes.slice(0, 5).map((n) => {
      const why = n.failureSummary?.split("\n").slice(1).join(" ").trim();
      return `      ${n.target.join(" ")}${why ? `\n        ${why}` : ""}`;
    });
    if (v.nodes.length > 5) targets.push(`      … and ${v.nodes.length - 5} more`);
    return `${where}: ${v.id} [${v.impact}] ${v.help} (${v.nodes.length} elements)\n${targets.join("\n")}`;
  });
}

export function expectNone(found: string[]) {
  expect(found, `axe found violations:\n\n${found.join("\n\n")}\n`).toEqual([]);
}
