/**
 * One-off pictures: the service brochure cover, the home page "Fuelling semiconductors"
 * illustration and the about page introduction.
 */
import { markBody } from "./brand.ts";
import {
  at,
  C,
  chip,
  circle,
  g,
  path,
  person,
  range,
  rect,
  rng,
  SKIN,
  s,
  stroke,
  svg,
  text,
  tr,
  wave,
} from "./core.ts";
import { floor, laptop, lightBg, plant, room, table, windowPane } from "./light.ts";
import { split } from "./tech.ts";

function brochure(): string {
  const r = rng("brochure");
  const traces: string[] = [];
  for (let i = 0; i < 9; i++) {
    const y = 330 + i * 26;
    const x = 200 + r.int(0, 4) * 20;
    traces.push(s`M${x} ${y}H${x + 40 + r.int(0, 60)}l24 -24H${430}`);
  }
  const services = ["Silicon", "FPGA", "Embedded", "Hardware", "Machine Learning", "Turnkey"];
  return svg(
    480,
    640,
    [
      rect(0, 0, 480, 640, C.mist),
      rect(34, 30, 420, 590, C.lav, 10, 'opacity=".7"'),
      s`<clipPath id="pg"><rect x="24" y="20" width="420" height="590" rx="10"/></clipPath>`,
      g(
        [
          rect(24, 20, 420, 590, C.i900),
          circle(400, 420, 230, C.i800),
          circle(400, 420, 150, C.i700, 'opacity=".6"'),
          stroke(traces.join(""), C.i500, 3, 'opacity=".55"'),
          ...traces.map((_, i) => (i % 3 === 1 ? circle(430, 306 + i * 26, 5, C.mint) : "")),
          chip(330, 470, 120, { body: C.i500, pin: C.lav, pins: 5, die: C.i800 }),
          rect(306, 446, 48, 48, C.mint, 8),
          rect(24, 540, 420, 70, C.i500),
          rect(24, 536, 420, 6, C.mint),
        ],
        'clip-path="url(#pg)"',
      ),
      g(markBody(), tr(56, 56, 0.75)),
      text(112, 80, "Blueberry", { size: 22, weight: 700, fill: C.white }),
      text(113, 96, "SEMICONDUCTORS", { size: 8, weight: 600, fill: C.lav, ls: 1.6 }),
      rect(56, 150, 48, 6, C.mint, 3),
      text(56, 206, "Engineering", { size: 46, weight: 800, fill: C.white, ls: -0.5 }),
      text(56, 258, "Services", { size: 46, weight: 800, fill: C.white, ls: -0.5 }),
      text(56, 292, "Chip to system, under one roof", { size: 15, fill: C.lav }),
      ...services.map((t, i) => text(56, 340 + i * 24, t, { size: 14, weight: 600, fill: i % 2 ? C.lav : C.white })),
      text(56, 582, "Capabilities overview", { size: 13, weight: 600, fill: C.white }),
      // folded corner
      path("M444 20v40l-40-40z", C.mist),
      path("M404 20l40 40h-32a8 8 0 0 1-8-8z", C.lav),
    ].join(""),
  );
}

/** Engineers around a large wafer; traces spread from it to a board, a chip and a laptop. */
function fuelling(): string {
  const r = rng("fuelling");
  const W = 960;
  const H = 720;
  const wx = 480;
  const wy = 320;
  const R = 190;
  const toBoard = range(3)
    .map((k) => s`M${wx - 100} ${250 + k * 18}H${360}L${300} ${190 + k * 18}H${250}`)
    .join("");
  const toChip = s`M${wx + 130} ${wy - 140}L${wx + 200} ${wy - 210}H${760}M${wx + 150} ${wy - 120}L${wx + 220} ${wy - 190}H${760}M${wx + 170} ${wy - 100}L${wx + 240} ${wy - 170}H${760}`;
  const toLaptop = s`M${wx + 180} ${wy + 60}H${700}L${760} ${wy + 120}V${470}M${wx + 184} ${wy + 84}H${690}L${740} ${wy + 134}V${470}`;
  return svg(
    W,
    H,
    [
      lightBg(W, H, r),
      floor(480, 690, 420),
      stroke(toBoard, C.i500, 6),
      stroke(toChip, C.i500, 6),
      stroke(toLaptop, C.mint, 6),
      s`<clipPath id="wc"><circle cx="${wx}" cy="${wy}" r="${R - 10}"/></clipPath>`,
      s`<pattern id="wd" x="${wx}" y="${wy}" width="32" height="32" patternUnits="userSpaceOnUse"><rect x="2" y="2" width="28" height="28" rx="4" fill="${C.lav}"/></pattern>`,
      circle(wx + 10, wy + 14, R, C.lav, 'opacity=".6"'),
      circle(wx, wy, R, C.white),
      circle(wx, wy, R, "url(#wd)", 'clip-path="url(#wc)"'),
      ...range(7).map(() =>
        rect(wx + r.int(-4, 3) * 32 + 2, wy + r.int(-4, 3) * 32 + 2, 28, 28, r.pick([C.mint, C.i500, C.i500]), 4),
      ),
      path(s`M${wx - 16} ${wy + R + 1}a16 16 0 0 1 32 0z`, C.mist),
      // board, top left
      rect(60, 90, 190, 150, C.lav, 18, 'transform="translate(8 10)" opacity=".6"'),
      rect(60, 90, 190, 150, C.i800, 18),
      chip(150, 160, 60, { body: C.i700, pin: C.lav, pins: 4 }),
      ...range(6).map((i) => rect(80 + i * 26, 214, 14, 12, C.lav, 2)),
      circle(226, 112, 7, C.mint),
      // chip, top right
      chip(830, 150, 120, { body: C.i800, pin: C.i500, pins: 5 }),
      rect(804, 124, 52, 52, C.mint, 8),
      // laptop, bottom right
      table(690, 560, 230, C.i700, C.i800, 120),
      laptop(805, 546, 1.3),
      person(150, 680, { shirt: C.i500, skin: at(SKIN, 1), legs: C.i800, arms: "point", style: "bun" }),
      person(330, 690, { shirt: C.mint, skin: at(SKIN, 3), legs: C.ink, arms: "down" }),
      person(600, 690, { shirt: C.i700, skin: at(SKIN, 2), legs: C.i900, arms: "raise", flip: true, style: "long" }),
    ].join(""),
  );
}

/** A team at a long desk, with chip layouts and waveforms on the screens in front of them. */
function introduction(): string {
  const r = rng("introduction");
  const W = 960;
  const H = 720;
  const xs = [160, 370, 590, 800];
  const screen = (cx: number, i: number) => {
    const x = cx - 90;
    const y = 290;
    const content =
      i % 2 === 0
        ? split({ x: x + 14, y: y + 14, w: 152, h: 92 }, r, 3, 5, 40)
            .map((b, k) => rect(b.x, b.y, b.w, b.h, k === 1 ? C.mint : k % 2 ? C.i500 : C.lav, 3))
            .join("")
        : stroke(
            wave(x + 14, x + 166, 40, (t) => y + 40 + Math.sin(t * (10 + i * 4)) * 18),
            C.mint,
            3,
          ) + stroke(s`M${x + 14} ${y + 96}h20v-14h26v14h18v-14h40v14h20v-14h28`, C.lav, 3);
    return (
      rect(cx - 8, y + 120, 16, 40, C.i700) +
      rect(cx - 40, y + 156, 80, 10, C.i700, 5) +
      rect(x, y, 180, 120, C.i800, 10) +
      rect(x + 8, y + 8, 164, 104, C.i900, 6) +
      content
    );
  };
  const chairBack = (x: number) => rect(x - 46, 560, 92, 110, C.i700, 20) + rect(x - 8, 670, 16, 40, C.i800);
  const styles = ["short", "long", "bun", "short"] as const;
  return svg(
    W,
    H,
    [
      room(W, H, 520),
      windowPane(70, 60, 200, 170),
      windowPane(690, 60, 200, 170),
      rect(360, 80, 240, 130, C.white, 12),
      ...split({ x: 380, y: 98, w: 200, h: 94 }, r, 2, 6, 40).map((b, k) =>
        rect(b.x, b.y, b.w, b.h, k ? C.lav : C.mint, 4),
      ),
      plant(900, 520, 0.9),
      table(40, 470, 880, C.i700, C.i800, 100),
      ...xs.map((x, i) => screen(x, i)),
      rect(230, 446, 70, 10, C.lav, 5),
      rect(660, 446, 50, 10, C.lav, 5),
      ...xs.map((x, i) =>
        person(x, 640, {
          shirt: at([C.i500, C.mint, C.i800, C.lav], i),
          skin: at(SKIN, i + 1),
          hair: C.ink,
          legs: false,
          style: at(styles, i),
          arms: i === 1 ? "point" : "forward",
        }),
      ),
      ...xs.map((x) => chairBack(x)),
    ].join(""),
  );
}

export function pageFiles(): Record<string, string> {
  return {
    "images/services/brochure.svg": brochure(),
    "images/home/fuelling.svg": fuelling(),
    "images/about/introduction.svg": introduction(),
  };
}
