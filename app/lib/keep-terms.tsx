/**
 * Browsers may break a line after any hyphen. In a title that leaves "ASIL-" at a line's
 * end and "B" on the next; in running text, "e-" and "mail", "U-" and "Boot". These wrap
 * such terms in a span that does not wrap (`.keep-term`). The text itself stays exactly
 * the content's, so headings, accessible names and search snippets read the same.
 *
 * Titles (keepTerms) keep every short hyphenated term (ASIL-B, DPI-C, LTE-M, 12-Layer).
 * Running text (keepStrandableTerms) keeps only terms with a piece of one letter or digit,
 * which a break would strand; other compounds ("bring-up", "trade-offs") break at their
 * hyphen as prose does, so a narrow column's lines stay even.
 */
import type { ReactNode } from "react";

/** In a title, longer compounds ("Signal-Integrity-Driven") may still break at a hyphen, or a narrow screen would overflow. */
const MAX_KEPT_IN_TITLE = 12;
/** Running text is small enough that a longer term ("twelve-and-a-half-hour") fits any line. */
const MAX_KEPT_IN_TEXT = 24;
const HYPHENATED = /[\p{L}\p{N}+]+(?:-[\p{L}\p{N}+]+)+/gu;
const ONE_CHARACTER = /^[\p{L}\p{N}]$/u;

type Rule = (term: string) => boolean;

const shortTerm: Rule = (term) => term.length <= MAX_KEPT_IN_TITLE;
const strandableTerm: Rule = (term) =>
  term.length <= MAX_KEPT_IN_TEXT && term.split("-").some((piece) => ONE_CHARACTER.test(piece));

/** The text cut into pieces, the terms to keep at odd places. */
function split(text: string, keep: Rule): string[] {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(HYPHENATED)) {
    if (!keep(match[0])) continue;
    parts.push(text.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

function render(text: string, keep: Rule): ReactNode {
  const parts = split(text, keep);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="keep-term">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A title or a name: every short hyphenated term stays on one line. */
export function keepTerms(text: string): ReactNode {
  return render(text, shortTerm);
}

/** Running text: terms with a one-character piece (e-mail, U-Boot, 4-receive) stay on one line. */
export function keepStrandableTerms(text: string): ReactNode {
  return render(text, strandableTerm);
}

/**
 * The same for HTML-escaped text (the sanitiser's text of a case study's description). A
 * kept term is letters, digits, '+' and hyphens only, so the span adds no markup from the text.
 */
export function keepStrandableTermsInHtml(escapedText: string): string {
  return split(escapedText, strandableTerm)
    .map((part, i) => (i % 2 === 1 ? `<span class="keep-term">${part}</span>` : part))
    .join("");
}
