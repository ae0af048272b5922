/**
 * Words stay whole: no word of six or more characters is split across two lines. A word
 * is a run of text between spaces, cut at its ASCII hyphens (a line may end after "chip-"),
 * so an e-mail address, a URL or a term such as ASIC/SoC counts as one word. Split words
 * come from `overflow-wrap: anywhere` or `break-word`, or from a box too narrow for them;
 * the fix is a wider box, a smaller size or a break the author chose, never a looser rule.
 *
 * A compound may break at its hyphen, but not beside a piece of one character: "e-" at a
 * line's end with "mail" on the next, or "U-" and "Boot", leave a reader a stray letter
 * (app/lib/keep-terms.tsx keeps such terms whole). In a heading no compound breaks that a
 * line could hold whole ("Signal-Integrity- / Driven"). A number never leaves its unit
 * ("6.2 / ms": the pattern of app/lib/units.ts), a range never breaks at its en dash
 * ("1– / 15"), and a separator "·" never ends a line.
 *
 * `findBrokenWords` runs in the page (page.evaluate); the page sweep calls it at each width.
 */

/** Shorter pieces (a unit, "RTL-") may be squeezed; six characters and more must not be. */
export const MIN_WORD_LENGTH = 6;

export interface BrokenWord {
  /** The split word, or for a compound split beside a one-character piece, the two pieces ("e-mail"). */
  word: string;
  /** The whole run between spaces, when the word is one hyphen-separated piece of it. */
  run: string;
  element: string;
  lines: number;
}

/**
 * Every broken word on the page, found in the browser: visible text of the header, main
 * and footer, joined across inline elements (a word may hold a <span>), measured with a
 * Range over each word.
 */
export function findBrokenWords({
  minLength,
  numberWithUnit,
  numberRange,
}: {
  minLength: number;
  /** The source of app/lib/units.ts's pattern: a function run in the page cannot import it. */
  numberWithUnit: string;
  /** The source of app/lib/units.ts's pattern of a range ("1–15"). */
  numberRange: string;
}): BrokenWord[] {
  const roots = [...document.querySelectorAll("body > header, main, body > footer")];

  /** The box a text's lines belong to: its nearest element that is not plain inline. */
  const lineBox = (node: Node): Element | null => {
    for (let el = node.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).display !== "inline") return el;
    }
    return null;
  };

  /** Text that takes up room on screen: not hidden, not clipped to a pixel for screen readers. */
  const isShown = (el: Element): boolean => {
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    if (el.closest("svg, noscript, .visually-hidden")) return false;
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };

  /** A short description of an element for the report: tag, id and classes, and its parent's. */
  const describe = (el: Element | null): string => {
    if (!el) return "?";
    const name = (e: Element) =>
      e.tagName.toLowerCase() + (e.id ? `#${e.id}` : "") + [...e.classList].map((c) => `.${c}`).join("");
    return el.parentElement ? `${name(el.parentElement)} > ${name(el)}` : name(el);
  };

  /** How many lines a range's boxes lie on: boxes whose tops are within half a box's height share one. */
  const linesOf = (range: Range): number => {
    const tops = [...range.getClientRects()]
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map((rect) => ({ top: Math.round(rect.top), height: rect.height }))
      .sort((a, b) => a.top - b.top);
    let lines = 0;
    let lineTop = -Infinity;
    for (const { top, height } of tops) {
      if (top - lineTop > height / 2) {
        lines++;
        lineTop = top;
      }
    }
    return lines;
  };

  // Text nodes in order, grouped into stretches that flow together in one line box;
  // a <br> or a change of line box ends a stretch.
  type Piece = { node: Text; start: number };
  const stretches: { box: Element | null; text: string; pieces: Piece[] }[] = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    let current: (typeof stretches)[number] | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node instanceof Element) {
        if (node.tagName === "BR") current = null;
        continue;
      }
      const text = node as Text;
      if (!text.data.trim() || !text.parentElement || !isShown(text.parentElement)) {
        current = null;
        continue;
      }
      const box = lineBox(text);
      if (!current || current.box !== box) {
        current = { box, text: "", pieces: [] };
        stretches.push(current);
      }
      current.pieces.push({ node: text, start: current.text.length });
      current.text += text.data;
    }
  }

  /** The DOM position of a character offset in a stretch. */
  const positionOf = (pieces: Piece[], offset: number, atEnd: boolean): [Text, number] => {
    for (let i = pieces.length - 1; i >= 0; i--) {
      const piece = pieces[i]!;
      if (offset > piece.start || (!atEnd && offset === piece.start)) return [piece.node, offset - piece.start];
    }
    return [pieces[0]!.node, 0];
  };

  /** Lines of the text from `start` to `end` in a stretch. */
  const linesBetween = (pieces: Piece[], start: number, end: number): number => {
    const range = document.createRange();
    range.setStart(...positionOf(pieces, start, false));
    range.setEnd(...positionOf(pieces, end, true));
    return linesOf(range);
  };

  /** A piece of a compound that a break beside it would strand: one letter or digit. */
  const isStrandable = (piece: string) => /^[\p{L}\p{N}]$/u.test(piece);

  /** The summed width of a stretch's boxes: the width it would take on one line. */
  const widthBetween = (pieces: Piece[], start: number, end: number): number => {
    const range = document.createRange();
    range.setStart(...positionOf(pieces, start, false));
    range.setEnd(...positionOf(pieces, end, true));
    return [...range.getClientRects()].reduce((sum, rect) => sum + rect.width, 0);
  };
  /** The width a line of the box can hold. */
  const lineWidth = (box: Element | null): number => {
    if (!box) return Infinity;
    const style = getComputedStyle(box);
    return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };

  const numberThenUnit = new RegExp(numberWithUnit, "gu");
  const range = new RegExp(numberRange, "gu");
  const broken: BrokenWord[] = [];
  for (const stretch of stretches) {
    const element = describe(stretch.box);
    for (const match of [...stretch.text.matchAll(numberThenUnit), ...stretch.text.matchAll(range)]) {
      const lines = linesBetween(stretch.pieces, match.index, match.index + match[0].length);
      if (lines > 1) broken.push({ word: match[0], run: match[0], element, lines });
    }
    // A separator travels with the word after it.
    for (const match of stretch.text.matchAll(/·\s+\S/g)) {
      const lines = linesBetween(stretch.pieces, match.index, match.index + match[0].length);
      if (lines > 1) broken.push({ word: match[0], run: match[0], element, lines });
    }
    if (stretch.box?.closest("h1, h2, h3, h4, h5, h6")) {
      for (const match of stretch.text.matchAll(/[\p{L}\p{N}+]+(?:-[\p{L}\p{N}+]+)+/gu)) {
        const [start, end] = [match.index, match.index + match[0].length];
        const lines = linesBetween(stretch.pieces, start, end);
        if (lines > 1 && widthBetween(stretch.pieces, start, end) <= lineWidth(stretch.box)) {
          broken.push({ word: match[0], run: match[0], element, lines });
        }
      }
    }
    // Spaces end a run; a no-break space joins its neighbours into one.
    for (const match of stretch.text.matchAll(/(?:\S|[\u00a0\u202f])+/g)) {
      const runText = match[0];
      const words = runText.split("-");
      let offset = match.index;
      words.forEach((word, i) => {
        if ([...word].length >= minLength) {
          const lines = linesBetween(stretch.pieces, offset, offset + word.length);
          if (lines > 1) broken.push({ word, run: runText, element, lines });
        }
        // The break after this piece's hyphen, when it or the next piece is one character.
        const next = words[i + 1];
        if (next !== undefined && (isStrandable(word) || isStrandable(next))) {
          const lines = linesBetween(stretch.pieces, offset, offset + word.length + 1 + next.length);
          if (lines > 1) broken.push({ word: `${word}-${next}`, run: runText, element, lines });
        }
        offset += word.length + 1;
      });
    }
  }
  return broken;
}
