/**
 * Running text at a readable measure: no paragraph or list item of the main content holds
 * more than 75 characters on one rendered line (the page sweep checks one page of each
 * kind at 375, 768 and 1280 px; page-layouts.spec.ts at 1024 px).
 */
import type { Locator, Page } from "@playwright/test";

export const MAX_LINE_CHARACTERS = 75;

/**
 * Each element's longest rendered line, in characters, with the start of its text. Each
 * word is placed on a line by one Range (a word that spans lines, character by
 * character); a run of spaces counts as the one space it renders as, when it renders.
 */
function longestLines(elements: Locator): Promise<{ characters: number; text: string }[]> {
  return elements.evaluateAll((nodes) =>
    nodes.map((node) => {
      const lines = new Map<number, number>();
      const count = (rect: DOMRect | undefined, characters: number) => {
        if (!rect) return;
        const line = Math.round(rect.top / 4);
        lines.set(line, (lines.get(line) ?? 0) + characters);
      };
      const range = document.createRange();
      const rectsOf = (text: Node, start: number, end: number) => {
        range.setStart(text, start);
        range.setEnd(text, end);
        return range.getClientRects();
      };
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const match of (text.textContent ?? "").matchAll(/\s+|\S+/g)) {
          const start = match.index;
          const run = match[0];
          if (/^\s/.test(run)) {
            count(rectsOf(text, start, start + 1)[0], 1);
            continue;
          }
          const rects = [...rectsOf(text, start, start + run.length)].filter((r) => r.width > 0 || r.height > 0);
          const tops = new Set(rects.map((r) => Math.round(r.top / 4)));
          if (tops.size <= 1) count(rects[0], run.length);
          else for (let i = 0; i < run.length; i++) count(rectsOf(text, start + i, start + i + 1)[0], 1);
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
