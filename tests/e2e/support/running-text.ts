/**
 * Running text at a readable measure: no paragraph or list item of the main content holds
 * more than 75 characters on one rendered line (the page sweep checks one page of each
 * kind at 375, 768 and 1280 px; page-layouts.spec.ts at 1024 px).
 */
import type { Locator, Page } from "@playwright/test";

export const MAX_LINE_CHARACTERS = 75;

/**
 * Each element's longest rendered line, in characters, with the start of its text: one
 * Range per character, grouped by the line box it sits on.
 */
function longestLines(elements: Locator): Promise<{ characters: number; text: string }[]> {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const lines = new Map<number, number>();
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (let i = 0; i < (text.textContent ?? "").length; i++) {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          const line = Math.round(rect.top / 4);
          lines.set(line, (lines.get(line) ?? 0) + 1);
        }
      }
      return { characters: Math.max(0, ...lines.values()), text: (node.textContent ?? "").trim().slice(0, 48) };
    }),
  );
}

/**
 * The paragraphs and list items of the page's main content whose longest line is over
 * the measure, described for a failure message, and how many there are in all.
 */
export async function overlongLines(page: Page, path: string): Promise<{ checked: number; tooLong: string[] }> {
  await page.evaluate(() => document.fonts.ready);
  const lines = await longestLines(page.getByRole("main").locator("p, li"));
  const tooLong = lines
    .filter(({ characters }) => characters > MAX_LINE_CHARACTERS)
    .map(({ characters, text }) => `${path}: ${characters} characters, "${text}…"`);
  return { checked: lines.length, tooLong };
}
