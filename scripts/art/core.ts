/**
 * Shared pieces for the art generator: the brand palette, a seeded random generator,
 * a template tag that rounds numbers, the SVG wrapper and a few drawing primitives
 * (people, chips, clouds, charts) used by more than one set of images.
 */

export const C = {
  ink: "#110d2b",
  i900: "#1b1450",
  i800: "#251b6e",
  i700: "#33279a",
  i500: "#5b4ce0",
  lav: "#c9c3ff",
  mist: "#eeecff",
  mint: "#35d6c0",
  copper: "#e0a458",
  white: "#ffffff",
} as const;

export const FONT = "system-ui, sans-serif";

/** A number with at most one decimal place, never "-0". */
export function num(n: number): string {
  const v = Math.round(n * 10) / 10;
  return Object.is(v, -0) || v === 0 ? "0" : String(v);
}

/** Template tag: numbers are rounded, arrays are joined, null/false/undefined vanish. */
export function s(strs: TemplateStringsArray, ...vals: unknown[]): string {
  let out = strs[0] ?? "";
  vals.forEach((v, i) => {
    let part: string;
    // scale factors keep four decimals; coordinates are rounded to one
    if (typeof v === "number") part = /scale\([^)]*$/.test(out) ? String(Math.round(v * 1e4) / 1e4) : num(v);
    else if (Array.isArray(v)) part = v.join("");
    else if (v == null || v === false) part = "";
    else part = String(v);
    out += part + (strs[i + 1] ?? "");
  });
  return out;
}

/** A standalone SVG document. */
export function svg(w: number, h: number, body: string, defs = ""): string {
  const d = defs ? `<defs>${defs}</defs>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${d}${body}</svg>\n`;
}

/** A scene drawn about the middle of its picture: X(d) and Y(d) are offsets from the centre. */
export type Scene = (X: (d: number) => number, Y: (d: number) => number, r: Rng) => string;

/** One scene at W×H design units over `background`, from a generator seeded with `seed`. */
export function drawScene(
  seed: string,
  scene: Scene,
  W: number,
  H: number,
  background: (W: number, H: number, r: Rng) => string,
): string {
  const r = rng(seed);
  return (
    background(W, H, r) +
    scene(
      (d) => W / 2 + d,
      (d) => H / 2 + d,
      r,
    )
  );
}

/** Numbered W×H pictures, images/<set>/<set>-01.svg and on, each seeded with its own name. */
export function numberedFiles(
  set: string,
  scenes: ((r: Rng) => string | string[])[],
  W: number,
  H: number,
): Record<string, string> {
  const out: Record<string, string> = {};
  scenes.forEach((scene, i) => {
    const n = String(i + 1).padStart(2, "0");
    const body = scene(rng(`${set}-${n}`));
    out[`images/${set}/${set}-${n}.svg`] = svg(W, H, Array.isArray(body) ? body.join("") : body);
  });
  return out;
}

export interface Rng {
  next(): number;
  range(lo: number, hi: number): number;
  int(lo: number, hi: number): number;
  pick<T>(arr: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32 seeded with the FNV-1a hash of a string: same seed, same sequence. */
export function rng(seed: string): Rng {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  let a = h >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: (arr) => at(arr, Math.floor(next() * arr.length)),
    chance: (p) => next() < p,
  };
}

/** arr[i] that throws instead of returning undefined. */
export function at<T>(arr: readonly T[], i: number): T {
  const v = arr[((i % arr.length) + arr.length) % arr.length];
  if (v === undefined) throw new Error("empty array");
  return v;
}

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function esc(t: string): string {
  return t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export interface TextOpts {
  size?: number;
  weight?: number;
  fill?: string;
  anchor?: "start" | "middle" | "end";
  ls?: number;
  opacity?: number;
  /**
   * Widest the text may be. The size shrinks until the estimated width fits, and the
   * width is pinned with textLength so the layout holds whatever system font draws it.
   */
  fit?: number;
}

// Advance widths in hundredths of an em of the widest common system sans (DejaVu Sans),
// regular and bold, for the characters below; used to size text so it fits its box.
const GLYPHS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,-!·&'/";
const W400 = [
  32, 71, 69, 70, 77, 63, 58, 78, 75, 30, 30, 66, 56, 86, 75, 79, 60, 79, 70, 64, 59, 73, 68, 99, 69, 61, 69, 61, 64,
  55, 64, 62, 35, 64, 63, 28, 28, 58, 28, 97, 63, 61, 64, 64, 39, 52, 39, 63, 59, 82, 59, 59, 53, 64, 64, 64, 64, 64,
  64, 64, 64, 64, 64, 32, 32, 36, 40, 32, 78, 28, 34,
];
const W700 = [
  35, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 78, 64, 100, 84, 85, 73, 85, 77, 68, 70, 81, 77, 110, 77, 72, 73, 67, 72,
  59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 70, 70, 70, 70, 70,
  70, 70, 70, 70, 70, 38, 38, 42, 46, 38, 87, 31, 37,
];

/** Estimated rendered width of a string. */
export function textWidth(str: string, size: number, weight = 400, ls = 0): number {
  const table = weight >= 600 ? W700 : W400;
  let em = 0;
  for (const ch of str) {
    const i = GLYPHS.indexOf(ch);
    em += (i >= 0 ? (table[i] ?? 65) : 65) / 100;
  }
  return em * size + ls * str.length;
}

export function text(x: number, y: number, str: string, o: TextOpts = {}): string {
  let size = o.size ?? 16;
  const weight = o.weight ?? 400;
  const ls = o.ls ?? 0;
  let pin = 0;
  if (o.fit) {
    while (textWidth(str, size, weight, ls) > o.fit && size > 6) size -= 0.5;
    pin = textWidth(str, size, weight, ls) - ls; // the last letter's spacing is not drawn
  }
  return s`<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${o.weight ? s` font-weight="${o.weight}"` : ""} fill="${o.fill ?? C.white}"${o.anchor && o.anchor !== "start" ? ` text-anchor="${o.anchor}"` : ""}${ls ? s` letter-spacing="${ls}"` : ""}${o.opacity !== undefined ? s` opacity="${o.opacity}"` : ""}${pin ? s` textLength="${pin}" lengthAdjust="spacingAndGlyphs"` : ""}>${esc(str)}</text>`;
}

/** Points to a polyline "d" string. */
export function poly(pts: readonly (readonly [number, number])[], close = false): string {
  return pts.map(([x, y], i) => `${i ? "L" : "M"}${num(x)} ${num(y)}`).join("") + (close ? "Z" : "");
}

/** A smooth path through points (Catmull-Rom turned into cubic Béziers). */
export function smooth(pts: readonly (readonly [number, number])[]): string {
  if (pts.length < 2) return "";
  let d = `M${num(at(pts, 0)[0])} ${num(at(pts, 0)[1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? at(pts, i);
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = pts[i + 2] ?? p2;
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += s`C${c1x} ${c1y} ${c2x} ${c2y} ${p2[0]} ${p2[1]}`;
  }
  return d;
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  s`<rect x="${x}" y="${y}" width="${w}" height="${h}"${rx ? s` rx="${rx}"` : ""} fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  s`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w = 2, extra = "") =>
  s`<path d="M${x1} ${y1}L${x2} ${y2}" stroke="${stroke}" stroke-width="${w}" stroke-linecap="round"${extra ? ` ${extra}` : ""}/>`;

export const path = (d: string, fill: string, extra = "") =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;

export const stroke = (d: string, color: string, w = 2, extra = "") =>
  s`<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;

/** Group with an optional transform. */
export const g = (body: string | string[], attrs = "") =>
  `<g${attrs ? ` ${attrs}` : ""}>${Array.isArray(body) ? body.join("") : body}</g>`;

export const tr = (x: number, y: number, k = 1) =>
  k === 1 ? s`transform="translate(${x} ${y})"` : s`transform="translate(${x} ${y}) scale(${k})"`;

export function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1, x1 = 0, y1 = 0) {
  return s`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops.map(([o, c, op]) => s`<stop offset="${o}" stop-color="${c}"${op !== undefined ? s` stop-opacity="${op}"` : ""}/>`)}</linearGradient>`;
}

export function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5) {
  return s`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops.map(([o, c, op]) => s`<stop offset="${o}" stop-color="${c}"${op !== undefined ? s` stop-opacity="${op}"` : ""}/>`)}</radialGradient>`;
}

// ------------------------------------------------------------------- primitives

/** A packaged chip seen from above: body, pins on four sides, optional die window. */
export function chip(
  cx: number,
  cy: number,
  size: number,
  o: { body?: string; pin?: string; pins?: number; die?: string; rx?: number; pinLen?: number } = {},
): string {
  const n = o.pins ?? 5;
  const half = size / 2;
  const pinLen = o.pinLen ?? size * 0.12;
  const pw = (size * 0.6) / (n * 2 - 1);
  const pins: string[] = [];
  for (let i = 0; i < n; i++) {
    const off = -size * 0.3 + i * pw * 2;
    pins.push(
      rect(cx + off, cy - half - pinLen, pw, pinLen + 2, o.pin ?? C.lav, pw / 3),
      rect(cx + off, cy + half - 2, pw, pinLen + 2, o.pin ?? C.lav, pw / 3),
      rect(cx - half - pinLen, cy + off, pinLen + 2, pw, o.pin ?? C.lav, pw / 3),
      rect(cx + half - 2, cy + off, pinLen + 2, pw, o.pin ?? C.lav, pw / 3),
    );
  }
  const body = rect(cx - half, cy - half, size, size, o.body ?? C.i700, o.rx ?? size * 0.1);
  const die = o.die ? rect(cx - size * 0.28, cy - size * 0.28, size * 0.56, size * 0.56, o.die, size * 0.05) : "";
  return pins.join("") + body + die;
}

/** A soft cloud made of overlapping circles on a flat base. */
export function cloud(cx: number, cy: number, w: number, fill: string): string {
  const h = w * 0.42;
  return g([
    rect(cx - w / 2, cy, w, h * 0.55, fill, h * 0.27),
    circle(cx - w * 0.2, cy + h * 0.05, h * 0.42, fill),
    circle(cx + w * 0.08, cy - h * 0.12, h * 0.6, fill),
    circle(cx + w * 0.32, cy + h * 0.12, h * 0.36, fill),
  ]);
}

export const SKIN = ["#8d5a3b", "#b57a52", "#d49a6a", "#6b4128", "#c58b5e"] as const;
export const HAIR = [C.ink, "#2a1c12", C.ink, "#3b2a20"] as const;

export interface PersonOpts {
  shirt: string;
  skin?: string;
  hair?: string;
  /** long hair, bun, short (default) or none (cap). */
  style?: "short" | "long" | "bun" | "none";
  /** arms: down, one raised (celebrate/point), both raised, forward (typing). */
  arms?: "down" | "raise" | "both" | "forward" | "point" | "hold" | "clap";
  /** draw legs (standing) or hide them (seated behind a table). */
  legs?: string | false;
  flip?: boolean;
  scale?: number;
}

/**
 * A friendly rounded figure. (x, y) is the point between the feet when standing;
 * when legs are false it is the bottom of the torso. Body height about 190 at scale 1.
 */
/**
 * A person drawer whose shirt, skin, hair, hair style and legs are picked (in that order)
 * from the given lists by the scene's generator; options given per person win.
 */
export function seededFolk(looks: {
  shirts: readonly string[];
  styles: readonly NonNullable<PersonOpts["style"]>[];
  legs: readonly string[];
  scale: number;
}) {
  return (r: Rng, x: number, y: number, o: Partial<PersonOpts> = {}): string =>
    person(x, y, {
      shirt: r.pick(looks.shirts),
      skin: r.pick(SKIN),
      hair: r.pick(HAIR),
      style: r.pick(looks.styles),
      legs: r.pick(looks.legs),
      scale: looks.scale,
      ...o,
    });
}

export function person(x: number, y: number, o: PersonOpts): string {
  const k = o.scale ?? 1;
  const skin = o.skin ?? at(SKIN, 0);
  const hair = o.hair ?? C.ink;
  const legH = o.legs ? 62 : 0;
  const parts: string[] = [];
  if (o.legs) {
    parts.push(rect(-19, -legH - 8, 16, legH + 8, o.legs, 8), rect(3, -legH - 8, 16, legH + 8, o.legs, 8));
  }
  const top = -legH - 104;
  const arm = (x1: number, y1: number, x2: number, y2: number) =>
    line(x1, y1, x2, y2, o.shirt, 15) + circle(x2, y2, 7.5, skin);
  // arms behind the torso first
  const sh = top + 24;
  const a = o.arms ?? "down";
  if (a === "down") parts.push(arm(-26, sh, -34, sh + 70), arm(26, sh, 34, sh + 70));
  if (a === "raise") parts.push(arm(-26, sh, -34, sh + 70), arm(26, sh, 52, sh - 56));
  if (a === "both") parts.push(arm(-26, sh, -52, sh - 56), arm(26, sh, 52, sh - 56));
  if (a === "point") parts.push(arm(-26, sh, -34, sh + 70), arm(26, sh, 86, sh - 16));
  if (a === "forward") parts.push(arm(-24, sh, -40, sh + 52), arm(24, sh, 40, sh + 52));
  if (a === "hold") parts.push(arm(-26, sh, -18, sh + 46), arm(26, sh, 18, sh + 46));
  parts.push(rect(-30, top, 60, 104, o.shirt, 26));
  // clapping hands meet in front of the chest
  if (a === "clap") parts.push(arm(-22, sh + 4, -6, sh + 40), arm(22, sh + 4, 6, sh + 34));
  // neck + head
  const hy = top - 26;
  parts.push(rect(-7, top - 8, 14, 12, skin, 4), circle(0, hy, 22, skin));
  const st = o.style ?? "short";
  if (st !== "none") {
    parts.push(
      path(s`M-23 ${hy + 2}A23 23 0 0 1 23 ${hy + 2}Q14 ${hy - 10} -6 ${hy - 9}Q-18 ${hy - 6} -23 ${hy + 2}Z`, hair),
    );
    if (st === "long") parts.push(path(s`M-23 ${hy}Q-28 ${hy + 30} -18 ${hy + 40}L-12 ${hy + 10}Z`, hair));
    if (st === "bun") parts.push(circle(-10, hy - 24, 9, hair));
  }
  const t = o.flip
    ? s`translate(${x} ${y}) scale(${-k} ${k})`
    : k === 1
      ? s`translate(${x} ${y})`
      : s`translate(${x} ${y}) scale(${k})`;
  return g(parts, `transform="${t}"`);
}

/** Sample a function into a smooth path. */
export function wave(
  x0: number,
  x1: number,
  steps: number,
  f: (t: number) => number,
  x = (t: number) => x0 + (x1 - x0) * t,
): string {
  const pts: [number, number][] = range(steps + 1).map((i) => [x(i / steps), f(i / steps)]);
  return smooth(pts);
}

/** A rounded window with a title bar of three dots. */
export function windowFrame(
  x: number,
  y: number,
  w: number,
  h: number,
  body: string,
  bar: string,
  dots: string[],
): string {
  return g([
    rect(x, y, w, h, body, 14),
    s`<path d="M${x} ${y + 14}a14 14 0 0 1 14 -14h${w - 28}a14 14 0 0 1 14 14v18h${-w}Z" fill="${bar}"/>`,
    ...dots.map((c, i) => circle(x + 20 + i * 16, y + 16, 5, c)),
  ]);
}

/** Horizontal "text" bars, as in a code or document window. */
export function textLines(
  x: number,
  y: number,
  r: Rng,
  n: number,
  maxW: number,
  gap: number,
  fills: string[],
  h = 8,
): string {
  const out: string[] = [];
  let indent = 0;
  for (let i = 0; i < n; i++) {
    if (r.chance(0.25)) indent = Math.min(indent + 1, 3);
    else if (r.chance(0.3)) indent = Math.max(indent - 1, 0);
    const ix = x + indent * 22;
    const w1 = r.range(0.15, 0.35) * maxW;
    out.push(rect(ix, y + i * gap, w1, h, at(fills, 0), h / 2));
    if (r.chance(0.8)) {
      const w2 = r.range(0.12, 0.4) * maxW;
      out.push(
        rect(
          ix + w1 + 10,
          y + i * gap,
          Math.min(w2, maxW - (ix - x) - w1 - 10),
          h,
          at(fills, 1 + (i % (fills.length - 1))),
          h / 2,
        ),
      );
    }
  }
  return out.join("");
}
