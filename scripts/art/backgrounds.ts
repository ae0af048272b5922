/**
 * Decorative dark backgrounds that sit behind white text: the home hero (a die shot
 * with circuit traces) and the page banners. Everything is low contrast, brightest on
 * the right, and a gradient keeps the left side (where the headings go) dark.
 * Kept small on purpose: the hero is part of the first paint.
 */
import { at, C, circle, path, type Rng, range, rect, rng, s, stroke, svg } from "./core.ts";
import { split } from "./tech.ts";

/** Circuit traces: orthogonal runs with one 45° jog, each ending in a via. */
function traces(
  r: Rng,
  n: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  grid = 20,
): { d: string; vias: string } {
  let d = "";
  let vias = "";
  const snap = (v: number) => Math.round(v / grid) * grid;
  for (let i = 0; i < n; i++) {
    const y = snap(r.range(y0, y1));
    const xa = snap(r.range(x0, x1 - 200));
    const len = snap(r.range(120, 420));
    const jog = (r.chance(0.5) ? 1 : -1) * snap(r.range(20, 80));
    const k = snap(r.range(0.3, 0.6) * len);
    const xb = Math.min(xa + len, x1);
    d += s`M${xa} ${y}H${xa + k}l${Math.abs(jog)} ${jog}H${xb}`;
    vias += s`M${xb} ${y + jog}m-4 0a4 4 0 1 0 8 0a4 4 0 1 0 -8 0`;
  }
  return { d, vias };
}

/** The left-to-right shade that keeps the text side dark. */
function shade(id: string, W: number, H: number, stop: number, strength = 0.92): { defs: string; body: string } {
  return {
    defs: s`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${C.ink}" stop-opacity="${strength}"/><stop offset="${stop}" stop-color="${C.ink}" stop-opacity="0"/></linearGradient>`,
    body: rect(0, 0, W, H, `url(#${id})`),
  };
}

const baseDefs = () =>
  s`<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.ink}"/><stop offset="1" stop-color="${C.i900}"/></linearGradient><radialGradient id="gl"><stop offset="0" stop-color="${C.i500}" stop-opacity=".35"/><stop offset="1" stop-color="${C.i500}" stop-opacity="0"/></radialGradient><pattern id="rw" width="10" height="6" patternUnits="userSpaceOnUse"><path d="M0 3H10" stroke="${C.i700}" stroke-width="1.4"/></pattern><pattern id="sr" width="8" height="8" patternUnits="userSpaceOnUse"><rect x="1" y="1" width="6" height="6" rx="1" fill="${C.i700}"/></pattern>`;

export function hero(): string {
  const W = 1600;
  const H = 1000;
  const r = rng("hero");
  const dx = 920;
  const dy = 170;
  const dw = 600;
  const dh = 660;
  const blocks = split({ x: dx + 36, y: dy + 36, w: dw - 72, h: dh - 72 }, r, 4, 12, 120);
  const pads =
    range(Math.floor((dw - 60) / 24))
      .map((i) => s`M${dx + 30 + i * 24} ${dy + 12}h10v10h-10zM${dx + 30 + i * 24} ${dy + dh - 22}h10v10h-10z`)
      .join("") +
    range(Math.floor((dh - 60) / 24))
      .map((i) => s`M${dx + 12} ${dy + 30 + i * 24}h10v10h-10zM${dx + dw - 22} ${dy + 30 + i * 24}h10v10h-10z`)
      .join("");
  const faint = traces(r, 34, 0, W, 20, H - 20);
  const out = traces(r, 10, dx + dw, W + 200, dy + 40, dy + dh - 40);
  const accent = traces(r, 3, 520, dx, dy + 60, dy + dh - 60);
  const sh = shade("sh", W, H, 0.62);
  const fills = ["url(#rw)", "url(#sr)", "url(#rw)", C.i800];
  return svg(
    W,
    H,
    [
      rect(0, 0, W, H, "url(#bg)"),
      s`<ellipse cx="1220" cy="500" rx="620" ry="560" fill="url(#gl)"/>`,
      stroke(faint.d, C.i800, 2),
      path(faint.vias, C.i800),
      rect(
        dx - 30,
        dy - 30,
        dw + 60,
        dh + 60,
        "none",
        0,
        s`stroke="${C.i800}" stroke-width="2" stroke-dasharray="4 10"`,
      ),
      rect(dx, dy, dw, dh, C.ink, 16, s`stroke="${C.i700}" stroke-width="2"`),
      path(pads, C.i700),
      ...blocks.map(
        (b, i) =>
          rect(b.x, b.y, b.w, b.h, C.i900, 6, s`stroke="${C.i700}" stroke-width="1.5"`) +
          (i % 4 !== 3 ? rect(b.x + 6, b.y + 6, b.w - 12, b.h - 12, at(fills, i), 4, 'opacity=".8"') : ""),
      ),
      (() => {
        const b = at(blocks, r.int(0, blocks.length - 1));
        return rect(b.x, b.y, b.w, b.h, "none", 6, s`stroke="${C.mint}" stroke-width="2" opacity=".7"`);
      })(),
      stroke(out.d, C.i700, 2.5),
      path(out.vias, C.i700),
      stroke(accent.d, C.mint, 2.5, 'opacity=".55"'),
      path(accent.vias, C.mint, 'opacity=".7"'),
      stroke(s`M${dx + dw} ${dy + 300}H${dx + dw + 120}l40 40H${W}`, C.copper, 2.5, 'opacity=".5"'),
      sh.body,
    ].join(""),
    baseDefs() + sh.defs,
  );
}

type Motif = (r: Rng, W: number, H: number) => string;

const ring = (cx: number, cy: number, rr: number, color: string, w: number, extra = "") =>
  circle(cx, cy, rr, "none", s`stroke="${color}" stroke-width="${w}"${extra ? ` ${extra}` : ""}`);

const MOTIFS: Record<string, Motif> = {
  // a strip of die floorplan on the right
  about: (r, _W, _H) => {
    const blocks = split({ x: 1000, y: 40, w: 560, h: 320 }, r, 4, 10, 80);
    return (
      rect(980, 20, 600, 360, C.ink, 14, s`stroke="${C.i700}" stroke-width="2"`) +
      blocks
        .map((b, i) =>
          rect(b.x, b.y, b.w, b.h, i % 3 ? "url(#rw)" : "url(#sr)", 5, s`stroke="${C.i700}" stroke-width="1.2"`),
        )
        .join("")
    );
  },
  careers: (r) => {
    const t = traces(r, 16, 700, 1700, 30, 370);
    return stroke(t.d, C.i700, 2.5) + path(t.vias, C.mint, 'opacity=".5"');
  },
  "case-studies": () =>
    range(6)
      .map((i) => ring(1320, 200, 80 + i * 70, C.i700, 2, s`opacity="${1 - i * 0.12}"`))
      .join("") + circle(1320, 200, 60, C.i800),
  contact: () =>
    range(7)
      .map((i) =>
        path(
          s`M${1300 - (60 + i * 60)} 400A${60 + i * 60} ${60 + i * 60} 0 0 1 ${1300 + 60 + i * 60} 400`,
          "none",
          s`stroke="${i === 2 ? C.mint : C.i700}" stroke-width="2.5" opacity="${i === 2 ? 0.5 : 0.9 - i * 0.08}"`,
        ),
      )
      .join("") + circle(1300, 400, 26, C.i700),
  services: (r) => {
    const cells = range(9 * 4)
      .map((i) => s`M${1060 + (i % 9) * 60} ${50 + Math.floor(i / 9) * 80}h40v40h-40z`)
      .join("");
    const lit = range(5)
      .map(() => s`M${1060 + r.int(0, 8) * 60} ${50 + r.int(0, 3) * 80}h40v40h-40z`)
      .join("");
    return (
      stroke(
        range(10)
          .map((i) => s`M${1050 + i * 60} 20V380`)
          .join("") +
          range(5)
            .map((i) => s`M1040 ${30 + i * 80}H1600`)
            .join(""),
        C.i800,
        2,
      ) +
      path(cells, C.i800) +
      path(lit, C.i500, 'opacity=".8"')
    );
  },
  life: (r) =>
    range(14)
      .map(() =>
        circle(
          r.range(800, 1580),
          r.range(30, 370),
          r.range(14, 70),
          r.pick([C.i800, C.i700, C.i800]),
          s`opacity="${r.range(0.5, 0.9).toFixed(1)}"`,
        ),
      )
      .join("") + circle(1380, 120, 18, C.mint, 'opacity=".4"'),
  testimonials: () =>
    range(6)
      .map((i) =>
        path(
          s`M700 ${200 + i * 8}C900 ${60 + i * 30} 1100 ${340 - i * 20} 1300 ${200 - i * 6}S1500 ${80 + i * 22} 1620 ${200 + i * 4}`,
          "none",
          s`stroke="${i === 3 ? C.mint : C.i700}" stroke-width="2.5" opacity="${i === 3 ? 0.45 : 0.8}"`,
        ),
      )
      .join(""),
  "press-media": () =>
    range(5)
      .map((i) => ring(1380, 200, 40 + i * 56, C.i700, 2.5))
      .join("") +
    stroke("M1380 200L1580 60M1380 200L1600 300", C.i700, 2) +
    circle(1380, 200, 20, C.mint, 'opacity=".45"'),
  jobs: (r) =>
    range(10)
      .map((i) => {
        const x = 860 + (i % 5) * 150;
        const y = 60 + Math.floor(i / 5) * 170;
        const pins = range(4)
          .map(
            (k) =>
              s`M${x + 18 + k * 22} ${y - 12}v12M${x + 18 + k * 22} ${y + 100}v12M${x - 12} ${y + 18 + k * 22}h12M${x + 100} ${y + 18 + k * 22}h12`,
          )
          .join("");
        return stroke(pins, C.i700, 6) + rect(x, y, 100, 100, i === r.int(0, 9) ? C.i700 : C.i800, 14);
      })
      .join(""),
  privacy: () => {
    let d = "";
    for (let i = 0; i < 10; i++)
      for (let j = 0; j < 5; j++) {
        const cx = 900 + i * 76 + (j % 2) * 38;
        const cy = 30 + j * 66;
        d += s`M${cx} ${cy - 40}l34 20v40l-34 20l-34 -20v-40z`;
      }
    return (
      stroke(d, C.i800, 2.5) +
      path("M1300 160a40 40 0 0 1 80 0v30h-80z", "none", s`stroke="${C.i700}" stroke-width="8"`) +
      rect(1284, 190, 112, 90, C.i700, 14)
    );
  },
};

export const BANNER_PAGES = Object.keys(MOTIFS);

export function banner(page: string): string {
  const W = 1600;
  const H = 400;
  const r = rng(`banner:${page}`);
  const motif = MOTIFS[page];
  if (!motif) throw new Error(`no banner motif for ${page}`);
  const faint = traces(r, 10, 0, W, 20, H - 20);
  const sh = shade("sh", W, H, 0.6);
  return svg(
    W,
    H,
    [
      rect(0, 0, W, H, "url(#bg)"),
      s`<ellipse cx="1250" cy="200" rx="560" ry="320" fill="url(#gl)"/>`,
      stroke(faint.d, C.i800, 2, 'opacity=".8"'),
      motif(r, W, H),
      sh.body,
    ].join(""),
    baseDefs() + sh.defs,
  );
}

export function backgroundFiles(): Record<string, string> {
  const out: Record<string, string> = { "images/hero/die-pattern.svg": hero() };
  for (const p of BANNER_PAGES) out[`images/banners/${p}.svg`] = banner(p);
  return out;
}
