/**
 * Which terms stay on one line (app/lib/keep-terms.tsx): everywhere a number with its unit;
 * in titles every short hyphenated term, and longer compounds as a whole where a line can
 * hold them; in running text only the terms a break would leave with a stray letter or
 * digit. The text a reader, a screen reader or a search engine gets is the content's,
 * unchanged. Units tried: °C with a minus sign, ms, MHz, GHz, mA after a range, nm, Ah,
 * Gb/s, µA/MHz; numbers before words that are not units are left alone.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { keepStrandableTerms, keepTerms } from "~/lib/keep-terms";

const markup = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);
const kept = (html: string, className = "keep-term") =>
  [...html.matchAll(new RegExp(`<span class="${className}">([^<]*)</span>`, "g"))].map((m) => m[1]);

describe("titles (keepTerms)", () => {
  it("keep every hyphenated term of up to 12 characters on one line, and move longer ones whole", () => {
    const html = markup(keepTerms("ASIL-B Ready 12-Layer Signal-Integrity-Driven Boards"));
    expect(kept(html)).toEqual(["ASIL-B", "12-Layer"]);
    expect(kept(html, "keep-compound")).toEqual(["Signal-Integrity-Driven"]);
    expect(html.replace(/<[^>]+>/g, "")).toBe("ASIL-B Ready 12-Layer Signal-Integrity-Driven Boards");
  });

  it("keep a number with its unit", () => {
    const html = markup(keepTerms("Boot in 6.2 ms at 170 MHz from −40 °C"));
    expect(kept(html)).toEqual(["6.2 ms", "170 MHz", "−40 °C"]);
  });
});

describe("running text (keepStrandableTerms)", () => {
  it("keeps terms with a piece of one letter or digit: e-mail, U-Boot, 4-receive, JESD79-5", () => {
    const text = "Ask by e-mail for the U-Boot port, the 4-receive array and JESD79-5.";
    expect(kept(markup(keepStrandableTerms(text)))).toEqual(["e-mail", "U-Boot", "4-receive", "JESD79-5"]);
  });

  it("keeps a range with an en dash whole (1–15 years, 2.5–3.3), but not digits in a longer word", () => {
    const text = "Openings for 1–15 years, rails of 2.5–3.3 and revision A1–B2.";
    expect(kept(markup(keepStrandableTerms(text)))).toEqual(["1–15", "2.5–3.3"]);
  });

  it("lets other compounds break at their hyphen (bring-up, trade-offs, on-die)", () => {
    const text = "The bring-up showed the trade-offs of on-die termination.";
    expect(markup(keepStrandableTerms(text))).toBe(text);
  });

  it("keeps a term of up to 24 characters, and leaves a longer one to break", () => {
    const html = markup(keepStrandableTerms("a twelve-and-a-half-hour run, a very-long-compound-with-a-letter-in-it"));
    expect(kept(html)).toEqual(["twelve-and-a-half-hour"]);
  });

  it("keeps every number with its unit, and leaves numbers before other words alone", () => {
    const text =
      "A 4–20 mA loop, a 5 nm die at 12.9 GHz, a 40 Ah pack, 25 Gb/s lanes and 1.1 µA/MHz; 50 projects in 7 countries.";
    expect(kept(markup(keepStrandableTerms(text)))).toEqual([
      "4–20 mA",
      "5 nm",
      "12.9 GHz",
      "40 Ah",
      "25 Gb/s",
      "1.1 µA/MHz",
    ]);
  });

  it("does not take a unit out of a longer word or a number out of a longer one (5 mice, v2 5 V)", () => {
    expect(kept(markup(keepStrandableTerms("5 mice, 3 Amps, 2 seconds")))).toEqual([]);
    expect(kept(markup(keepStrandableTerms("rev 2.5 V rail")))).toEqual(["2.5 V"]);
  });

  it("changes no character of the text", () => {
    const text = "Write by e-mail: a 3-transmit, 4-receive MIMO array (LTE-M, X-states) & more.";
    expect(markup(keepStrandableTerms(text)).replace(/<[^>]+>/g, "")).toBe(text.replace("&", "&amp;"));
  });
});
