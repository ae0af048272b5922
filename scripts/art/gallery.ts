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
  HAIR,
  line,
  type PersonOpts,
  path,
  person,
  type Rng,
  range,
  rect,
  rng,
  SKIN,
  s,
  smooth,
  stroke,
  svg,
  text,
  tr,
  wave,
} from "./core.ts";
import { bubble, bunting, floor, laptop, plant, room, table, windowPane } from "./light.ts";

const W = 1200;
const H = 800;
const SHIRTS = [C.i500, C.i700, C.mint, C.i800, C.i500, C.lav];
const LEGS = [C.ink, C.i900, C.i800];
const STYLES = ["short", "long", "bun", "short", "long"] as const;

/** A person with seeded colours and hair. Head centre is at y - 192·k (standing). */
function folk(r: Rng, x: number, y: number, o: Partial<PersonOpts> = {}): string {
  return person(x, y, {
    shirt: r.pick(SHIRTS),
    skin: r.pick(SKIN),
    hair: r.pick(HAIR),
    style: r.pick(STYLES),
    legs: r.pick(LEGS),
    scale: 1.25,
    ...o,
  });
}

/** Head centre of a person drawn with folk/person at (x, y). */
const headY = (y: number, k: number, standing = true) => y - (standing ? 192 : 130) * k;

function balloon(x: number, y: number, fill: string): string {
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

const lab = (r: Rng) => {
  const wave1 = wave(590, 770, 60, (t) => 385 + Math.sin(t * Math.PI * 6) * 34 * (1 - t * 0.3));
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
    folk(r, 1060, 700, { arms: "hold" }),
    table(240, 500, 860, C.i700, C.i800, 190),
    rect(560, 310, 300, 180, C.i800, 18),
    rect(580, 330, 210, 130, C.ink, 10),
    stroke(s`M580 395H790M685 330V460`, C.i700, 1.5),
    stroke(wave1, C.mint, 4),
    ...[360, 410].map((y) => circle(822, y, 14, C.lav)),
    rect(806, 444, 34, 14, C.mint, 7),
    rect(380, 456, 150, 30, C.i500, 6),
    rect(410, 444, 40, 16, C.i800, 3),
    rect(466, 448, 30, 12, C.lav, 3),
    stroke(s`M640 490C640 540 520 520 470 470M700 490C700 560 540 560 430 470`, C.copper, 3.5),
    laptop(990, 486, 1.1),
    folk(r, 230, 720, { arms: "point", scale: 1.35 }),
    floor(600, 760, 420),
  ].join("");
};

const whiteboard = (r: Rng) => {
  const boxes = [
    [360, 150],
    [560, 150],
    [460, 300],
  ] as const;
  const notes = range(4).map((i) => {
    const x = 790 + (i % 2) * 70;
    const y = 150 + Math.floor(i / 2) * 74;
    return s`<rect x="${x}" y="${y}" width="56" height="56" rx="4" fill="${[C.mint, C.lav, C.i500, C.mint][i]}" transform="rotate(${r.range(-6, 6)} ${x + 28} ${y + 28})"/>`;
  });
  return [
    room(W, H, 600),
    rect(300, 96, 650, 370, C.lav, 18),
    rect(312, 108, 626, 346, C.white, 10),
    rect(440, 466, 360, 14, C.lav, 7),
    ...boxes.map(
      ([x, y], i) =>
        s`<rect x="${x}" y="${y}" width="140" height="80" rx="12" fill="none" stroke="${i === 2 ? C.mint : C.i500}" stroke-width="5"/>`,
    ),
    stroke("M500 190H560M430 230L490 300M630 230L570 300", C.i700, 4),
    stroke(
      smooth([
        [340, 430],
        [420, 410],
        [500, 420],
        [600, 380],
        [700, 360],
      ]),
      C.mint,
      5,
    ),
    ...notes,
    plant(1110, 600, 1.1),
    folk(r, 1010, 700, { arms: "point", flip: true, scale: 1.3 }),
    folk(r, 300, 700, { legs: false, scale: 1.4, arms: "forward" }),
    folk(r, 560, 700, { legs: false, scale: 1.4, arms: "forward" }),
    folk(r, 820, 700, { legs: false, scale: 1.4, arms: "forward" }),
    table(120, 706, 960, C.i700, C.i800, 120),
    laptop(300, 700, 0.9),
    rect(520, 680, 90, 14, C.white, 4),
    rect(760, 672, 60, 22, C.lav, 6),
  ].join("");
};

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
    folk(r, 330, 640, { arms: "both" }),
    folk(r, 500, 640, { arms: "raise" }),
    folk(r, 700, 640, { arms: "raise", flip: true }),
    folk(r, 870, 640, { arms: "both" }),
    floral(600, 710, 250, [C.i500, C.mint, C.lav, C.copper, C.i700]),
    ...range(8).map((i) => {
      const a = (i / 8) * Math.PI * 2 + 0.2;
      return diya(600 + Math.cos(a) * 320, 720 + Math.sin(a) * 70, 0.9);
    }),
  ].join("");
};

const cricket = (r: Rng) => {
  const trees = range(12)
    .map((i) => circle(40 + i * 105 + r.int(-10, 10), 430 - r.int(0, 30), r.int(40, 60), C.mint, 'opacity=".45"'))
    .join("");
  return [
    rect(0, 0, W, H, C.mist),
    circle(1020, 140, 70, C.white),
    trees,
    rect(0, 440, W, 360, C.mint, 0, 'opacity=".32"'),
    ...range(5).map((i) => rect(0, 480 + i * 70, W, 35, C.mint, 0, 'opacity=".12"')),
    path("M560 450H640L760 800H440Z", C.lav),
    stroke("M548 500H652M470 740H730", C.white, 5),
    rect(120, 160, 220, 120, C.i800, 16),
    ...range(3).map((i) => rect(146, 184 + i * 30, [150, 110, 130][i] ?? 100, 14, i ? C.lav : C.mint, 7)),
    ...[588, 600, 612].map((x) => rect(x - 3, 430, 6, 40, C.i800, 2)),
    folk(r, 600, 490, { arms: "raise", scale: 0.6 }),
    folk(r, 220, 520, { arms: "down", scale: 0.55 }),
    folk(r, 990, 540, { arms: "hold", scale: 0.6 }),
    ...[582, 600, 618].map((x) => rect(x - 4, 650, 8, 80, C.white, 3, s`stroke="${C.i800}" stroke-width="2"`)),
    rect(578, 646, 44, 6, C.i800, 3),
    folk(r, 690, 740, { arms: "hold", scale: 1.35 }),
    s`<rect x="640" y="560" width="22" height="140" rx="8" fill="${C.copper}" transform="rotate(-35 650 570)"/>`,
    circle(780, 520, 10, C.white, s`stroke="${C.i800}" stroke-width="2"`),
    stroke("M620 470Q700 440 772 515", C.i700, 2, 'stroke-dasharray="6 8"'),
  ].join("");
};

const tapeout = (r: Rng) => {
  const cx = 600;
  const pins = range(5)
    .map((i) => s`M${478} ${452 + i * 20}h-22v10h22zM${722} ${452 + i * 20}h22v10h-22z`)
    .join("");
  return [
    room(W, H, 600),
    bunting(0, W, 30, 60, [C.mint, C.i500, C.lav, C.i700]),
    rect(430, 150, 340, 80, C.i700, 40),
    text(cx, 205, "TAPE-OUT!", { size: 40, weight: 800, fill: C.white, anchor: "middle", ls: 3 }),
    balloon(120, 220, C.mint),
    balloon(200, 270, C.i500),
    balloon(1000, 250, C.lav),
    balloon(1080, 200, C.mint),
    folk(r, 230, 700, { arms: "both" }),
    folk(r, 380, 700, { arms: "raise" }),
    folk(r, 820, 700, { arms: "raise", flip: true }),
    folk(r, 970, 700, { arms: "both" }),
    table(300, 560, 600, C.i700, C.i800, 150),
    path(pins, C.lav),
    rect(478, 440, 244, 110, C.i800, 14),
    rect(470, 428, 260, 28, C.lav, 14),
    rect(556, 470, 88, 66, C.mint, 10),
    g(markBody(), tr(576, 478, 0.75)),
    ...[530, 600, 670].map(
      (x, i) =>
        rect(x - 5, 388, 10, 42, i === 1 ? C.mint : C.i500, 4) +
        path(s`M${x} ${364}q10 12 0 22q-10 -10 0 -22z`, C.copper),
    ),
    confetti(r, 26, 60, 1140, 260, 520),
  ].join("");
};

const lunch = (r: Rng) => {
  const plates = [260, 420, 600, 780, 940].map(
    (x, i) =>
      s`<ellipse cx="${x}" cy="574" rx="56" ry="14" fill="${C.white}"/>` +
      s`<ellipse cx="${x - 12}" cy="568" rx="20" ry="8" fill="${i % 2 ? C.lav : C.mint}"/>` +
      s`<ellipse cx="${x + 18}" cy="570" rx="14" ry="6" fill="${C.i500}" opacity=".7"/>`,
  );
  return [
    room(W, H, 640),
    windowPane(80, 90, 220, 240),
    windowPane(900, 90, 220, 240),
    rect(450, 110, 300, 190, C.white, 12),
    circle(540, 200, 50, C.mint, 'opacity=".6"'),
    path("M470 290L570 190L640 260L680 230L730 290Z", C.i500),
    folk(r, 260, 560, { legs: false, arms: "forward" }),
    folk(r, 430, 560, { legs: false, arms: "hold" }),
    folk(r, 600, 560, { legs: false, arms: "forward" }),
    folk(r, 770, 560, { legs: false, arms: "raise" }),
    folk(r, 940, 560, { legs: false, arms: "forward" }),
    table(140, 580, 920, C.i700, C.i800, 160),
    ...plates,
    ...[340, 690, 860].map((x) => rect(x - 10, 530, 20, 38, C.lav, 4, 'opacity=".8"')),
    path("M560 560q40-70 80 0z", C.i500),
    rect(556, 556, 88, 10, C.i800, 5),
  ].join("");
};

const learning = (r: Rng) => [
  room(W, H, 600),
  rect(320, 64, 580, 18, C.i800, 9),
  rect(340, 82, 540, 320, C.white, 6),
  rect(370, 110, 260, 24, C.i700, 6),
  ...range(4).map((i) => rect(370, 160 + i * 34, [220, 180, 240, 160][i] ?? 200, 14, i === 1 ? C.mint : C.lav, 7)),
  ...range(5).map((i) => rect(670 + i * 38, 360 - (i + 2) * 30, 26, (i + 2) * 30, i === 4 ? C.mint : C.i500, 5)),
  folk(r, 1010, 690, { arms: "point", flip: true, scale: 1.25 }),
  ...[260, 440, 620, 800].map((x) => folk(r, x, 650, { legs: false, scale: 1.05 })),
  ...[140, 370, 600, 830].map((x) => folk(r, x + 60, 830, { legs: false, scale: 1.45 })),
  plant(110, 600, 1),
];

const hackathon = (r: Rng) => {
  const notes = range(6)
    .map((i) => rect(120 + (i % 3) * 62, 120 + Math.floor(i / 3) * 62, 50, 50, r.pick([C.mint, C.lav, C.i500]), 4))
    .join("");
  return [
    rect(0, 0, W, H, C.i900),
    rect(0, 600, W, 200, C.ink),
    rect(0, 594, W, 8, C.i800),
    notes,
    circle(1000, 170, 70, C.white),
    circle(1000, 170, 58, C.mist),
    stroke("M1000 170V128M1000 170L1030 190", C.i800, 7),
    rect(420, 90, 360, 190, C.i800, 16),
    stroke(
      wave(450, 750, 40, (t) => 220 - t * 90 + Math.sin(t * 14) * 12),
      C.mint,
      5,
    ),
    rect(450, 120, 120, 14, C.lav, 7),
    folk(r, 300, 560, { legs: false, arms: "forward" }),
    folk(r, 600, 560, { legs: false, arms: "both" }),
    folk(r, 900, 560, { legs: false, arms: "forward", flip: true }),
    table(120, 580, 960, C.i700, C.i800, 160),
    laptop(300, 566, 1.2),
    laptop(900, 566, 1.2),
    s`<path d="M540 566l30-50h100l30 50z" fill="${C.lav}"/>`,
    circle(620, 548, 34, C.copper),
    circle(620, 548, 26, C.lav),
    path("M620 548L620 522M620 548L644 560M620 548L596 560", "none", s`stroke="${C.copper}" stroke-width="3"`),
    ...[760, 790].map((x) => rect(x, 520, 22, 46, C.mint, 5)),
  ].join("");
};

const bringup = (r: Rng) => {
  const peg = range(10)
    .map((i) =>
      range(5)
        .map((j) => s`M${712 + i * 40} ${112 + j * 40}m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0`)
        .join(""),
    )
    .join("");
  return [
    room(W, H, 600),
    rect(690, 90, 420, 220, C.white, 14),
    path(peg, C.lav),
    stroke("M760 140v90M800 140l-10 90M860 150h60v70h-60zM990 130v100M1030 140q30 40 0 80", C.i700, 6),
    windowPane(90, 90, 240, 220),
    folk(r, 600, 520, { legs: false, arms: "forward" }),
    table(180, 540, 860, C.i700, C.i800, 180),
    rect(430, 502, 250, 24, C.i500, 6),
    rect(480, 494, 50, 14, C.i800, 3),
    rect(560, 496, 30, 10, C.mint, 3),
    stroke("M320 526V360l120 -40", C.i800, 10),
    s`<ellipse cx="470" cy="330" rx="60" ry="22" fill="${C.white}" stroke="${C.i800}" stroke-width="10" transform="rotate(15 470 330)"/>`,
    rect(800, 470, 120, 56, C.i800, 10),
    circle(840, 498, 12, C.mint),
    stroke("M900 470Q960 400 880 380", C.i700, 4),
    rect(860, 360, 60, 14, C.lav, 6, 'transform="rotate(-30 890 367)"'),
    folk(r, 1060, 700, { arms: "hold", scale: 1.3 }),
    rect(1040, 520, 60, 80, C.i800, 8),
    rect(1046, 528, 48, 64, C.mint, 5, 'opacity=".6"'),
  ].join("");
};

const onam = (r: Rng) => [
  room(W, H, 560),
  ...range(9).map(
    (i) =>
      stroke(s`M${40 + i * 140} 0V${60 + (i % 2) * 30}`, C.i700, 2) +
      s`<ellipse cx="${40 + i * 140}" cy="${74 + (i % 2) * 30}" rx="14" ry="22" fill="${i % 2 ? C.mint : C.i500}"/>`,
  ),
  stroke(
    smooth(range(10).map((i) => [i * 140 - 30, 10 + (i % 2) * 24] as [number, number])),
    C.mint,
    10,
    'opacity=".7"',
  ),
  folk(r, 300, 620, { arms: "down" }),
  folk(r, 460, 600, { arms: "raise" }),
  folk(r, 760, 600, { arms: "hold", flip: true }),
  folk(r, 920, 620, { arms: "down" }),
  // nilavilakku: a tall brass lamp
  rect(1056, 300, 10, 300, C.i500, 4),
  path("M1020 600h82l-14-26h-54z", C.i500),
  path("M1026 310h70l-10 16h-50z", C.i700),
  ...[1036, 1061, 1086].map((x) => path(s`M${x} 300q8 -12 0 -24q-8 12 0 24z`, C.copper)),
  floral(600, 690, 300, [C.i700, C.mint, C.i500, C.lav, C.mint, C.white]),
];

const tableTennis = (r: Rng) => {
  const mesh = range(7)
    .map((i) => s`M${560 + i * 12} 474V514`)
    .join("");
  return [
    room(W, H, 600),
    windowPane(460, 80, 280, 200),
    plant(70, 600, 1.1),
    plant(1130, 600, 1.1),
    folk(r, 180, 700, { arms: "point", scale: 1.3 }),
    circle(300, 450, 28, C.mint),
    folk(r, 1020, 700, { arms: "point", flip: true, scale: 1.3 }),
    circle(900, 450, 28, C.i500),
    rect(300, 526, 16, 170, C.i800, 4),
    rect(884, 526, 16, 170, C.i800, 4),
    rect(270, 514, 660, 24, C.i700, 6),
    stroke("M280 516H920", C.white, 3),
    rect(596, 474, 8, 44, C.i800),
    stroke(`M548 478H652${mesh}`, C.lav, 2),
    stroke("M320 440Q600 300 820 430", C.i500, 2, 'stroke-dasharray="6 10"'),
    circle(660, 360, 10, C.white, s`stroke="${C.i700}" stroke-width="2"`),
  ].join("");
};

const chai = (r: Rng) => {
  const cup = (x: number, y: number) =>
    path(s`M${x - 12} ${y - 24}h24l-3 24h-18z`, C.white, 'opacity=".95"') +
    rect(x - 9, y - 20, 18, 8, C.copper, 2, 'opacity=".7"');
  const steam = (x: number, y: number) => stroke(s`M${x} ${y}q-8 -12 0 -24q8 -12 0 -24`, C.i500, 3, 'opacity=".5"');
  return [
    room(W, H, 600),
    rect(700, 120, 420, 16, C.i700, 8),
    ...range(5).map((i) => rect(720 + i * 78, 70, 50, 50, i % 2 ? C.lav : C.i500, 10)),
    rect(700, 420, 420, 180, C.i800, 14),
    rect(690, 410, 440, 20, C.i700, 10),
    path("M780 410v-70q0-30 40-30h20q40 0 40 30v70z", C.i500),
    stroke("M880 350q30 0 30 30", C.i500, 8),
    rect(812, 300, 36, 12, C.i800, 6),
    ...[940, 980, 1020, 1060].map((x) => cup(x, 410)),
    steam(980, 380),
    steam(1040, 384),
    folk(r, 200, 700, { arms: "hold" }),
    cup(222, 596),
    folk(r, 380, 700, { arms: "hold", flip: true }),
    cup(358, 596),
    folk(r, 580, 700, { arms: "raise", flip: true }),
    bubble(90, 300, 150, 64, C.white, "right"),
    ...range(3).map((i) => circle(131 + i * 34, 332, 7, C.i500)),
    bubble(420, 290, 180, 64, C.mint, "left"),
    rect(450, 316, 120, 12, C.white, 6),
  ].join("");
};

const yoga = (r: Rng) => [
  room(W, H, 560),
  windowPane(380, 70, 440, 300),
  circle(600, 200, 60, C.mint, 'opacity=".5"'),
  ...[250, 600, 950].map(
    (x, i) =>
      s`<path d="M${x - 120} 720L${x - 80} 640H${x + 80}L${x + 120} 720Z" fill="${[C.i500, C.mint, C.lav][i]}" opacity=".85"/>`,
  ),
  folk(r, 250, 690, { arms: "both" }),
  folk(r, 600, 690, { arms: "both", flip: true }),
  folk(r, 950, 690, { arms: "both" }),
  plant(100, 560, 1.1),
  plant(1110, 560, 1.1),
];

const townhall = (r: Rng) => {
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
  const stars = range(10)
    .map(() => circle(r.range(620, 1020), r.range(90, 300), r.range(3, 6), C.lav))
    .join("");
  return [
    rect(0, 0, W, H, C.mist),
    rect(560, 60, 520, 280, C.i800, 18),
    stars,
    trophy(820, 230, 1.6),
    rect(0, 440, W, 26, C.i700),
    rect(0, 466, W, 120, C.i800),
    rect(140, 300, 120, 150, C.i700, 10),
    rect(130, 296, 140, 16, C.i500, 8),
    folk(r, 380, 440, { arms: "raise" }),
    trophy(380 + 52 * 1.25, headY(440, 1.25) - 14, 0.6),
    folk(r, 520, 440, { arms: "down", flip: true }),
    rect(0, 586, W, 214, C.lav, 0, 'opacity=".5"'),
    ...[150, 400, 650, 900, 1140].map((x) =>
      folk(r, x - 30, 830, { legs: false, scale: 1.35, arms: r.pick(["down", "raise", "down"] as const) }),
    ),
  ].join("");
};

const birthday = (r: Rng) => {
  const hat = (x: number, y: number, c: string) =>
    path(s`M${x - 20} ${y}L${x} ${y - 50}L${x + 20} ${y}Z`, c) + circle(x, y - 52, 6, C.white);
  const xs = [250, 430, 770, 950];
  const people = xs.map((x, i) => folk(r, x, 700, { arms: i % 3 === 0 ? "both" : "raise", flip: i > 1 }));
  return [
    room(W, H, 600),
    bunting(0, W, 40, 50, [C.i500, C.mint, C.lav]),
    balloon(110, 230, C.i500),
    balloon(1090, 230, C.mint),
    ...people,
    ...xs.map((x, i) => hat(x + 4, headY(700, 1.25) - 20, at([C.mint, C.i500, C.lav, C.mint], i))),
    table(380, 560, 440, C.i700, C.i800, 150),
    rect(500, 470, 200, 90, C.i500, 14),
    rect(490, 460, 220, 24, C.lav, 12),
    stroke("M510 510q22 16 45 0t45 0t45 0t45 0", C.white, 5),
    ...[540, 600, 660].map(
      (x, i) =>
        rect(x - 5, 420, 10, 42, i === 1 ? C.mint : C.i700, 4) + path(s`M${x} 396q10 12 0 22q-10 -10 0 -22z`, C.copper),
    ),
    confetti(r, 30, 60, 1140, 140, 560),
  ].join("");
};

const planting = (r: Rng) => {
  const sapling = (x: number, y: number, k: number) =>
    s`<ellipse cx="${x}" cy="${y}" rx="${40 * k}" ry="${10 * k}" fill="${C.i800}" opacity=".8"/>` +
    plant(x + 4 * k, y, 0.5 * k).replace(/<path d="M-30 -44h52l-8 44h-36z" fill="[^"]+"\/>/, "");
  return [
    rect(0, 0, W, H, C.mist),
    circle(960, 150, 80, C.white),
    path("M0 470Q300 330 620 440T1200 400V800H0Z", C.lav, 'opacity=".7"'),
    path("M0 540Q400 460 800 530T1200 520V800H0Z", C.mint, 'opacity=".35"'),
    rect(0, 560, W, 240, C.mint, 0, 'opacity=".25"'),
    ...range(5).map((i) => sapling(160 + i * 220, 640 + (i % 2) * 40, 1 + (i % 2) * 0.2)),
    folk(r, 320, 720, { arms: "hold" }),
    stroke("M300 600L260 740", C.i800, 8),
    path("M240 730l40 10-8 30-40-10z", C.i700),
    folk(r, 660, 730, { arms: "hold", flip: true }),
    path("M610 560h60v40h-60z", C.i500),
    stroke("M670 570l40-20M610 570q-20 -10 -10 -30", C.i500, 8),
    stroke("M712 556l10 14M716 552l14 10", C.mint, 3),
    folk(r, 940, 740, { arms: "raise" }),
  ].join("");
};

export const GALLERY: ((r: Rng) => string | string[])[] = [
  lab,
  whiteboard,
  diwali,
  cricket,
  tapeout,
  lunch,
  learning,
  hackathon,
  bringup,
  onam,
  tableTennis,
  chai,
  yoga,
  townhall,
  birthday,
  planting,
];

export function galleryFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  GALLERY.forEach((scene, i) => {
    const n = String(i + 1).padStart(2, "0");
    const body = scene(rng(`gallery-${n}`));
    out[`images/gallery/gallery-${n}.svg`] = svg(W, H, Array.isArray(body) ? body.join("") : body);
  });
  return out;
}
