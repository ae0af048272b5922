/**
 * Press and media pictures (samples): magazine covers, an award, an event booth,
 * a stage talk, a newspaper clipping, a podcast and a panel. All titles are invented.
 * 1200×800 each.
 */
import { markBody } from "./brand.ts";
import {
  C,
  chip,
  circle,
  g,
  HAIR,
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
  textLines,
  tr,
  wave,
} from "./core.ts";
import { floor, plant, table } from "./light.ts";
import { wafer } from "./tech.ts";

const W = 1200;
const H = 800;
const SHIRTS = [C.i500, C.i700, C.mint, C.i800];

function folk(r: Rng, x: number, y: number, o: Parameters<typeof person>[2] | Record<string, never> = {}): string {
  return person(x, y, {
    shirt: r.pick(SHIRTS),
    skin: r.pick(SKIN),
    hair: r.pick(HAIR),
    style: r.pick(["short", "long", "bun"] as const),
    legs: r.pick([C.ink, C.i900]),
    scale: 1.2,
    ...o,
  });
}

/** A desk surface with a soft vignette. */
function desk(r: Rng): string {
  return rect(0, 0, W, H, C.mist) + circle(W * r.range(0.4, 0.6), H * 0.5, 420, C.white, 'opacity=".7"');
}

interface Cover {
  title: string;
  kicker: string;
  lines: string[];
  bg: string;
  ink: string;
  art: string;
}

/** A magazine cover at 420×560, drawn at the origin. */
function cover(c: Cover, r: Rng): string {
  return [
    rect(0, 0, 420, 560, c.bg, 6),
    text(28, 74, c.title, { size: 50, weight: 800, fill: c.ink, fit: 364, ls: -1 }),
    rect(28, 90, 364, 3, C.mint),
    text(28, 116, c.kicker, { size: 14, weight: 600, fill: c.ink, ls: 2, opacity: 0.8, fit: 364 }),
    c.art,
    ...c.lines.map((t, i) =>
      text(28, 430 + i * 34, t, {
        size: i === 0 ? 26 : 16,
        weight: i === 0 ? 800 : 600,
        fill: i === 0 ? C.mint : c.ink,
        fit: i === 0 ? 364 : 290,
      }),
    ),
    rect(330, 488, 64, 48, C.white, 4),
    stroke(
      range(12)
        .map((i) => s`M${338 + i * 4.5} 494v${r.chance(0.5) ? 30 : 36}`)
        .join(""),
      C.ink,
      r.chance(0.5) ? 2 : 1.5,
    ),
  ].join("");
}

/** A cover lying on the desk, rotated, with a flat shadow; another magazine peeks out behind. */
function coverOnDesk(r: Rng, c: Cover, back: string): string {
  return [
    desk(r),
    g(
      [rect(14, 18, 420, 560, C.lav, 6, 'opacity=".8"'), rect(0, 0, 420, 560, back, 6)],
      s`transform="translate(560 150) rotate(8)"`,
    ),
    g([rect(14, 18, 420, 560, C.lav, 6, 'opacity=".9"'), cover(c, r)], s`transform="translate(300 110) rotate(-4)"`),
    g(
      [path("M0 0h140v10H0z", C.i700), path("M140 0l18 5-18 5z", C.i500), rect(-20, 0, 20, 10, C.lav, 3)],
      'transform="translate(820 660) rotate(-20)"',
    ),
  ].join("");
}

const mag1 = (r: Rng) =>
  coverOnDesk(
    r,
    {
      title: "SILICON QUARTERLY",
      kicker: "DESIGN · VERIFICATION · TAPE-OUT",
      lines: ["The Bengaluru build", "How small teams ship big chips", "Inside a 5 nm sign-off"],
      bg: C.i900,
      ink: C.white,
      art:
        circle(210, 260, 120, C.i700, 'opacity=".7"') +
        chip(210, 260, 150, { body: C.i500, pin: C.lav, pins: 6, die: C.i800 }) +
        g(markBody(), tr(178, 228, 1)),
    },
    C.mint,
  );

const mag2 = (r: Rng) => {
  const d = (cx: number, cy: number, k: number) =>
    stroke(
      s`M${cx - 70 * k} ${cy - 70 * k}L${cx + 70 * k} ${cy + 70 * k}M${cx + 70 * k} ${cy - 70 * k}L${cx - 70 * k} ${cy + 70 * k}`,
      C.i700,
      12 * k,
    ) +
    [-1, 1]
      .flatMap((a) => [-1, 1].map((b) => circle(cx + a * 70 * k, cy + b * 70 * k, 34 * k, C.lav, s`opacity=".8"`)))
      .join("") +
    rect(cx - 30 * k, cy - 30 * k, 60 * k, 60 * k, C.i800, 14 * k);
  return coverOnDesk(
    r,
    {
      title: "EMBEDDED FRONTIER",
      kicker: "FIRMWARE · RTOS · EDGE DEVICES",
      lines: ["Farms that fly", "Drones, sensors and code", "10 teams to watch"],
      bg: C.white,
      ink: C.i800,
      art:
        circle(210, 265, 130, C.mist) +
        stroke(
          wave(60, 360, 30, (t) => 330 + Math.sin(t * 9) * 10),
          C.mint,
          4,
        ) +
        d(210, 250, 1),
    },
    C.i500,
  );
};

const mag3 = (r: Rng) =>
  coverOnDesk(
    r,
    {
      title: "THE CHIP REVIEW",
      kicker: "SEMICONDUCTOR BUSINESS MONTHLY",
      lines: ["Design services grow up", "Why the next wave is Indian", "Wafer prices, explained"],
      bg: C.i700,
      ink: C.white,
      art: wafer(210, 262, 130, 20, r, "cw"),
    },
    C.i900,
  );

const award = (r: Rng) => {
  // two laurel branches: leaves along arcs either side of the trophy, tangent to the arc
  const laurel = (dir: number) =>
    range(8)
      .map((i) => {
        const deg = 112 + i * 17;
        const a = (deg * Math.PI) / 180;
        const x = 600 + dir * Math.cos(a) * -1 * -210;
        const y = 300 + Math.sin(a) * 210;
        const rot = dir > 0 ? deg + 90 + 25 : -(deg + 90 + 25);
        return s`<ellipse cx="${x}" cy="${y}" rx="30" ry="11" fill="${C.mint}" opacity="${0.6 + (i % 2) * 0.4}" transform="rotate(${rot} ${x} ${y})"/>`;
      })
      .join("") +
    stroke(
      s`M${600 + dir * Math.cos((112 * Math.PI) / 180) * 210} ${300 + Math.sin((112 * Math.PI) / 180) * 210}A210 210 0 0 ${dir > 0 ? 1 : 0} ${600 + dir * Math.cos((231 * Math.PI) / 180) * 210} ${300 + Math.sin((231 * Math.PI) / 180) * 210}`,
      C.mint,
      4,
      'opacity=".6"',
    );
  return [
    rect(0, 0, W, H, C.i900),
    path("M470 0L330 800H870L730 0Z", C.white, 'opacity=".06"'),
    ...range(18).map(() => circle(r.range(60, 1140), r.range(40, 500), r.range(2, 4), C.lav, 'opacity=".6"')),
    laurel(1),
    laurel(-1),
    path("M520 160h160v90a80 80 0 0 1-160 0z", C.mint),
    stroke("M520 180h-40v30a40 40 0 0 0 40 40M680 180h40v30a40 40 0 0 1-40 40", C.mint, 14),
    rect(586, 326, 28, 70, C.mint),
    rect(530, 396, 140, 24, C.lav, 6),
    rect(500, 420, 200, 90, C.i700, 10),
    g(markBody(), tr(576, 190, 0.75)),
    rect(380, 560, 440, 120, C.i800, 14),
    text(600, 610, "DESIGN EXCELLENCE AWARD", {
      size: 24,
      weight: 800,
      fill: C.white,
      anchor: "middle",
      ls: 2,
      fit: 380,
    }),
    text(600, 648, "Semiconductor Services · Winner", { size: 17, fill: C.lav, anchor: "middle" }),
  ].join("");
};

const booth = (r: Rng) => [
  rect(0, 0, W, H, C.mist),
  rect(0, 600, W, 200, C.lav, 0, 'opacity=".6"'),
  rect(220, 90, 760, 420, C.i800, 14),
  rect(220, 90, 760, 70, C.i900, 14),
  g(markBody(), tr(250, 100, 0.8)),
  text(310, 138, "Blueberry Semiconductors", { size: 28, weight: 700, fill: C.white }),
  rect(640, 200, 300, 180, C.ink, 10),
  stroke(
    wave(660, 920, 40, (t) => 300 + Math.sin(t * 10) * 30),
    C.mint,
    4,
  ),
  text(260, 220, "Chip to system", { size: 30, weight: 800, fill: C.white }),
  text(260, 256, "Silicon · FPGA · Embedded · Hardware", { size: 16, fill: C.lav }),
  chip(340, 360, 110, { body: C.i500, pin: C.lav, pins: 5, die: C.i700 }),
  rect(470, 300, 130, 130, C.i700, 10),
  rect(490, 320, 90, 60, C.mint, 6, 'opacity=".8"'),
  folk(r, 520, 690, { arms: "point" }),
  rect(620, 520, 360, 110, C.white, 12),
  rect(620, 520, 360, 20, C.mint, 10),
  folk(r, 840, 520, { legs: false, arms: "forward" }),
  rect(620, 530, 360, 100, C.white, 12),
  rect(640, 540, 320, 10, C.mint, 5),
  rect(680, 580, 80, 30, C.i500, 6),
  floor(600, 730, 480),
  folk(r, 150, 730, { arms: "hold", scale: 1.3 }),
  folk(r, 1060, 730, { arms: "down", scale: 1.3, flip: true }),
  plant(1130, 600),
];

const stage = (r: Rng) => [
  rect(0, 0, W, H, C.ink),
  path("M220 0L120 520H520L420 0Z", C.white, 'opacity=".06"'),
  rect(380, 60, 700, 380, C.i800, 14),
  rect(420, 100, 300, 26, C.mint, 8),
  textLines(420, 160, r, 5, 300, 32, [C.lav, C.i500], 12),
  ...range(6).map((i) => rect(780 + i * 44, 400 - (i + 2) * 30, 30, (i + 2) * 30, i === 5 ? C.mint : C.i500, 6)),
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

const newspaper = (r: Rng) => {
  const torn = range(41)
    .map((i) => s`L${i * 15} ${r.range(0, 8)}`)
    .join("");
  const col = (x: number, y: number, n: number) =>
    range(n)
      .map((i) => rect(x, y + i * 18, i === n - 1 ? 110 : 190, 7, C.i700, 3, 'opacity=".35"'))
      .join("");
  return [
    desk(r),
    g(
      [
        path(s`M0 20${torn}L600 20V640L0 640Z`, C.lav, 'transform="translate(14 16)" opacity=".8"'),
        path(s`M0 20${torn}L600 20V640L0 640Z`, C.white),
        text(30, 74, "THE DAILY CIRCUIT", { size: 22, weight: 800, fill: C.i900, ls: 3 }),
        rect(30, 86, 540, 2, C.i900),
        text(30, 134, "Local chip designers", { size: 38, weight: 800, fill: C.i900, fit: 540 }),
        text(30, 178, "take on global work", { size: 38, weight: 800, fill: C.i900, fit: 500 }),
        rect(30, 200, 300, 190, C.i800, 4),
        chip(180, 295, 90, { body: C.i500, pin: C.lav, pins: 4, die: C.mint }),
        text(30, 412, "Engineers at a Bengaluru design house.", { size: 12, fill: C.i700 }),
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

const podcast = (r: Rng) => {
  const mic = (x: number, y: number, flip: number) =>
    stroke(s`M${x} ${y}v-60l${flip * 40} -40`, C.i800, 8) +
    rect(x + flip * 40 - 16, y - 140, 32, 54, C.i700, 16) +
    rect(x - 30, y - 6, 60, 12, C.i800, 6);
  return [
    rect(0, 0, W, H, C.i900),
    rect(0, 590, W, 210, C.ink),
    ...range(8).map((i) => rect(80 + i * 134, 80, 110, 110, i % 3 === 1 ? C.i700 : C.i800, 12)),
    ...range(8).map((i) => rect(80 + i * 134, 210, 110, 110, i % 3 === 0 ? C.i700 : C.i800, 12)),
    rect(500, 40, 200, 60, C.copper, 30),
    text(600, 80, "ON AIR", { size: 26, weight: 800, fill: C.ink, anchor: "middle", ls: 4 }),
    folk(r, 340, 560, { legs: false, arms: "forward" }),
    folk(r, 860, 560, { legs: false, arms: "point", flip: true }),
    table(180, 580, 840, C.i700, C.i800, 160),
    mic(440, 566, 1),
    mic(760, 566, -1),
    ...[0, 1, 2].map((i) =>
      stroke(
        s`M${560 - i * 10} ${380 + i * 0}q-20 40 0 80M${640 + i * 10} 380q20 40 0 80`,
        C.mint,
        4,
        s`opacity="${0.9 - i * 0.25}" transform="translate(${-i * 16} 0)"`,
      ),
    ),
    rect(560, 536, 80, 30, C.i500, 6),
    circle(580, 551, 6, C.mint),
  ].join("");
};

const panelTalk = (r: Rng) => {
  const chair = (x: number) =>
    rect(x - 40, 560, 80, 16, C.i700, 6) + rect(x - 34, 576, 10, 80, C.i700) + rect(x + 24, 576, 10, 80, C.i700);
  const xs = [300, 500, 700, 900];
  return [
    rect(0, 0, W, H, C.mist),
    rect(120, 60, 960, 300, C.i800, 18),
    text(600, 160, "FUTURE OF CHIP DESIGN", {
      size: 40,
      weight: 800,
      fill: C.white,
      anchor: "middle",
      ls: 3,
      fit: 640,
    }),
    text(600, 206, "Panel discussion", { size: 20, fill: C.lav, anchor: "middle" }),
    stroke(
      smooth([
        [160, 300],
        [400, 260],
        [700, 310],
        [1040, 250],
      ]),
      C.mint,
      5,
    ),
    rect(0, 480, W, 24, C.i700),
    rect(0, 504, W, 296, C.lav, 0, 'opacity=".5"'),
    ...xs.map((x) => chair(x)),
    ...xs.map((x, i) => folk(r, x, 580, { legs: false, arms: i === 1 ? "point" : "hold", flip: i > 1 })),
    ...xs.map((x) => rect(x - 22, 570, 18, 88, C.ink, 9) + rect(x + 4, 570, 18, 88, C.ink, 9)),
    table(540, 650, 120, C.i500, C.i700, 100),
    rect(580, 610, 16, 30, C.mint, 4),
  ].join("");
};

export const PRESS: ((r: Rng) => string | string[])[] = [
  mag1,
  award,
  booth,
  stage,
  newspaper,
  mag2,
  podcast,
  mag3,
  panelTalk,
];

export function pressFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  PRESS.forEach((scene, i) => {
    const n = String(i + 1).padStart(2, "0");
    const body = scene(rng(`press-${n}`));
    out[`images/press/press-${n}.svg`] = svg(W, H, Array.isArray(body) ? body.join("") : body);
  });
  return out;
}
