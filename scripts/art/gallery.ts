/**
 * Life-at-Blueberry gallery (sample pictures): flat, friendly scenes of office life,
 * people as simple rounded figures without faces. 1200×800 each.
 */
import { markBody } from "./brand.ts";
import {
  at,
  C,
  chip,
  circle,
  g,
  line,
  numberedFiles,
  path,
  person,
  range,
  rect,
  type Rng,
  s,
  seededFolk,
  SKIN,
  smooth,
  stroke,
  text,
  tr,
  wave,
} from "./core.ts";
import { bunting, floor, laptop, plant, room, table, windowPane } from "./light.ts";
import { digits } from "./motifs.ts";
import { split } from "./tech.ts";

const W = 1200;
const H = 800;
/** A person with seeded colours and hair. Head centre is at y - 192·k (standing). */
const folk = seededFolk({
  shirts: [C.i500, C.i700, C.mint, C.i800, C.i500, C.lav],
  styles: ["short", "long", "bun", "short", "long"],
  legs: [C.ink, C.i900, C.i800],
  scale: 1.25,
});

/** Head centre of a person drawn with folk/person at (x, y). */
const _headY = (y: number, k: number, standing = true) => y - (standing ? 192 : 130) * k;

function _balloon(x: number, y: number, fill: string): string {
  return (
    stroke(s`M${x} ${y + 48}q-12 40 6 80`, C.i700, 2) +
    s`<ellipse cx="${x}" cy="${y}" rx="38" ry="46" fill="${fill}"/>` +
    path(s`M${x - 6} ${y + 44}h12l-6 10z`, fill) +
    s`<ellipse cx="${x - 13}" cy="${y - 16}" rx="8" ry="12" fill="${C.white}" opacity=".35"/>`
  );
}

function confetti(r: Rng, n: number, x0: number, x1: number, y0: number, y1: number): string {
  return range(n)
    .map(() => {
      const x = r.range(x0, x1);
      const y = r.range(y0, y1);
      return s`<rect x="${x}" y="${y}" width="14" height="6" rx="3" fill="${r.pick([C.mint, C.i500, C.lav, C.i700])}" transform="rotate(${r.int(0, 180)} ${x + 7} ${y + 3})"/>`;
    })
    .join("");
}

/** A diya: a shallow clay lamp with a flame and a soft glow. */
function diya(x: number, y: number, k = 1): string {
  return g(
    [
      circle(0, -26, 30, C.copper, 'opacity=".18"'),
      path("M-28 -8q28 30 56 0z", C.i500),
      path("M-28 -8h56", "none", s`stroke="${C.lav}" stroke-width="4" stroke-linecap="round"`),
      path("M0 -44q10 14 0 24q-10 -10 0 -24z", C.copper),
    ],
    k === 1 ? s`transform="translate(${x} ${y})"` : s`transform="translate(${x} ${y}) scale(${k})"`,
  );
}

/** Concentric rings of petals, as in a rangoli or a pookalam, squashed to lie on the floor. */
function floral(cx: number, cy: number, R: number, colors: string[], squash = 0.36): string {
  const rings: string[] = [];
  colors.forEach((c, i) => {
    const rr = R * (1 - i / colors.length);
    rings.push(circle(0, 0, rr, c));
    if (i < colors.length - 1) {
      const n = 8 + (colors.length - i) * 2;
      const pet = range(n)
        .map((k) => {
          const a = (k / n) * Math.PI * 2;
          const px = Math.cos(a) * rr * 0.93;
          const py = Math.sin(a) * rr * 0.93;
          return s`M${px} ${py}m-${rr * 0.07} 0a${rr * 0.07} ${rr * 0.07} 0 1 0 ${rr * 0.14} 0a${rr * 0.07} ${rr * 0.07} 0 1 0 -${rr * 0.14} 0`;
        })
        .join("");
      rings.push(path(pet, C.white, 'opacity=".55"'));
    }
  });
  return g(rings, s`transform="translate(${cx} ${cy}) scale(1 ${squash})"`);
}

// ------------------------------------------------------------------ scenes
// One a picture of app/content/gallery/ (gallery-01.svg …), each matching its alt text there.

/** A raised glass in a hand at (x, y). */
const glass = (x: number, y: number) =>
  path(s`M${x - 10} ${y - 34}h20l-3 30h-14z`, C.white, 'opacity=".95"') +
  rect(x - 8, y - 22, 16, 14, C.mint, 2, 'opacity=".8"');

/** Hand position of a standing person's raised right arm (mirrored when flipped). */
const raisedHand = (x: number, y: number, k: number, flip = false): [number, number] => [
  x + (flip ? -52 : 52) * k,
  y - 198 * k,
];

/** A soldering station: base with a dial, iron in its holder, cable. */
function solderStation(x: number, y: number): string {
  return [
    rect(x, y - 56, 120, 56, C.i800, 10),
    circle(x + 40, y - 28, 14, C.lav),
    rect(x + 70, y - 36, 34, 14, C.mint, 4),
    stroke(s`M${x + 120} ${y - 20}Q${x + 170} ${y - 10} ${x + 160} ${y - 70}`, C.i700, 4),
    stroke(s`M${x + 150} ${y}L${x + 178} ${y - 70}`, C.lav, 6),
    s`<rect x="${x + 150}" y="${y - 130}" width="14" height="70" rx="6" fill="${C.i500}" transform="rotate(22 ${x + 157} ${y - 95})"/>`,
  ].join("");
}

/** 01: lab bench with an oscilloscope (square wave), a development board and a soldering station. */
const lab = (r: Rng) => {
  const sq = s`M596 420h22v-60h34v60h34v-60h34v60h34v-60h26`;
  const shelfBins = range(6)
    .map((i) => rect(780 + i * 56, 150, 46, 40, i % 2 ? C.i500 : C.lav, 6))
    .join("");
  return [
    room(W, H, 600),
    windowPane(90, 90, 260, 220),
    rect(770, 190, 360, 14, C.i700, 7),
    shelfBins,
    rect(770, 290, 360, 14, C.i700, 7),
    ...range(4).map((i) => chip(810 + i * 90, 260, 38, { body: i === 2 ? C.mint : C.i800, pins: 3, pin: C.i500 })),
    folk(r, 1070, 700, { arms: "hold" }),
    table(200, 500, 900, C.i700, C.i800, 190),
    rect(560, 310, 300, 180, C.i800, 18),
    rect(580, 330, 210, 130, C.ink, 10),
    stroke(s`M580 395H790M685 330V460`, C.i700, 1.5),
    stroke(sq, C.mint, 4),
    ...[360, 410].map((y) => circle(822, y, 14, C.lav)),
    rect(806, 444, 34, 14, C.mint, 7),
    // development board with probes
    rect(380, 446, 160, 40, C.i500, 6),
    chip(430, 466, 26, { body: C.i800, pins: 3, pin: C.lav }),
    rect(466, 456, 54, 10, C.lav, 3),
    circle(520, 476, 5, C.mint),
    stroke(s`M640 490C640 540 560 520 500 478M700 490C700 560 560 560 456 478`, C.copper, 3.5),
    solderStation(880, 490),
    folk(r, 230, 720, { arms: "point", scale: 1.35 }),
    floor(600, 760, 420),
  ].join("");
};

/** 02: small teams round laptops at long tables, a countdown clock on the wall. */
const hackathon = (r: Rng) => {
  const notes = range(6)
    .map((i) => rect(100 + (i % 3) * 62, 110 + Math.floor(i / 3) * 62, 50, 50, r.pick([C.mint, C.lav, C.i500]), 4))
    .join("");
  const team = (x0: number) => [
    folk(r, x0, 540, { legs: false, arms: "forward", scale: 1.05 }),
    folk(r, x0 + 110, 540, { legs: false, arms: r.pick(["forward", "point", "both"] as const), scale: 1.05 }),
    folk(r, x0 + 220, 540, { legs: false, arms: "forward", scale: 1.05, flip: true }),
  ];
  return [
    rect(0, 0, W, H, C.i900),
    rect(0, 600, W, 200, C.ink),
    rect(0, 594, W, 8, C.i800),
    notes,
    rect(430, 70, 340, 130, C.ink, 18, s`stroke="${C.i500}" stroke-width="4"`),
    digits(462, 104, "2359", 40, 64, C.mint),
    path("M640 116h10v10h-10zM640 150h10v10h-10z", C.mint),
    text(600, 188, "HOURS LEFT", { size: 14, weight: 700, fill: C.lav, anchor: "middle", ls: 3 }),
    ...[880, 1010].map(
      (x) =>
        rect(x, 110, 100, 70, C.i800, 8) +
        stroke(
          wave(x + 10, x + 90, 20, (t) => 150 - t * 20 + Math.sin(t * 12) * 8),
          C.mint,
          3,
        ),
    ),
    ...team(100),
    ...team(760),
    table(60, 560, 480, C.i700, C.i800, 170),
    table(700, 560, 480, C.i700, C.i800, 170),
    laptop(160, 546, 1),
    laptop(380, 546, 1),
    laptop(820, 546, 1),
    laptop(1040, 546, 1),
    rect(254, 526, 40, 20, C.lav, 4),
    ...[960, 990].map((x) => rect(x - 10, 504, 20, 42, C.mint, 5)),
  ].join("");
};

/** 03: office decorated with rows of lit diyas, paper lanterns and a rangoli on the floor. */
const diwali = (r: Rng) => {
  const lights = range(15).map((i) => {
    const x = 40 + i * 80;
    const y = 70 + Math.sin((i / 14) * Math.PI) * 60;
    const c = r.pick([C.mint, C.lav, C.copper, C.white]);
    return circle(x, y + 14, 20, c, 'opacity=".2"') + circle(x, y + 14, 8, c);
  });
  const lantern = (x: number, y: number) =>
    line(x, 0, x, y - 40, C.lav, 2) +
    path(s`M${x} ${y - 40}L${x + 44} ${y}L${x} ${y + 40}L${x - 44} ${y}Z`, C.i500) +
    path(s`M${x} ${y - 40}L${x + 18} ${y}L${x} ${y + 40}L${x - 18} ${y}Z`, C.lav, 'opacity=".6"') +
    stroke(s`M${x - 10} ${y + 40}v40M${x} ${y + 40}v54M${x + 10} ${y + 40}v40`, C.mint, 3);
  return [
    rect(0, 0, W, H, C.i900),
    rect(0, 600, W, 200, C.ink),
    stroke(
      smooth(range(15).map((i) => [40 + i * 80, 84 + Math.sin((i / 14) * Math.PI) * 60] as [number, number])),
      C.i700,
      3,
    ),
    ...lights,
    lantern(170, 250),
    lantern(1030, 250),
    lantern(600, 160),
    // a ledge with a row of diyas
    rect(300, 336, 600, 14, C.i700, 7),
    ...range(7).map((i) => diya(340 + i * 87, 334, 0.7)),
    folk(r, 250, 640, { arms: "both" }),
    folk(r, 400, 640, { arms: "raise" }),
    folk(r, 800, 640, { arms: "raise", flip: true }),
    folk(r, 950, 640, { arms: "both" }),
    floral(600, 710, 250, [C.i500, C.mint, C.lav, C.copper, C.i700]),
    ...range(10).map((i) => {
      const a = (i / 10) * Math.PI * 2 + 0.2;
      return diya(600 + Math.cos(a) * 330, 724 + Math.sin(a) * 62, 0.8);
    }),
  ].join("");
};

/** 04: a cake shaped like a silicon die, raised glasses and confetti. */
const tapeout = (r: Rng) => {
  const pins = range(5)
    .map((i) => s`M478 ${452 + i * 20}h-22v10h22zM722 ${452 + i * 20}h22v10h-22z`)
    .join("");
  const people: [number, boolean][] = [
    [200, false],
    [360, false],
    [840, true],
    [1000, true],
  ];
  return [
    room(W, H, 600),
    bunting(0, W, 30, 60, [C.mint, C.i500, C.lav, C.i700]),
    rect(430, 150, 340, 80, C.i700, 40),
    text(600, 205, "TAPE-OUT!", { size: 40, weight: 800, fill: C.white, anchor: "middle", ls: 3, fit: 300 }),
    ...people.map(([x, flip]) => folk(r, x, 700, { arms: "raise", flip })),
    ...people.map(([x, flip]) => glass(...raisedHand(x, 700, 1.25, flip))),
    table(300, 560, 600, C.i700, C.i800, 150),
    path(pins, C.lav),
    rect(478, 440, 244, 110, C.i800, 14),
    rect(470, 428, 260, 28, C.lav, 14),
    rect(556, 470, 88, 66, C.mint, 10),
    g(markBody(), tr(576, 478, 0.75)),
    ...[530, 600, 670].map(
      (x, i) =>
        rect(x - 5, 388, 10, 42, i === 1 ? C.mint : C.i500, 4) + path(s`M${x} 364q10 12 0 22q-10 -10 0 -22z`, C.copper),
    ),
    confetti(r, 34, 60, 1140, 240, 540),
  ].join("");
};

/** 05: batsman and bowler on a green cricket ground under a bright sky. */
const cricket = (r: Rng) => {
  const trees = range(12)
    .map((i) => circle(40 + i * 105 + r.int(-10, 10), 400 - r.int(0, 30), r.int(40, 60), C.mint, 'opacity=".45"'))
    .join("");
  return [
    rect(0, 0, W, H, C.mist),
    circle(1010, 130, 110, C.white, 'opacity=".6"'),
    circle(1010, 130, 70, C.white),
    trees,
    rect(0, 410, W, 390, C.mint, 0, 'opacity=".38"'),
    ...range(5).map((i) => rect(0, 450 + i * 72, W, 36, C.mint, 0, 'opacity=".12"')),
    path("M540 420H660L800 800H400Z", C.lav),
    stroke("M528 480H672M452 740H748", C.white, 5),
    ...[588, 600, 612].map((x) => rect(x - 3, 404, 6, 46, C.i800, 2)),
    folk(r, 690, 520, { arms: "both", scale: 0.85 }),
    circle(735, 330, 10, C.white, s`stroke="${C.i800}" stroke-width="2"`),
    folk(r, 200, 520, { arms: "down", scale: 0.55 }),
    folk(r, 1020, 540, { arms: "hold", scale: 0.6 }),
    ...[582, 600, 618].map((x) => rect(x - 4, 650, 8, 90, C.white, 3, s`stroke="${C.i800}" stroke-width="2"`)),
    rect(578, 646, 44, 6, C.i800, 3),
    folk(r, 500, 760, { arms: "hold", scale: 1.35 }),
    s`<rect x="520" y="560" width="24" height="150" rx="9" fill="${C.copper}" transform="rotate(35 532 580)"/>`,
    stroke("M730 340Q640 460 560 560", C.i700, 2, 'stroke-dasharray="6 8"'),
  ].join("");
};

/** 06: a presenter beside a screen with a UVM testbench diagram, audience in rows. */
const learning = (r: Rng) => {
  const box = (x: number, y: number, w: number, h: number, t: string, hi = false) =>
    rect(x, y, w, h, hi ? C.mint : C.white, 8, s`stroke="${C.i500}" stroke-width="3"`) +
    text(x + w / 2, y + h / 2 + 5, t, { size: 13, weight: 700, fill: C.i800, anchor: "middle", fit: w - 12 });
  return [
    room(W, H, 600),
    rect(320, 64, 580, 18, C.i800, 9),
    rect(340, 82, 540, 320, C.white, 6),
    s`<rect x="362" y="104" width="496" height="276" rx="12" fill="none" stroke="${C.lav}" stroke-width="3" stroke-dasharray="8 6"/>`,
    box(384, 126, 130, 52, "SEQUENCER"),
    box(384, 214, 130, 52, "DRIVER"),
    box(545, 156, 130, 140, "DUT", true),
    box(706, 126, 130, 52, "MONITOR"),
    box(706, 214, 130, 52, "SCOREBOARD"),
    stroke("M449 178v36M514 240h31M675 190h31M771 178v36", C.i700, 3),
    rect(384, 300, 452, 56, C.mist, 8),
    ...range(6).map((i) => rect(398 + i * 72, 316, 56, 24, i < 5 ? C.i500 : C.lav, 4)),
    folk(r, 1010, 690, { arms: "point", flip: true, scale: 1.25 }),
    ...[260, 440, 620, 800].map((x) => folk(r, x, 650, { legs: false, scale: 1.05 })),
    ...[140, 370, 600, 830].map((x) => folk(r, x + 60, 830, { legs: false, scale: 1.45 })),
    plant(110, 600, 1),
  ].join("");
};

/** 07: new joiners at a table with name cards, welcome kits and laptops. */
const induction = (r: Rng) => {
  const xs = [230, 420, 610, 800, 990];
  const nameCard = (x: number) =>
    path(s`M${x - 40} 600l10-40h60l10 40z`, C.white) + rect(x - 22, 576, 44, 8, C.i500, 4);
  const kit = (x: number) =>
    rect(x - 34, 540, 68, 50, C.i700, 6) + rect(x - 34, 540, 68, 12, C.i500, 6) + g(markBody(), tr(x - 12, 556, 0.36));
  return [
    room(W, H, 640),
    rect(380, 70, 440, 110, C.i700, 20),
    text(600, 140, "WELCOME ABOARD", { size: 38, weight: 800, fill: C.white, anchor: "middle", ls: 3, fit: 380 }),
    windowPane(80, 80, 220, 240),
    windowPane(900, 80, 220, 240),
    ...xs.map((x) => folk(r, x, 580, { legs: false, arms: r.pick(["forward", "hold", "raise"] as const) })),
    table(120, 600, 960, C.i700, C.i800, 150),
    ...xs.map((x, i) => (i % 2 ? laptop(x, 590, 0.9) : kit(x))),
    ...xs.map((x) => nameCard(x + 70)),
  ].join("");
};

/** 08: two engineers pointing at a large chip floorplan pinned to a whiteboard. */
const floorplanReview = (r: Rng) => {
  const blocks = split({ x: 400, y: 130, w: 400, h: 300 }, r, 4, 8, 60);
  const hi = r.int(0, blocks.length - 1);
  return [
    room(W, H, 600),
    rect(240, 80, 720, 420, C.lav, 18),
    rect(252, 92, 696, 396, C.white, 10),
    rect(380, 110, 440, 340, C.i800, 10),
    ...blocks.map((b, i) =>
      rect(
        b.x,
        b.y,
        b.w,
        b.h,
        i === hi ? C.mint : i % 3 === 0 ? C.lav : C.i500,
        5,
        i === hi || i % 3 === 0 ? "" : 'opacity=".85"',
      ),
    ),
    circle(392, 122, 8, C.copper),
    circle(808, 122, 8, C.copper),
    ...range(3).map((i) => rect(850, 140 + i * 70, 70, 50, [C.mint, C.lav, C.i500][i] ?? C.lav, 4)),
    rect(500, 500, 200, 12, C.lav, 6),
    plant(1100, 600, 1.1),
    folk(r, 190, 720, { arms: "point", scale: 1.35 }),
    folk(r, 1000, 720, { arms: "point", flip: true, scale: 1.35 }),
  ].join("");
};

/** A banana leaf laid on the table, with rice and small heaps of food. */
function bananaLeaf(x: number, y: number, r: Rng): string {
  return (
    s`<ellipse cx="${x}" cy="${y}" rx="80" ry="20" fill="${C.mint}"/>` +
    stroke(s`M${x - 76} ${y}H${x + 76}`, C.white, 2, 'opacity=".6"') +
    s`<ellipse cx="${x - 12}" cy="${y - 6}" rx="24" ry="9" fill="${C.white}"/>` +
    range(4)
      .map((i) => circle(x + 22 + i * 13, y - 3 + (i % 2) * 6, 6, r.pick([C.copper, C.i500, C.lav, C.white])))
      .join("")
  );
}

/** 09: flower garlands, a pookalam and a banana-leaf lunch laid on a long table. */
const onam = (r: Rng) => {
  const garland = (y: number, sag: number, colors: string[]) =>
    range(30)
      .map((i) => {
        const t = i / 29;
        return circle(20 + t * 1160, y + 4 * sag * t * (1 - t), 11, at(colors, i));
      })
      .join("");
  const xs = [260, 440, 620, 800, 980];
  return [
    room(W, H, 600),
    garland(24, 70, [C.mint, C.copper, C.lav, C.i500]),
    garland(20, 40, [C.copper, C.mint, C.i500]),
    ...range(8).map((i) =>
      stroke(s`M${110 + i * 140} ${40 + Math.sin((i / 7) * Math.PI) * 60}v70`, C.copper, 6, 'stroke-dasharray="2 8"'),
    ),
    ...xs.map((x) =>
      folk(r, x, 520, { legs: false, arms: r.pick(["forward", "raise", "forward"] as const), scale: 1.1 }),
    ),
    table(120, 540, 960, C.i700, C.i800, 110),
    ...xs.map((x) => bananaLeaf(x, 520, r)),
    floral(600, 710, 280, [C.i700, C.mint, C.copper, C.lav, C.mint, C.white]),
  ].join("");
};

/** 10: awards night: a stage with a trophy and certificates on a table, the audience applauding. */
const awards = (r: Rng) => {
  const trophy = (x: number, y: number, k: number) =>
    g(
      [
        path("M-30 -60h60v16a30 30 0 0 1-60 0z", C.mint),
        stroke("M-30 -50h-14v10a14 14 0 0 0 14 14M30 -50h14v10a14 14 0 0 1-14 14", C.mint, 6),
        rect(-6, -16, 12, 22, C.mint),
        rect(-24, 6, 48, 12, C.i800, 4),
      ],
      s`transform="translate(${x} ${y}) scale(${k})"`,
    );
  const cert = (x: number, y: number, rot: number) =>
    g(
      [
        rect(-40, -52, 80, 104, C.white, 4, s`stroke="${C.lav}" stroke-width="4"`),
        rect(-24, -30, 48, 6, C.i500, 3),
        rect(-24, -16, 36, 6, C.lav, 3),
        circle(14, 28, 10, C.copper),
      ],
      s`transform="translate(${x} ${y}) rotate(${rot})"`,
    );
  const stars = range(14)
    .map(() => circle(r.range(60, 1140), r.range(40, 260), r.range(2, 5), C.lav))
    .join("");
  return [
    rect(0, 0, W, H, C.i900),
    stars,
    path("M360 0L240 470H600L480 0Z", C.white, 'opacity=".07"'),
    path("M840 0L720 470H1080L960 0Z", C.white, 'opacity=".07"'),
    rect(200, 130, 800, 80, C.i800, 40),
    text(600, 184, "ANNUAL AWARDS NIGHT", { size: 34, weight: 800, fill: C.white, anchor: "middle", ls: 3, fit: 660 }),
    rect(0, 440, W, 26, C.i700),
    rect(0, 466, W, 120, C.i800),
    table(400, 410, 400, C.i500, C.i700, 30),
    trophy(600, 380, 1.5),
    cert(480, 340, -6),
    cert(720, 340, 6),
    rect(0, 586, W, 214, C.ink),
    ...[150, 400, 650, 900, 1140].map((x, i) =>
      folk(r, x - 30, 840, { legs: false, scale: 1.35, arms: i % 2 ? "clap" : "both" }),
    ),
  ].join("");
};

/** 11: hikers on a hill trail at sunrise, distant rocky peaks. */
const hike = (r: Rng) => {
  const peaks =
    "M0 420L140 250L200 300L300 180L380 280L460 230L560 330L680 200L760 270L860 150L960 260L1060 210L1200 330V520H0Z";
  const walker = (x: number, y: number, k: number, flip: boolean) => {
    const shirt = r.pick([C.i500, C.mint, C.i700]);
    const pack = rect(x + (flip ? -1 : 1) * 14 * k - 24 * k, y - 164 * k, 48 * k, 70 * k, C.i800, 12 * k);
    return (
      pack +
      folk(r, x, y, { shirt, arms: "hold", scale: k, flip }) +
      stroke(s`M${x + (flip ? -30 : 30) * k} ${y - 80 * k}L${x + (flip ? -44 : 44) * k} ${y}`, C.i800, 5 * k)
    );
  };
  return [
    s`<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.mist}"/><stop offset="1" stop-color="${C.white}"/></linearGradient>`,
    rect(0, 0, W, H, "url(#sky)"),
    circle(760, 300, 180, C.copper, 'opacity=".16"'),
    circle(760, 300, 90, C.copper, 'opacity=".55"'),
    path(peaks, C.i500, 'opacity=".55"'),
    path(
      "M300 180L340 230L320 232L300 210L280 236L266 222Z M860 150L900 200L878 198L860 180L840 206L826 190Z",
      C.white,
      'opacity=".8"',
    ),
    path("M0 520Q300 380 620 470T1200 430V800H0Z", C.i700, 'opacity=".85"'),
    path("M0 640Q400 520 760 600T1200 560V800H0Z", C.mint, 'opacity=".5"'),
    stroke("M120 800C300 700 420 640 560 600S860 520 1020 470", C.lav, 14, 'stroke-dasharray="2 20"'),
    walker(420, 690, 0.9, false),
    walker(600, 630, 0.8, false),
    walker(760, 580, 0.7, false),
    walker(900, 540, 0.62, false),
  ].join("");
};

/** 12: a mentor and a junior engineer at one desk, a waveform viewer on the monitor. */
const mentoring = (r: Rng) => {
  const mx = 360;
  const my = 170;
  const names = range(7)
    .map((i) => rect(mx + 24, my + 40 + i * 36, 70, 12, C.lav, 6, 'opacity=".8"'))
    .join("");
  const traces = range(7)
    .map((i) => {
      const y = my + 32 + i * 36;
      if (i === 0) {
        let d = s`M${mx + 110} ${y + 22}`;
        for (let k = 0; k < 16; k++) d += s`h12v-16h12v16`;
        return stroke(d, C.lav, 2.5);
      }
      let d = s`M${mx + 110} ${y + (r.chance(0.5) ? 6 : 22)}`;
      for (let k = 0; k < 8; k++) d += s`h${r.int(2, 5) * 12}V${y + (r.chance(0.5) ? 6 : 22)}`;
      return stroke(`${d}H${mx + 470}`, i === 4 ? C.copper : C.mint, 2.5);
    })
    .join("");
  return [
    room(W, H, 560),
    windowPane(880, 80, 240, 240),
    plant(90, 560, 1),
    table(140, 520, 920, C.i700, C.i800, 140),
    rect(mx - 20, my - 20, 540, 320, C.i800, 16),
    rect(mx, my, 500, 280, C.ink, 8),
    names,
    traces,
    stroke(s`M${mx + 300} ${my}V${my + 280}`, C.copper, 2, 'stroke-dasharray="6 6"'),
    rect(mx + 230, my + 300, 40, 50, C.i700),
    rect(mx + 180, my + 346, 140, 12, C.i700, 6),
    person(500, 700, {
      shirt: C.mint,
      skin: r.pick(SKIN),
      hair: C.ink,
      legs: false,
      style: "long",
      arms: "forward",
      scale: 1.3,
    }),
    person(720, 700, {
      shirt: C.i500,
      skin: r.pick(SKIN),
      hair: C.ink,
      legs: false,
      style: "short",
      arms: "point",
      flip: true,
      scale: 1.3,
    }),
    rect(450, 640, 100, 160, C.i700, 24),
    rect(670, 640, 100, 160, C.i700, 24),
  ].join("");
};

/** 13: a bright open-plan office with plants, standing desks and large windows. */
const openPlan = (r: Rng) => {
  const standing = (x: number) =>
    rect(x, 470, 220, 18, C.i700, 8) +
    rect(x + 100, 488, 20, 180, C.i800, 4) +
    rect(x + 60, 660, 100, 14, C.i800, 7) +
    rect(x + 10, 380, 100, 70, C.i800, 8) +
    rect(x + 18, 388, 84, 54, C.mint, 4, 'opacity=".55"') +
    rect(x + 54, 450, 12, 20, C.i800);
  return [
    room(W, H, 620),
    ...range(3).map((i) => windowPane(70 + i * 370, 50, 320, 330)),
    ...[250, 600, 950].map(
      (x) => stroke(s`M${x} 0V40`, C.i700, 3) + path(s`M${x - 40} 70q40-40 80 0z`, C.i700) + circle(x, 74, 8, C.mint),
    ),
    folk(r, 300, 690, { arms: "forward" }),
    standing(130),
    folk(r, 660, 690, { arms: "point", flip: true }),
    standing(490),
    folk(r, 1020, 690, { arms: "hold" }),
    standing(850),
    plant(60, 690, 1.3),
    plant(420, 690, 1),
    plant(780, 690, 1.1),
    plant(1150, 690, 1.2),
  ].join("");
};

const PINK = "#f27cb4";
const YELLOW = "#f5c84a";

/** 14: Holi: people in splashes of pink, yellow and green colour in an open courtyard. */
const holi = (r: Rng) => {
  const splash = (x: number, y: number, R: number, c: string) =>
    range(7)
      .map((i) => {
        const a = (i / 7) * Math.PI * 2 + r.range(0, 0.6);
        const d = R * r.range(0.5, 1.1);
        return circle(x + Math.cos(a) * d, y + Math.sin(a) * d * 0.8, R * r.range(0.3, 0.55), c, 'opacity=".55"');
      })
      .join("") + circle(x, y, R * 0.7, c, 'opacity=".6"');
  const colors = [PINK, YELLOW, C.mint];
  const xs = [230, 430, 640, 850, 1020];
  return [
    rect(0, 0, W, H, C.mist),
    ...range(5).map((i) => rect(40 + i * 240, 60, 170, 420, C.white, 85, 'opacity=".8"')),
    rect(0, 480, W, 320, C.lav, 0, 'opacity=".5"'),
    ...range(6).map((i) => rect(0, 520 + i * 50, W, 3, C.white, 0, 'opacity=".7"')),
    ...xs.map((x, i) => splash(x, 430 - (i % 2) * 40, 90, at(colors, i))),
    ...xs.map((x, i) => folk(r, x, 720 - (i % 2) * 20, { arms: i % 2 ? "both" : "raise", flip: i > 2 })),
    ...range(24).map(() =>
      circle(r.range(80, 1120), r.range(120, 760), r.range(6, 16), r.pick(colors), 'opacity=".8"'),
    ),
    ...xs.map((x, i) => splash(x + (i % 2 ? -40 : 40), 330, 34, at(colors, i + 1))),
  ].join("");
};

/** 15: breakout room: a table-tennis table, a carrom board and bean bags. */
const breakout = (r: Rng) => {
  const mesh = range(7)
    .map((i) => s`M${410 + i * 12} 474V514`)
    .join("");
  const carrom = (cx: number, cy: number) =>
    rect(cx - 110, cy - 110, 220, 220, C.i800, 16) +
    rect(cx - 92, cy - 92, 184, 184, C.lav, 6) +
    [-1, 1].flatMap((a) => [-1, 1].map((b) => circle(cx + a * 80, cy + b * 80, 10, C.i900))).join("") +
    circle(cx, cy, 32, "none", s`stroke="${C.i500}" stroke-width="3"`) +
    range(9)
      .map((i) =>
        circle(
          cx + Math.cos(i * 0.7) * (i % 3) * 12,
          cy + Math.sin(i * 0.7) * (i % 3) * 12,
          7,
          i % 2 ? C.white : C.i900,
        ),
      )
      .join("") +
    circle(cx + 20, cy + 64, 9, C.mint);
  const beanBag = (x: number, y: number, c: string) =>
    path(s`M${x - 90} ${y}q-10-80 50-100q40-12 80 10q50 30 40 90z`, c);
  return [
    room(W, H, 600),
    windowPane(500, 70, 260, 190),
    folk(r, 100, 700, { arms: "point", scale: 1.2 }),
    circle(200, 470, 24, C.mint),
    folk(r, 760, 700, { arms: "point", flip: true, scale: 1.2 }),
    circle(660, 470, 24, C.i500),
    rect(180, 526, 14, 160, C.i800, 4),
    rect(670, 526, 14, 160, C.i800, 4),
    rect(150, 514, 560, 22, C.i700, 6),
    stroke("M160 516H700", C.white, 3),
    rect(426, 474, 8, 44, C.i800),
    stroke(`M380 478H480${mesh}`, C.lav, 2),
    stroke("M220 440Q430 310 640 430", C.i500, 2, 'stroke-dasharray="6 10"'),
    circle(470, 350, 9, C.white, s`stroke="${C.i700}" stroke-width="2"`),
    // carrom on a low table, viewed from above
    rect(960, 520, 16, 120, C.i800, 4),
    carrom(968, 400),
    beanBag(900, 760, C.i500),
    beanBag(1110, 770, C.mint),
    beanBag(140, 790, C.lav),
  ].join("");
};

/** A breadboard with holes, jumper wires and an LED. */
function breadboard(x: number, y: number, r: Rng): string {
  return [
    rect(x, y, 170, 60, C.white, 6, s`stroke="${C.lav}" stroke-width="2"`),
    s`<rect x="${x + 8}" y="${y + 8}" width="154" height="44" fill="url(#holes)"/>`,
    stroke(s`M${x + 30} ${y + 14}q20-30 40 0M${x + 90} ${y + 46}q20-34 50 -8`, r.pick([C.mint, C.i500]), 4),
    circle(x + 120, y + 14, 8, r.pick([C.mint, C.copper])),
  ].join("");
}

/** 16: volunteers teaching school students to build a simple circuit on breadboards. */
const workshop = (r: Rng) => [
  room(W, H, 600),
  s`<pattern id="holes" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="5" cy="5" r="1.6" fill="${C.lav}"/></pattern>`,
  rect(340, 70, 520, 260, C.white, 10, s`stroke="${C.lav}" stroke-width="10"`),
  stroke("M420 140H560M640 140H780V260H420V140M560 126v28M574 120v40", C.i700, 5),
  path("M640 124l20 16-20 16z", C.mint),
  circle(600, 260, 16, C.mint),
  stroke("M600 244v-6", C.i700, 5),
  folk(r, 150, 720, { arms: "point", scale: 1.3 }),
  folk(r, 1060, 720, { arms: "hold", scale: 1.3, flip: true }),
  ...[340, 520, 700, 880].map((x) =>
    folk(r, x, 560, { legs: false, scale: 0.8, arms: r.pick(["forward", "raise", "forward"] as const) }),
  ),
  table(260, 570, 700, C.i700, C.i800, 150),
  ...[260, 440, 620, 800].map((x) => breadboard(x + 10, 508, r)),
];

export const GALLERY: ((r: Rng) => string | string[])[] = [
  lab,
  hackathon,
  diwali,
  tapeout,
  cricket,
  learning,
  induction,
  floorplanReview,
  onam,
  awards,
  hike,
  mentoring,
  openPlan,
  holi,
  breakout,
  workshop,
];

export function galleryFiles(): Record<string, string> {
  return numberedFiles("gallery", GALLERY, W, H);
}
