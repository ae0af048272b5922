/**
 * Press and media pictures (samples), 1200×800, one a file of app/content/press/ and
 * matching the alt text there: a magazine spread, an expo booth, an award, a campus
 * registration desk, a stage talk, a newspaper page, a handshake, a panel and a ribbon
 * cutting. Publication names are the invented sources in those files.
 */
import { markBody } from "./brand.ts";
import {
  C,
  chip,
  circle,
  g,
  numberedFiles,
  path,
  person,
  range,
  rect,
  type Rng,
  s,
  seededFolk,
  SKIN,
  stroke,
  text,
  tr,
  wave,
} from "./core.ts";
import { floor, plant, table } from "./light.ts";

const W = 1200;
const H = 800;
const folk = seededFolk({
  shirts: [C.i500, C.i700, C.mint, C.i800],
  styles: ["short", "long", "bun"],
  legs: [C.ink, C.i900],
  scale: 1.2,
});

/** A desk surface with a soft light. */
const desk = (r: Rng) =>
  rect(0, 0, W, H, C.mist) + circle(W * r.range(0.4, 0.6), H * 0.5, 420, C.white, 'opacity=".7"');

/** A UVM testbench diagram for a slide, in a w×h box at (x, y). */
function testbench(x: number, y: number, w: number, h: number, ink: string, fill: string, hi: string): string {
  const bw = w * 0.26;
  const bh = h * 0.2;
  const bx = (u: number, v: number, ww: number, hh: number, t: string, f = fill) =>
    rect(x + u * w, y + v * h, ww, hh, f, 8, s`stroke="${C.i500}" stroke-width="2.5"`) +
    text(x + u * w + ww / 2, y + v * h + hh / 2 + 5, t, {
      size: 13,
      weight: 700,
      fill: ink,
      anchor: "middle",
      fit: ww - 12,
    });
  return [
    s`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="none" stroke="${C.lav}" stroke-width="2.5" stroke-dasharray="8 6"/>`,
    bx(0.04, 0.1, bw, bh, "SEQUENCER"),
    bx(0.04, 0.45, bw, bh, "DRIVER"),
    bx(0.37, 0.1, bw, h * 0.55, "DUT", hi),
    bx(0.7, 0.1, bw, bh, "MONITOR"),
    bx(0.7, 0.45, bw, bh, "SCOREBOARD"),
    stroke(
      s`M${x + 0.04 * w + bw / 2} ${y + 0.1 * h + bh}V${y + 0.45 * h}M${x + 0.04 * w + bw} ${y + 0.55 * h}H${x + 0.37 * w}M${x + 0.37 * w + bw} ${y + 0.2 * h}H${x + 0.7 * w}M${x + 0.7 * w + bw / 2} ${y + 0.1 * h + bh}V${y + 0.45 * h}`,
      C.lav,
      3,
    ),
    ...range(6).map((i) =>
      rect(x + 0.04 * w + i * w * 0.155, y + 0.78 * h, w * 0.13, h * 0.12, i < 5 ? C.i500 : C.lav, 4),
    ),
  ].join("");
}

/** 01: a magazine spread with a portrait silhouette and a chip graphic. */
const spread = (r: Rng) => {
  const col = (x: number, y: number, n: number, w: number) =>
    range(n)
      .map((i) => rect(x, y + i * 18, i === n - 1 ? w * 0.6 : w, 7, C.i700, 3, 'opacity=".3"'))
      .join("");
  return [
    desk(r),
    g(
      [
        rect(14, 20, 900, 580, C.lav, 10, 'opacity=".7"'),
        rect(0, 0, 450, 580, C.white, 8),
        rect(450, 0, 450, 580, C.white, 8),
        s`<linearGradient id="gut" x1="0" x2="1"><stop offset="0" stop-color="${C.lav}" stop-opacity="0"/><stop offset="1" stop-color="${C.lav}" stop-opacity=".9"/></linearGradient>`,
        rect(410, 0, 40, 580, "url(#gut)"),
        // left page: portrait
        rect(40, 50, 370, 330, C.i800, 8),
        circle(225, 200, 150, C.i700),
        path("M110 380c0-80 50-130 115-130s115 50 115 130z", C.ink),
        circle(225, 190, 58, C.ink),
        text(40, 420, "“Verification is where", { size: 22, weight: 700, fill: C.i800, fit: 370 }),
        text(40, 450, "India quietly leads.”", { size: 22, weight: 700, fill: C.i800, fit: 370 }),
        col(40, 480, 4, 360),
        // right page: headline, chip, columns
        text(490, 54, "CHIP DESIGN QUARTERLY", { size: 13, weight: 700, fill: C.i500, ls: 3, fit: 300 }),
        text(490, 104, "The quiet strength", { size: 34, weight: 800, fill: C.i900, fit: 370 }),
        text(490, 144, "of Indian chip design", { size: 26, weight: 700, fill: C.i700, fit: 370 }),
        rect(490, 166, 60, 5, C.mint, 2),
        rect(490, 190, 370, 200, C.mist, 8),
        chip(675, 290, 120, { body: C.i700, pin: C.i500, pins: 5, die: C.i800 }),
        rect(651, 266, 48, 48, C.mint, 8),
        col(490, 412, 8, 170),
        col(690, 412, 8, 170),
      ],
      'transform="translate(150 110) rotate(-2)"',
    ),
  ].join("");
};

/** 02: an exhibition booth with a Blueberry banner, a demo screen and visitors. */
const booth = (r: Rng) => [
  rect(0, 0, W, H, C.mist),
  rect(0, 600, W, 200, C.lav, 0, 'opacity=".6"'),
  rect(220, 90, 760, 420, C.i800, 14),
  rect(220, 90, 760, 70, C.i900, 14),
  g(markBody(), tr(250, 100, 0.8)),
  text(310, 138, "Blueberry Semiconductors", { size: 28, weight: 700, fill: C.white, fit: 380 }),
  rect(640, 200, 300, 180, C.ink, 10),
  stroke(
    wave(660, 920, 40, (t) => 300 + Math.sin(t * 10) * 30),
    C.mint,
    4,
  ),
  text(260, 220, "FPGA prototyping", { size: 30, weight: 800, fill: C.white, fit: 340 }),
  text(260, 256, "Silicon · FPGA · Embedded · Hardware", { size: 16, fill: C.lav, fit: 340 }),
  chip(340, 360, 110, { body: C.i500, pin: C.lav, pins: 5, die: C.i700 }),
  rect(470, 300, 130, 130, C.i700, 10),
  rect(490, 320, 90, 60, C.mint, 6, 'opacity=".8"'),
  folk(r, 520, 690, { arms: "point" }),
  folk(r, 840, 520, { legs: false, arms: "forward" }),
  rect(620, 520, 360, 110, C.white, 12),
  rect(640, 540, 320, 10, C.mint, 5),
  rect(680, 580, 80, 30, C.i500, 6),
  floor(600, 730, 480),
  folk(r, 150, 730, { arms: "hold", scale: 1.3 }),
  folk(r, 1060, 730, { arms: "down", scale: 1.3, flip: true }),
  plant(1140, 600),
];

/** 03: a trophy on a podium beneath stage lights. */
const award = (r: Rng) => {
  const beam = (x: number, tx: number) =>
    path(s`M${x - 24} 40L${tx - 170} 700H${tx + 170}L${x + 24} 40Z`, C.white, 'opacity=".07"') +
    rect(x - 30, 14, 60, 34, C.i700, 8) +
    circle(x, 48, 12, C.lav);
  return [
    rect(0, 0, W, H, C.i900),
    ...range(18).map(() => circle(r.range(60, 1140), r.range(80, 460), r.range(2, 4), C.lav, 'opacity=".6"')),
    beam(250, 560),
    beam(950, 640),
    beam(600, 600),
    rect(0, 700, W, 100, C.ink),
    // podium: three steps
    rect(340, 560, 520, 150, C.i700, 10),
    rect(420, 490, 360, 80, C.i500, 10),
    text(600, 640, "DESIGN SERVICES", { size: 26, weight: 800, fill: C.white, anchor: "middle", ls: 3, fit: 420 }),
    text(600, 676, "EXCELLENCE AWARDS", { size: 18, weight: 600, fill: C.lav, anchor: "middle", ls: 3, fit: 340 }),
    // trophy
    path("M520 150h160v90a80 80 0 0 1-160 0z", C.mint),
    stroke("M520 170h-40v30a40 40 0 0 0 40 40M680 170h40v30a40 40 0 0 1-40 40", C.mint, 14),
    rect(586, 316, 28, 70, C.mint),
    rect(530, 386, 140, 24, C.lav, 6),
    rect(510, 410, 180, 80, C.i800, 10),
    g(markBody(), tr(576, 180, 0.75)),
  ].join("");
};

/** 04: students queuing at a registration desk in a college auditorium. */
const registration = (r: Rng) => {
  const seats = range(4)
    .map((row) =>
      range(16)
        .map((i) =>
          rect(20 + i * 74 + (row % 2) * 37, 250 + row * 44, 56, 36, C.i700, 12, s`opacity="${0.35 + row * 0.12}"`),
        )
        .join(""),
    )
    .join("");
  const student = (x: number, i: number) => {
    const k = 1.05 - i * 0.03;
    return (
      folk(r, x, 720 - i * 6, { arms: "hold", scale: k }) +
      rect(x - 16 * k, 720 - i * 6 - 112 * k, 32 * k, 42 * k, C.white, 4, 'opacity=".9"')
    );
  };
  return [
    rect(0, 0, W, H, C.mist),
    rect(0, 0, W, 230, C.i800),
    path("M0 0H140Q100 120 140 230H0Z M1200 0H1060Q1100 120 1060 230H1200Z", C.i500),
    rect(300, 40, 600, 130, C.i900, 14),
    text(600, 110, "CAMPUS HIRING DRIVE", { size: 36, weight: 800, fill: C.white, anchor: "middle", ls: 3, fit: 540 }),
    text(600, 146, "VLSI design · verification · physical design", {
      size: 16,
      fill: C.lav,
      anchor: "middle",
      fit: 500,
    }),
    seats,
    rect(0, 430, W, 370, C.lav, 0, 'opacity=".45"'),
    folk(r, 190, 600, { legs: false, arms: "forward" }),
    folk(r, 350, 600, { legs: false, arms: "point", flip: true }),
    table(90, 610, 380, C.i700, C.i800, 130),
    rect(110, 620, 340, 60, C.i500, 8),
    text(280, 658, "REGISTRATION", { size: 20, weight: 800, fill: C.white, anchor: "middle", ls: 2, fit: 300 }),
    rect(140, 576, 70, 20, C.white, 4),
    rect(300, 574, 60, 22, C.mint, 4),
    ...[560, 690, 810, 920, 1030, 1130].map((x, i) => student(x, i)),
  ].join("");
};

/** 05: a speaker at a lectern in front of a slide with a UVM testbench diagram. */
const stage = (r: Rng) => [
  rect(0, 0, W, H, C.ink),
  path("M220 0L120 520H520L420 0Z", C.white, 'opacity=".06"'),
  rect(380, 60, 700, 380, C.i800, 14),
  testbench(420, 100, 620, 300, C.white, C.i700, C.i500),
  rect(0, 480, W, 40, C.i700),
  rect(0, 520, W, 280, C.i900),
  folk(r, 300, 480, { arms: "point", scale: 1.3 }),
  rect(120, 330, 110, 150, C.i700, 10),
  rect(110, 322, 130, 18, C.i500, 8),
  g(markBody(), tr(147, 370, 0.9)),
  ...[130, 330, 530, 730, 930, 1130].map((x, i) =>
    person(x, 840, {
      shirt: i % 2 ? C.i800 : C.i700,
      skin: C.i800,
      hair: C.ink,
      legs: false,
      scale: 1.35,
      style: i % 2 ? "long" : "short",
    }),
  ),
];

/** 06: a newspaper page with a bar chart rising to the right. */
const newspaper = (r: Rng) => {
  const torn = range(41)
    .map((i) => s`L${i * 15} ${r.range(0, 8)}`)
    .join("");
  const col = (x: number, y: number, n: number) =>
    range(n)
      .map((i) => rect(x, y + i * 18, i === n - 1 ? 110 : 190, 7, C.i700, 3, 'opacity=".35"'))
      .join("");
  const barsH = [40, 56, 70, 92, 120, 150];
  return [
    desk(r),
    g(
      [
        path(s`M0 20${torn}L600 20V640L0 640Z`, C.lav, 'transform="translate(14 16)" opacity=".8"'),
        path(s`M0 20${torn}L600 20V640L0 640Z`, C.white),
        text(30, 72, "THE ELECTRONICS BUSINESS REVIEW", { size: 18, weight: 800, fill: C.i900, ls: 2, fit: 540 }),
        rect(30, 86, 540, 2, C.i900),
        text(30, 134, "Design firm plans", { size: 40, weight: 800, fill: C.i900, fit: 540 }),
        text(30, 180, "fivefold growth", { size: 40, weight: 800, fill: C.i900, fit: 540 }),
        rect(30, 200, 300, 190, C.mist, 4),
        stroke("M50 370H310M50 220V370", C.i700, 2),
        ...barsH.map((h, i) => rect(66 + i * 40, 370 - h, 26, h, i === barsH.length - 1 ? C.mint : C.i500, 3)),
        stroke("M79 320L119 304L159 290L199 268L239 240L279 210", C.i800, 3),
        path("M279 210l-14 2 8 10z", C.i800),
        text(30, 412, "Revenue by year, illustrative.", { size: 12, fill: C.i700 }),
        col(350, 206, 10),
        col(30, 436, 10),
        col(260, 436, 10),
        rect(490, 436, 80, 170, C.mist, 4),
      ],
      'transform="translate(300 90) rotate(-3)"',
    ),
    rect(560, 84, 90, 34, C.mint, 4, 'opacity=".8" transform="rotate(6 605 101)"'),
  ].join("");
};

/** 07: two people shaking hands in front of a university building. */
const handshake = (r: Rng) => {
  const cols = range(6)
    .map((i) => rect(330 + i * 96, 300, 36, 260, C.white, 6))
    .join("");
  const tree = (x: number, k: number) =>
    rect(x - 8, 600 - 110 * k, 16, 110 * k, C.i700, 4) +
    circle(x, 600 - 140 * k, 70 * k, C.mint, 'opacity=".85"') +
    circle(x - 40 * k, 600 - 100 * k, 44 * k, C.mint);
  return [
    rect(0, 0, W, H, C.mist),
    circle(950, 140, 70, C.white),
    path("M280 260L600 120L920 260Z", C.i700),
    path("M350 240L600 140L850 240Z", C.i500),
    rect(300, 260, 600, 40, C.i800, 4),
    rect(300, 300, 600, 260, C.lav, 0, 'opacity=".75"'),
    cols,
    rect(280, 560, 640, 20, C.i700),
    rect(260, 580, 680, 20, C.i800),
    rect(240, 600, 720, 20, C.i700),
    circle(600, 200, 22, C.mint),
    tree(140, 1.2),
    tree(1070, 1.1),
    rect(0, 620, W, 180, C.lav, 0, 'opacity=".5"'),
    folk(r, 506, 740, { arms: "point", scale: 1.3, shirt: C.i700 }),
    folk(r, 718, 740, { arms: "point", flip: true, scale: 1.3, shirt: C.mint }),
    circle(612, 535, 12, r.pick(SKIN)),
    floor(612, 745, 260),
  ].join("");
};

/** 08: a panel of four speakers seated on a stage with microphones. */
const panelTalk = (r: Rng) => {
  const chair = (x: number) =>
    rect(x - 40, 560, 80, 16, C.i700, 6) + rect(x - 34, 576, 10, 80, C.i700) + rect(x + 24, 576, 10, 80, C.i700);
  const mic = (x: number) =>
    stroke(s`M${x + 50} 656V500L${x + 24} 480`, C.i800, 5) +
    rect(x + 10, 466, 24, 16, C.i900, 8, s`transform="rotate(-35 ${x + 22} 474)"`) +
    rect(x + 34, 652, 32, 8, C.i800, 4);
  const xs = [270, 480, 690, 900];
  return [
    rect(0, 0, W, H, C.mist),
    rect(120, 60, 960, 300, C.i800, 18),
    text(600, 160, "EMBEDDED ENGINEERING SUMMIT", {
      size: 36,
      weight: 800,
      fill: C.white,
      anchor: "middle",
      ls: 3,
      fit: 840,
    }),
    text(600, 206, "Panel: offshore development centres", { size: 20, fill: C.lav, anchor: "middle", fit: 600 }),
    stroke("M160 300C400 260 700 310 1040 250", C.mint, 5),
    rect(0, 480, W, 24, C.i700),
    rect(0, 504, W, 296, C.lav, 0, 'opacity=".5"'),
    ...xs.map((x) => chair(x)),
    ...xs.map((x, i) => folk(r, x, 580, { legs: false, arms: i === 1 ? "point" : "hold", flip: i > 1 })),
    ...xs.map((x) => rect(x - 22, 570, 18, 88, C.ink, 9) + rect(x + 4, 570, 18, 88, C.ink, 9)),
    ...xs.map((x, i) => mic(i > 1 ? x - 100 : x)),
  ].join("");
};

/** 09: a new office entrance with a ribbon being cut and balloons. */
const ribbon = (r: Rng) => {
  const balloon = (x: number, y: number, fill: string) =>
    stroke(s`M${x} ${y + 48}q-12 40 6 110`, C.i700, 2) +
    s`<ellipse cx="${x}" cy="${y}" rx="36" ry="44" fill="${fill}"/>` +
    s`<ellipse cx="${x - 12}" cy="${y - 15}" rx="8" ry="12" fill="${C.white}" opacity=".35"/>`;
  return [
    rect(0, 0, W, H, C.mist),
    rect(200, 60, 800, 540, C.i800, 12),
    rect(200, 60, 800, 110, C.i900, 12),
    g(markBody(), tr(330, 80, 1.1)),
    text(410, 130, "Blueberry Semiconductors", { size: 36, weight: 700, fill: C.white, fit: 460 }),
    ...range(6).map((i) => rect(240 + i * 124, 200, 100, 120, C.i700, 6)),
    rect(440, 350, 320, 250, C.lav, 6),
    rect(456, 366, 138, 234, C.white, 4, 'opacity=".85"'),
    rect(606, 366, 138, 234, C.white, 4, 'opacity=".85"'),
    rect(0, 600, W, 200, C.lav, 0, 'opacity=".55"'),
    balloon(120, 300, C.mint),
    balloon(190, 360, C.i500),
    balloon(1010, 360, C.lav),
    balloon(1080, 300, C.mint),
    rect(240, 600, 14, 110, C.i700, 4),
    rect(946, 600, 14, 110, C.i700, 4),
    folk(r, 360, 740, { arms: "clap" }),
    folk(r, 840, 740, { arms: "clap", flip: true }),
    folk(r, 600, 740, { arms: "hold", scale: 1.3 }),
    path(
      "M247 612C420 640 520 640 580 630M620 630C700 640 800 640 953 612",
      "none",
      s`stroke="${C.mint}" stroke-width="12" stroke-linecap="round"`,
    ),
    path("M600 628l-44-26v52zM600 628l44-26v52z", C.mint),
    circle(600, 628, 10, C.i500),
    stroke("M590 560L630 650M610 560L570 650", C.i800, 6),
    circle(584, 548, 12, "none", s`stroke="${C.i800}" stroke-width="5"`),
    circle(616, 548, 12, "none", s`stroke="${C.i800}" stroke-width="5"`),
    ...range(14).map(() => {
      const x = r.range(260, 940);
      const y = r.range(380, 560);
      return s`<rect x="${x}" y="${y}" width="12" height="5" rx="2" fill="${r.pick([C.mint, C.i500, C.lav])}" transform="rotate(${r.int(0, 180)} ${x} ${y})"/>`;
    }),
  ].join("");
};

export const PRESS: ((r: Rng) => string | string[])[] = [
  spread,
  booth,
  award,
  registration,
  stage,
  newspaper,
  handshake,
  panelTalk,
  ribbon,
];

export function pressFiles(): Record<string, string> {
  return numberedFiles("press", PRESS, W, H);
}
