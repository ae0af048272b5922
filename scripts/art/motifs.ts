/**
 * Composite motifs for the dark case-study scenes, built from the primitives in
 * tech.ts: floorplans, coverage rings, bar charts, pipelines, quadtree frames,
 * drones, data links, boards and a few devices drawn in line art.
 */
import { at, C, chip, circle, g, path, type Rng, range, rect, s, smooth, stroke, text } from "./core.ts";
import { arrow, block, board, box, dieFrame, label, route, split } from "./tech.ts";

export type Pt = [number, number];
export type { Scene } from "./core.ts";

const kinds = ["logic", "sram", "logic", "analog", "sram"] as const;
export const pickKind = (r: Rng) => r.pick(kinds);

/** A die with a floorplan of blocks; one block is highlighted. */
export function floorplan(x: number, y: number, w: number, h: number, r: Rng, names: string[], depth = 3): string {
  const die = dieFrame(x, y, w, h);
  const blocks = split(die.core, r, depth, 10);
  const hi = r.int(0, blocks.length - 1);
  return die.svg + blocks.map((b, i) => block(b, i === hi ? "hi" : pickKind(r), at(names, i))).join("");
}

export function coverageRing(cx: number, cy: number, R: number, frac: number, t: string): string {
  const a = frac * Math.PI * 2 - Math.PI / 2;
  return g([
    circle(cx, cy, R, "none", s`stroke="${C.i800}" stroke-width="20"`),
    stroke(
      s`M${cx} ${cy - R}A${R} ${R} 0 ${frac > 0.5 ? 1 : 0} 1 ${cx + R * Math.cos(a)} ${cy + R * Math.sin(a)}`,
      C.mint,
      20,
    ),
    text(cx, cy + 12, `${Math.round(frac * 100)}%`, { size: 40, weight: 700, anchor: "middle" }),
    label(cx, cy + R + 48, t, { anchor: "middle" }),
  ]);
}

/** Rounded-top bars; bar `hi` in copper. */
export function bars(
  x: number,
  y: number,
  w: number,
  h: number,
  values: number[],
  color: string = C.mint,
  hi = -1,
): string {
  const bw = w / values.length;
  let d = "";
  let dh = "";
  values.forEach((v, i) => {
    const bh = Math.max(4, v * h);
    const seg = s`M${x + i * bw + bw * 0.18} ${y + h}v${-bh + 4}a4 4 0 0 1 4 -4h${bw * 0.64 - 8}a4 4 0 0 1 4 4v${bh - 4}z`;
    if (i === hi) dh += seg;
    else d += seg;
  });
  return path(d, color, 'opacity=".85"') + (dh ? path(dh, C.copper) : "");
}

/** A spiral inductor, as on an RF die. */
export function spiral(cx: number, cy: number, R: number, turns: number): string {
  let d = s`M${cx - R} ${cy + R}`;
  let k = R;
  for (let i = 0; i < turns * 4 && k > 6; i++) {
    const side = i % 4;
    if (side === 0) d += s`V${cy - k}`;
    if (side === 1) d += s`H${cx + k}`;
    if (side === 2) d += s`V${cy + k}`;
    if (side === 3) {
      k -= 9;
      d += s`H${cx - k}`;
    }
  }
  return stroke(d, C.copper, 3.5, 'opacity=".85"');
}

/** A row of labelled boxes joined by arrows. */
export function pipeline(x: number, y: number, w: number, h: number, names: string[], hi: number, gap = 34): string {
  const bw = (w - gap * (names.length - 1)) / names.length;
  return names
    .map((n, i) => {
      const bx = x + i * (bw + gap);
      return (
        box(bx, y, bw, h, n, { hi: i === hi, size: 13 }) +
        (i < names.length - 1 ? arrow(bx + bw + 4, y + h / 2, bx + bw + gap - 4, y + h / 2, C.lav) : "")
      );
    })
    .join("");
}

/** Quadtree split of a square, as an HEVC encoder partitions coding-tree units. */
export function quad(
  x: number,
  y: number,
  sz: number,
  r: Rng,
  depth: number,
  out: string[],
  fills: string[],
  fillMax = 24,
): void {
  if (depth > 0 && r.chance(depth >= 3 ? 0.8 : 0.5)) {
    const h = sz / 2;
    for (const [dx, dy] of [
      [0, 0],
      [h, 0],
      [0, h],
      [h, h],
    ] as const)
      quad(x + dx, y + dy, h, r, depth - 1, out, fills, fillMax);
    return;
  }
  out.push(s`M${x} ${y}h${sz}v${sz}h${-sz}z`);
  if (sz <= fillMax && r.chance(0.3)) fills.push(s`M${x + 2} ${y + 2}h${sz - 4}v${sz - 4}h${-(sz - 4)}z`);
}

/** A video frame (a simple landscape) partitioned into coding-tree units. */
export function ctuFrame(
  fx: number,
  fy: number,
  cols: number,
  rows: number,
  ctu: number,
  r: Rng,
  id: string,
  hiFill: string = C.mint,
  depth = 3,
): string {
  const cells: string[] = [];
  const fills: string[] = [];
  for (let i = 0; i < cols; i++)
    for (let j = 0; j < rows; j++) quad(fx + i * ctu, fy + j * ctu, ctu, r, depth, cells, fills, ctu / 4);
  const fw = ctu * cols;
  const fh = ctu * rows;
  const hill = (base: number, amp: number, ph: number) =>
    smooth(range(13).map((i) => [fx + (fw * i) / 12, fy + base * fh + Math.sin(i * 0.7 + ph) * amp] as Pt)) +
    s`L${fx + fw} ${fy + fh}L${fx} ${fy + fh}Z`;
  const hiX = fx + r.int(1, cols - 2) * ctu;
  const hiY = fy + r.int(1, rows - 2) * ctu;
  return [
    s`<clipPath id="${id}"><rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" rx="12"/></clipPath>`,
    g(
      [
        rect(fx, fy, fw, fh, C.i800),
        circle(fx + fw * r.range(0.6, 0.85), fy + fh * 0.24, ctu * 0.44, C.lav, 'opacity=".35"'),
        path(hill(0.55, 30, r.range(0, 6)), C.i700),
        path(hill(0.73, 22, r.range(0, 6)), C.i500, 'opacity=".7"'),
        path(fills.join(""), hiFill, hiFill === C.mint ? 'opacity=".3"' : 'opacity=".75"'),
        stroke(cells.join(""), C.lav, 1.2, 'opacity=".45"'),
        s`<rect x="${hiX}" y="${hiY}" width="${ctu}" height="${ctu}" fill="none" stroke="${C.mint}" stroke-width="3"/>`,
      ],
      `clip-path="url(#${id})"`,
    ),
    s`<rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" rx="12" fill="none" stroke="${C.i500}" stroke-width="2"/>`,
  ].join("");
}

/** A multirotor seen from above: `n` arms, rotors with blurred discs. squash < 1 tilts it. */
export function drone(cx: number, cy: number, k: number, r: Rng, n = 4, squash = 1): string {
  const arm = 120 * k;
  const spin = r.range(0, 90);
  const ang = range(n).map((i) => (i / n) * Math.PI * 2 + Math.PI / n);
  const pts = ang.map((a) => [Math.cos(a) * arm, Math.sin(a) * arm] as Pt);
  const body = [
    stroke(pts.map(([x, y]) => s`M0 0L${x} ${y}`).join(""), C.i500, 16 * k),
    ...pts.map(
      ([x, y], i) =>
        circle(
          x,
          y,
          62 * k,
          C.lav,
          s`fill-opacity=".08" stroke="${C.lav}" stroke-opacity=".55" stroke-width="${2 * k}" stroke-dasharray="${6 * k} ${6 * k}"`,
        ) +
        s`<ellipse cx="${x}" cy="${y}" rx="${58 * k}" ry="${7 * k}" fill="${C.lav}" opacity=".8" transform="rotate(${spin + i * 40} ${x} ${y})"/>` +
        circle(x, y, 12 * k, C.i700, s`stroke="${C.lav}" stroke-width="${2 * k}"`),
    ),
    rect(-46 * k, -46 * k, 92 * k, 92 * k, C.i700, 22 * k, s`stroke="${C.lav}" stroke-width="${2 * k}"`),
    rect(-26 * k, -26 * k, 52 * k, 52 * k, C.i900, 8 * k),
    circle(0, -34 * k, 5 * k, C.mint),
  ];
  return g(
    body,
    squash === 1 ? s`transform="translate(${cx} ${cy})"` : s`transform="translate(${cx} ${cy}) scale(1 ${squash})"`,
  );
}

/** A dashed data link (one cubic curve) with packets riding on it. */
export function packets(p0: Pt, c1: Pt, c2: Pt, p3: Pt, n: number, r: Rng): string {
  const bez = (t: number, i: 0 | 1) =>
    (1 - t) ** 3 * p0[i] + 3 * (1 - t) ** 2 * t * c1[i] + 3 * (1 - t) * t * t * c2[i] + t ** 3 * p3[i];
  const dots = range(n).map((k) => {
    const t = (k + r.range(0.3, 0.7)) / n;
    return circle(bez(t, 0), bez(t, 1), 7, C.mint);
  });
  const a = Math.atan2(p3[1] - c2[1], p3[0] - c2[0]);
  const head = path(
    s`M${p3[0]} ${p3[1]}L${p3[0] - Math.cos(a - 0.45) * 14} ${p3[1] - Math.sin(a - 0.45) * 14}L${p3[0] - Math.cos(a + 0.45) * 14} ${p3[1] - Math.sin(a + 0.45) * 14}Z`,
    C.lav,
  );
  return (
    stroke(
      s`M${p0[0]} ${p0[1]}C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${p3[0]} ${p3[1]}`,
      C.lav,
      2.5,
      'stroke-dasharray="3 9" opacity=".8"',
    ) +
    head +
    dots.join("")
  );
}

/** A microcontroller board: PCB, MCU, header, a few parts and an LED. */
export function mcuBoard(x: number, y: number, w: number, h: number, r: Rng, chipLabel = "MCU"): string {
  const hdr: string[] = [];
  for (let i = 0; i < Math.floor((w - 80) / 18); i++) hdr.push(s`M${x + 40 + i * 18} ${y + h - 34}h10v10h-10z`);
  return [
    board(x, y, w, h),
    stroke(
      route([
        [x + w / 2, y + h / 2],
        [x + w - 60, y + 50],
      ]) +
        route([
          [x + w / 2 - 30, y + h / 2 + 40],
          [x + 70, y + h - 60],
        ]) +
        route([
          [x + w / 2 + 40, y + h / 2 + 30],
          [x + w - 50, y + h - 60],
        ]),
      C.lav,
      2,
      'opacity=".35"',
    ),
    chip(x + w / 2, y + h / 2 - 10, Math.min(w, h) * 0.34, { body: C.i700, die: C.i900, pins: 6 }),
    label(x + w / 2, y + h / 2 - 5, chipLabel, { anchor: "middle", size: 12 }),
    path(hdr.join(""), C.lav, 'opacity=".7"'),
    ...range(3).map((i) => rect(x + 40 + i * 30, y + 40, 18, 12, r.pick([C.i500, C.lav]), 3)),
    circle(x + w - 46, y + h / 2, 6, C.mint),
  ].join("");
}

/** Radio waves: arcs around (cx, cy) facing angle `dir` (radians), spread ±spread. */
export function waves(
  cx: number,
  cy: number,
  dir: number,
  radii: number[],
  spread = 0.6,
  color: string = C.mint,
  w = 3,
): string {
  return radii
    .map((R, i) => {
      const a0 = dir - spread;
      const a1 = dir + spread;
      return stroke(
        s`M${cx + Math.cos(a0) * R} ${cy + Math.sin(a0) * R}A${R} ${R} 0 0 1 ${cx + Math.cos(a1) * R} ${cy + Math.sin(a1) * R}`,
        color,
        w,
        s`opacity="${1 - (i / radii.length) * 0.6}"`,
      );
    })
    .join("");
}

/** A location pin with its tip at (x, y). */
export function pin(x: number, y: number, k = 1, fill: string = C.mint, hole: string = C.ink): string {
  return (
    path(
      s`M${x} ${y}c${-22 * k} ${-26 * k} ${-32 * k} ${-40 * k} ${-32 * k} ${-56 * k}a${32 * k} ${32 * k} 0 0 1 ${64 * k} 0c0 ${16 * k} ${-10 * k} ${30 * k} ${-32 * k} ${56 * k}z`,
      fill,
    ) + circle(x, y - 56 * k, 12 * k, hole)
  );
}

// segments a b c d e f g (top, top-right, bottom-right, bottom, bottom-left, top-left, middle)
const SEG = ["abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc", "abcdefg", "abcdfg"];

/** A seven-segment display showing the digits of `value`. */
export function digits(x: number, y: number, value: string, dw: number, dh: number, fill: string): string {
  let d = "";
  [...value].forEach((ch, i) => {
    const on = SEG[Number(ch)] ?? "";
    const dx = x + i * dw * 1.45;
    const t = dw * 0.2;
    const hw = dw - 2 * t;
    const vh = dh / 2 - 1.5 * t;
    const seg: Record<string, string> = {
      a: s`M${dx + t} ${y}h${hw}v${t}h${-hw}z`,
      g: s`M${dx + t} ${y + dh / 2 - t / 2}h${hw}v${t}h${-hw}z`,
      d: s`M${dx + t} ${y + dh - t}h${hw}v${t}h${-hw}z`,
      f: s`M${dx} ${y + t}h${t}v${vh}h${-t}z`,
      b: s`M${dx + dw - t} ${y + t}h${t}v${vh}h${-t}z`,
      e: s`M${dx} ${y + dh / 2 + t / 2}h${t}v${vh}h${-t}z`,
      c: s`M${dx + dw - t} ${y + dh / 2 + t / 2}h${t}v${vh}h${-t}z`,
    };
    for (const k of on) d += seg[k] ?? "";
  });
  return path(d, fill);
}

/** An electricity meter front, centred on (cx, cy), about 300×460 at k = 1. */
export function meter(cx: number, cy: number, k: number, reading = "004217"): string {
  return g(
    [
      rect(-150, -230, 300, 460, C.i700, 36, s`stroke="${C.lav}" stroke-width="3"`),
      rect(-118, -190, 236, 110, C.ink, 12),
      digits(-96, -166, reading, 22, 52, C.mint),
      text(88, -96, "kWh", { size: 15, weight: 600, fill: C.lav, anchor: "end" }),
      circle(-100, -40, 9, C.copper),
      text(-82, -34, "imp/kWh", { size: 13, fill: C.lav, opacity: 0.8 }),
      waves(96, -16, -Math.PI / 2, [14, 26, 38], 0.7, C.mint, 4),
      circle(96, -16, 5, C.mint),
      rect(-118, 20, 236, 100, C.i800, 14),
      ...range(4).map((i) => circle(-78 + i * 52, 70, 15, C.ink, s`stroke="${C.lav}" stroke-width="2.5"`)),
      rect(-90, 150, 180, 54, C.i900, 12),
    ],
    s`transform="translate(${cx} ${cy}) scale(${k})"`,
  );
}

/** A car in side view, line art, about 340×130 from (x, y) top-left. */
export function car(x: number, y: number, k = 1): string {
  return g(
    [
      path(
        "M10 100L10 72Q12 58 32 55L92 50L140 18Q150 12 170 12L250 12Q268 12 280 24L312 52L330 58Q342 62 342 76L342 100Z",
        C.i800,
        s`stroke="${C.lav}" stroke-width="4" stroke-linejoin="round"`,
      ),
      path("M104 50L146 22H200V50ZM212 22H248Q262 22 270 32L285 50H212Z", C.i700),
      ...[82, 272].map(
        (wx) => circle(wx, 100, 30, C.ink, s`stroke="${C.lav}" stroke-width="4"`) + circle(wx, 100, 10, C.i500),
      ),
      rect(318, 66, 16, 8, C.mint, 3),
    ],
    s`transform="translate(${x} ${y}) scale(${k})"`,
  );
}

/** A DIN-rail gateway module (front view), about 300×380, centred on (cx, cy). */
export function gatewayModule(cx: number, cy: number, k = 1): string {
  const screws = (y: number) =>
    range(6)
      .map(
        (i) =>
          rect(-120 + i * 40, y, 34, 34, C.i900, 5) +
          circle(-103 + i * 40, y + 17, 9, C.ink, s`stroke="${C.lav}" stroke-width="2.5"`),
      )
      .join("");
  return g(
    [
      rect(-150, -190, 300, 380, C.i800, 18, s`stroke="${C.lav}" stroke-width="2.5"`),
      screws(-176),
      screws(142),
      rect(-130, -120, 260, 230, C.i700, 10),
      ...[0, 1].map(
        (i) =>
          rect(-110 + i * 110, -100, 90, 70, C.ink, 6, s`stroke="${C.lav}" stroke-width="2"`) +
          rect(-85 + i * 110, -108, 40, 14, C.ink, 2),
      ),
      ...range(4).map((i) => circle(-100 + i * 30, 0, 7, i === 0 ? C.mint : i === 3 ? C.copper : C.lav)),
      rect(-110, 30, 220, 10, C.i500, 5),
      rect(-110, 52, 150, 10, C.i500, 5),
      rect(-110, 80, 60, 16, C.i900, 4),
    ],
    s`transform="translate(${cx} ${cy}) scale(${k})"`,
  );
}
