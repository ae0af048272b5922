/**
 * Which hyphenated terms stay on one line (app/lib/keep-terms.tsx): in titles every short
 * one, in running text only those a break would leave with a stray letter or digit. The
 * text a reader, a screen reader or a search engine gets is the content's, unchanged.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms";

const markup = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);
const kept = (html: string) => [...html.matchAll(/<span class="keep-term">([^<]*)<\/span>/g)].map((m) => m[1]);

describe("titles (keepTerms)", () => {
  it("keep every hyphenated term of up to 12 characters, and break longer ones", () => {
    const html = markup(keepTerms("ASIL-B Ready 12-Layer Signal-Integrity-Driven Boards"));
    expect(kept(html)).toEqual(["ASIL-B", "12-Layer"]);
    expect(html.replace(/<[^>]+>/g, "")).toBe("ASIL-B Ready 12-Layer Signal-Integrity-Driven Boards");
  });
});

describe("running text (keepStrandableTerms)", () => {
  it("keeps terms with a piece of one letter or digit: e-mail, U-Boot, 4-receive, 1-15, JESD79-5", () => {
    const text = "Ask by e-mail for the U-Boot port, the 4-receive array, 1-15 years and JESD79-5.";
    expect(kept(markup(keepStrandableTerms(text)))).toEqual(["e-mail", "U-Boot", "4-receive", "1-15", "JESD79-5"]);
  });

  it("lets other compounds break at their hyphen (bring-up, trade-offs, on-die)", () => {
    const text = "The bring-up showed the trade-offs of on-die termination.";
    expect(markup(keepStrandableTerms(text))).toBe(text);
  });

  it("keeps a term of up to 24 characters, and leaves a longer one to break", () => {
    const html = markup(keepStrandableTerms("a twelve-and-a-half-hour run, a very-long-compound-with-a-letter-in-it"));
    expect(kept(html)).toEqual(["twelve-and-a-half-hour"]);
  });

  it("changes no character of the text", () => {
    const text = "Write by e-mail: a 3-transmit, 4-receive MIMO array (LTE-M, X-states) & more.";
    expect(markup(keepStrandableTerms(text)).replace(/<[^>]+>/g, "")).toBe(text.replace("&", "&amp;"));
  });
});
