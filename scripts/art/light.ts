/**
 * Pieces for the light illustrations (services, gallery, press, home, about):
 * mist backgrounds, white cards with flat offset shadows, plants, tables, screens.
 */
import { C, circle, g, path, type Rng, range, rect, s, stroke } from "./core.ts";

/** Mist background with two soft white discs and a few lavender dots. */
export function lightBg(W: number, H: number, r: Rng): string {
  const dots = range(14)
    .map(() => s`M${r.range(20, W - 20)} ${r.range(20, H - 20)}m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0`)
    .join("");
  return [
    rect(0, 0, W, H, C.mist),
    circle(W * r.range(0.55, 0.75), H * r.range(0.35, 0.5), H * 0.42, C.white, 'opacity=".8"'),
    circle(W * r.range(0.15, 0.3), H * r.range(0.65, 0.8), H * 0.22, C.white, 'opacity=".6"'),
    path(dots, C.lav, 'opacity=".8"'),
  ].join("");
}

/** A white card with a flat lavender shadow. */
export function card(x: number, y: number, w: number, h: number, fill: string = C.white, rx = 18): string {
  return rect(x + 6, y + 10, w, h, C.lav, rx, 'opacity=".55"') + rect(x, y, w, h, fill, rx);
}

/** Flat shadow ellipse on the floor. */
export const floor = (cx: number, cy: number, rx: number) =>
  s`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.09}" fill="${C.lav}" opacity=".6"/>`;

/** A potted plant: pot and rounded leaves. */
export function plant(x: number, y: number, k = 1, leaf: string = C.mint): string {
  return g(
    [
      path("M-18 -40 q18 -70 6 -110 q-30 40 -6 110z", leaf, 'opacity=".85"'),
      path("M-6 -40 q40 -50 40 -96 q-46 30 -40 96z", leaf),
      path("M-10 -40 q-50 -30 -52 -80 q44 22 52 80z", leaf, 'opacity=".7"'),
      path("M-30 -44h52l-8 44h-36z", C.i700),
    ],
    k === 1 ? s`transform="translate(${x} ${y})"` : s`transform="translate(${x} ${y}) scale(${k})"`,
  );
}

/** A table seen from the front: top and two legs. */
export function table(x: number, y: number, w: number, top: string = C.i700, legs: string = C.i800, h = 110): string {
  return rect(x + 24, y, 16, h, legs, 4) + rect(x + w - 40, y, 16, h, legs, 4) + rect(x, y - 14, w, 22, top, 8);
}

/** A laptop seen from the front-side: screen and base. */
export function laptop(x: number, y: number, k = 1, glow: string = C.mint): string {
  return g(
    [
      path("M-52 -78h104a6 6 0 0 1 6 6v66h-116v-66a6 6 0 0 1 6-6z", C.i800),
      rect(-46, -70, 92, 56, C.i700, 3),
      rect(-36, -58, 40, 6, glow, 3),
      rect(-36, -46, 60, 6, C.lav, 3),
      rect(-66, -8, 132, 10, C.lav, 5),
    ],
    k === 1 ? s`transform="translate(${x} ${y})"` : s`transform="translate(${x} ${y}) scale(${k})"`,
  );
}

/** A wall window with panes. */
export function windowPane(x: number, y: number, w: number, h: number, sky: string = C.white): string {
  return (
    rect(x, y, w, h, C.lav, 14) +
    rect(x + 10, y + 10, w - 20, h - 20, sky, 8) +
    stroke(s`M${x + w / 2} ${y + 10}V${y + h - 10}M${x + 10} ${y + h * 0.5}H${x + w - 10}`, C.lav, 8)
  );
}

/** A string of triangle bunting flags between two points. */
export function bunting(x1: number, x2: number, y: number, sag: number, colors: string[]): string {
  const n = Math.floor((x2 - x1) / 46);
  const flags: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const fx = x1 + (x2 - x1) * t;
    const fy = y + 4 * sag * t * (1 - t);
    flags.push(path(s`M${fx - 16} ${fy}L${fx + 16} ${fy}L${fx} ${fy + 34}Z`, colors[i % colors.length] ?? C.mint));
  }
  return stroke(s`M${x1} ${y}Q${(x1 + x2) / 2} ${y + 2 * sag} ${x2} ${y}`, C.i700, 3) + flags.join("");
}

/** Wall, floor and skirting for an indoor scene. */
export function room(W: number, H: number, floorY: number, wall: string = C.mist, floorC: string = C.lav): string {
  return (
    rect(0, 0, W, H, wall) +
    rect(0, floorY, W, H - floorY, floorC, 0, 'opacity=".55"') +
    rect(0, floorY - 6, W, 8, C.lav)
  );
}
