/**
 * Titles are full of short hyphenated terms (ASIL-B, DPI-C, LTE-M, 12-Layer). Browsers may
 * break a line after any hyphen, which leaves "ASIL-" at a line's end and "B" on the next.
 * This wraps such terms in a span that does not wrap. The text itself stays exactly the
 * content's, so headings, accessible names and search snippets read the same.
 */
import type { ReactNode } from "react";

/** Longer compounds ("Signal-Integrity-Driven") may still break at a hyphen, or a narrow screen would overflow. */
const MAX_KEPT_LENGTH = 12;
const HYPHENATED = /[\p{L}\p{N}+]+(?:-[\p{L}\p{N}+]+)+/gu;

export function keepTerms(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(HYPHENATED)) {
    const term = match[0];
    if (term.length > MAX_KEPT_LENGTH) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <span key={match.index} className="keep-term">
        {term}
      </span>,
    );
    last = match.index + term.length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(last));
  return parts;
}
