/**
 * Prose with each e-mail address in it made a link that writes to it, so a visitor on a
 * phone taps the address rather than copying it; the rest is running text
 * (keepStrandableTerms: "e-mail" stays on one line).
 */
import { Fragment } from "react";
import { keepStrandableTerms } from "~/lib/keep-terms.tsx";

/** One address; the capture group keeps the addresses in `split`'s result, at odd places. */
const ADDRESS = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

export function WithEmailLinks({ text }: { text: string }) {
  return (
    <>
      {text.split(ADDRESS).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{keepStrandableTerms(part)}</Fragment>
        ),
      )}
    </>
  );
}
