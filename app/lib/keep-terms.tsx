/**
 * Browsers may break a line after any hyphen and at any space. In a title that leaves
 * "ASIL-" at a line's end and "B" on the next; in running text, "e-" and "mail", "U-" and
 * "Boot"; anywhere, "6.2" at a line's end and "ms" on the next. These wrap such terms in
 * a span that does not wrap (`.keep-term`). The text itself stays exactly the content's,
 * so headings, accessible names and search snippets read the same, and whoever writes
 * content never types a no-break space.
 *
 * Everywhere, a number stays with its unit ("6.2 ms", "−40 °C", "4–20 mA", "12.9 GHz") and a
 * range stays whole ("1–15 years").
 * Titles (keepTerms) keep every short hyphenated term on one line (ASIL-B, DPI-C, 12-Layer)
 * and move a longer compound ("Signal-Integrity-Driven") to the next line whole
 * (`.keep-compound`), breaking it only when it is wider than a line by itself.
 * Running text (keepStrandableTerms) keeps only terms with a piece of one letter or digit,
 * which a break would strand; other compounds ("bring-up", "trade-offs") break at their
 * hyphen as prose does, so a narrow column's lines stay even.
 */
import type { ReactNode } from "react";
import { NUMBER_RANGE, NUMBER_WITH_UNIT } from "./units.ts";

/** Up to this length a title's compound never breaks; a longer one may, if a line cannot hold it. */
const MAX_KEPT_IN_TITLE = 12;
/** Running text is small enough that a longer term ("twelve-and-a-half-hour") fits any line. */
const MAX_KEPT_IN_TEXT = 24;
const HYPHENATED = /[\p{L}\p{N}+]+(?:-[\p{L}\p{N}+]+)+/gu;
const ONE_CHARACTER = /^[\p{L}\p{N}]$/u;

/** How a hyphenated term is kept: on one line, moved whole where it fits, or left to break. */
type Keep = "term" | "compound" | null;
type Rule = (term: string) => Keep;

const titleRule: Rule = (term) => (term.length <= MAX_KEPT_IN_TITLE ? "term" : "compound");
const textRule: Rule = (term) =>
  term.length <= MAX_KEPT_IN_TEXT && term.split("-").some((piece) => ONE_CHARACTER.test(piece)) ? "term" : null;

interface Kept {
  start: number;
  end: number;
  keep: Exclude<Keep, null>;
}

/** The stretches of the text to keep together, in order and not overlapping. */
function keptStretches(text: string, rule: Rule): Kept[] {
  const found: Kept[] = [];
  for (const match of text.matchAll(HYPHENATED)) {
    const keep = rule(match[0]);
    if (keep) found.push({ start: match.index, end: match.index + match[0].length, keep });
  }
  for (const pattern of [NUMBER_WITH_UNIT, NUMBER_RANGE]) {
    for (const match of text.matchAll(pattern)) {
      found.push({ start: match.index, end: match.index + match[0].length, keep: "term" });
    }
  }
  found.sort((a, b) => a.start - b.start);
  // Overlapping stretches ("1-2 ms") become one; one that must not break at all wins.
  const merged: Kept[] = [];
  for (const stretch of found) {
    const last = merged.at(-1);
    if (last && stretch.start < last.end) {
      last.end = Math.max(last.end, stretch.end);
      if (stretch.keep === "term") last.keep = "term";
    } else merged.push({ ...stretch });
  }
  return merged;
}

/** The text cut into pieces: plain text, and the stretches to keep with their class. */
function split(text: string, rule: Rule): { text: string; className?: string }[] {
  const parts: { text: string; className?: string }[] = [];
  let last = 0;
  for (const { start, end, keep } of keptStretches(text, rule)) {
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: text.slice(start, end), className: keep === "term" ? "keep-term" : "keep-compound" });
    last = end;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last) });
  return parts;
}

function render(text: string, rule: Rule): ReactNode {
  const parts = split(text, rule);
  if (parts.length === 1 && !parts[0]?.className) return text;
  return parts.map((part, i) =>
    part.className ? (
      <span key={i} className={part.className}>
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}

/** A title or a name: short hyphenated terms on one line, longer compounds whole where they fit, numbers with their units. */
export function keepTerms(text: string): ReactNode {
  return render(text, titleRule);
}

/** Running text: terms with a one-character piece (e-mail, U-Boot, 4-receive) and numbers with their units stay on one line. */
export function keepStrandableTerms(text: string): ReactNode {
  return render(text, textRule);
}

/**
 * The same for HTML-escaped text (the sanitiser's text of a case study's description). A
 * kept stretch is letters, digits, signs, spaces and hyphens only, so the span adds no
 * markup from the text.
 */
export function keepStrandableTermsInHtml(escapedText: string): string {
  return split(escapedText, textRule)
    .map((part) => (part.className ? `<span class="${part.className}">${part.text}</span>` : part.text))
    .join("");
}
