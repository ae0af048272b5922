/**
 * Partner wordmarks (samples for invented companies): a simple geometric mark and the
 * name, in greys and indigo so the row reads as a calm partner strip. 240×96 each.
 * Names come from the files of app/content/partners/ (each logo's file from its src),
 * otherwise from the list below.
 */
import { join } from "node:path";
import { readRawContent } from "../build/content-files.ts";
import { at, C, circle, g, path, range, rect, s, svg, text, textWidth } from "./core.ts";

export const DEFAULT_PARTNERS = [
  "Northgate Silicon",
  "Kestrel Microsystems",
  "Vantara Devices",
  "Lumen Logic Labs",
  "Orbisense",
  "Tessaract Semiconductor",
  "Halcyon Embedded",
  "Quantiva Systems",
  "Rivermark Electronics",
  "Solstice Microwave",
  "Aurelian Photonics",
  "Peregrine Mobility",
  "Cobalt Edge AI",
  "Meridian Power ICs",
  "Zephyr Avionics",
  "Indus Automation",
  "Arcwave Networks",
  "Tidal Compute",
];

const GREY = "#5d5a73";
const GREY_LIGHT = "#9a97ad";
const TONES = [
  [C.i700, C.i500],
  [GREY, GREY_LIGHT],
  [C.i800, C.lav],
  [GREY, C.i500],
] as const;

/** Twelve simple marks in a 40×40 box: a, b are the two tones. */
const MARKS: ((a: string, b: string) => string)[] = [
  (a, b) => circle(20, 20, 18, a) + circle(20, 20, 8, b),
  (a, b) => rect(2, 2, 36, 36, a, 9) + rect(12, 12, 16, 16, b, 3),
  (a, b) => path("M20 2L38 36H2Z", a) + path("M20 16L28 32H12Z", b),
  (a, b) => path("M20 2L37 11V29L20 38L3 29V11Z", a) + circle(20, 20, 7, b),
  (a, b) => circle(14, 20, 12, a) + circle(27, 20, 12, b, 'opacity=".85"'),
  (a, b) => rect(2, 4, 10, 32, a, 5) + rect(15, 10, 10, 26, b, 5) + rect(28, 16, 10, 20, a, 5),
  (a, b) =>
    path("M2 30Q20 -6 38 30", "none", s`stroke="${a}" stroke-width="7" stroke-linecap="round"`) + circle(20, 30, 6, b),
  (a, b) => path("M20 2L38 20L20 38L2 20Z", a) + path("M20 12L28 20L20 28L12 20Z", b),
  (a, b) =>
    path("M4 12h32M4 20h24M4 28h32", "none", s`stroke="${a}" stroke-width="6" stroke-linecap="round"`) +
    circle(34, 20, 4, b),
  (a, b) => circle(20, 20, 17, "none", s`stroke="${a}" stroke-width="6"`) + path("M20 3A17 17 0 0 1 37 20H20Z", b),
  (a, b) =>
    path("M3 36L20 4L37 36", "none", s`stroke="${a}" stroke-width="7" stroke-linejoin="round" stroke-linecap="round"`) +
    path("M12 26h16", "none", s`stroke="${b}" stroke-width="6" stroke-linecap="round"`),
  (a, b) =>
    path("M2 26c8-14 14-14 18 0s10 14 18 0", "none", s`stroke="${a}" stroke-width="7" stroke-linecap="round"`) +
    circle(20, 11, 5, b),
];

/** Split a name into the main word(s) and a smaller descriptor (the last word when it is generic). */
function splitName(name: string): [string, string] {
  const words = name.split(" ");
  const generic =
    /^(silicon|microsystems|devices|labs|semiconductors?|embedded|systems|electronics|microelectronics|microwave|photonics|mobility|ai|ics|avionics|automation|networks|compute|logic|edge|power|technologies|circuits|instruments|solutions)$/i;
  let k = words.length;
  while (k > 1 && generic.test(at(words, k - 1))) k--;
  // any other two-or-more-word name: the last word becomes the descriptor
  if (k === words.length && words.length > 1) k = words.length - 1;
  if (k === words.length) return [name, ""];
  return [words.slice(0, k).join(" "), words.slice(k).join(" ")];
}

/** Drawn narrower than this (in CSS pixels), a mark leaves out its descriptor. */
const COMPACT_WIDTH = 140;

export function partnerSvg(name: string, i: number): string {
  // 12 marks and 4 tone pairs: shift the tones on the second pass so no two logos match
  const [a, b] = at(TONES, i + Math.floor(i / MARKS.length));
  const mark = at(MARKS, (i * 5) % MARKS.length);
  const [main, sub] = splitName(name);
  const x = 68;
  const maxW = 240 - x - 14;
  const mainSize = Math.min(24, (24 * maxW) / textWidth(main, 24, 700, -0.2));
  const body = sub
    ? // Drawn small (a phone's three columns), the descriptor would be a few pixels high and
      // unreadable: the mark then shows its name alone, centred as a one-word name is.
      `<style>@media (max-width: ${COMPACT_WIDTH}px) { .descriptor { display: none } .name { transform: translateY(7px) } }</style>` +
      g(text(x, 50, main, { size: mainSize, weight: 700, fill: a, fit: maxW, ls: -0.2 }), 'class="name"') +
      g(
        text(x + 1, 68, sub.toUpperCase().replace(/\bICS\b/, "ICs"), {
          size: 10.5,
          weight: 600,
          fill: GREY_LIGHT,
          ls: 2,
          fit: maxW,
        }),
        'class="descriptor"',
      )
    : text(x, 57, main, { size: mainSize, weight: 700, fill: a, fit: maxW, ls: -0.2 });
  return svg(240, 96, g(mark(a, b), s`transform="translate(16 28)"`) + body);
}

/** Names from the files of app/content/partners/, with the file each logo uses. */
function partnerNames(): { name: string; file: string }[] {
  const fallback = DEFAULT_PARTNERS.map((name, i) => ({ name, file: `partner-${String(i + 1).padStart(2, "0")}.svg` }));
  let partners: { name?: unknown; logo?: { src?: unknown } }[];
  try {
    partners = Object.values(readRawContent(join(import.meta.dirname, "..", "..", "app", "content")).partners) as never;
  } catch {
    return fallback;
  }
  const out = partners.flatMap((p, i) => {
    if (typeof p.name !== "string") return [];
    const src = typeof p.logo?.src === "string" ? p.logo.src : "";
    const m = /\/images\/partners\/(partner-\d{2}\.svg)$/.exec(src);
    return [{ name: p.name, file: m?.[1] ?? `partner-${String(i + 1).padStart(2, "0")}.svg` }];
  });
  return out.length ? out : fallback;
}

export async function partnerFiles(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const names = partnerNames();
  // always make the 18 files the content table lists, even if the content names fewer
  for (const i of range(18)) {
    const file = `partner-${String(i + 1).padStart(2, "0")}.svg`;
    const entry = names.find((n) => n.file === file) ?? { name: at(DEFAULT_PARTNERS, i), file };
    out[`images/partners/${file}`] = partnerSvg(entry.name, i);
  }
  for (const n of names) {
    const idx = Number(/(\d{2})/.exec(n.file)?.[1] ?? 0) - 1;
    out[`images/partners/${n.file}`] = partnerSvg(n.name, idx);
  }
  return out;
}
