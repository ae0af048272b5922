/**
 * Light illustrations for the six services (page image 960×640 and home card 640×400),
 * plus the brochure cover, the "talk to our engineers" advert, and the home and
 * about illustrations.
 */
import { markBody } from "./brand.ts";
import { C, type Rng, at, chip, circle, cloud, g, line, path, person, range, rect, rng, s, SKIN, smooth, stroke, svg, text, textLines, tr, wave, windowFrame } from "./core.ts";
import { bubble, card, floor, lightBg, plant } from "./light.ts";
import { split } from "./tech.ts";

type Scene = (X: (d: number) => number, Y: (d: number) => number, r: Rng) => string;

/** A chip package with a visible die floorplan. */
function dieChip(cx: number, cy: number, size: number, r: Rng): string {
  const d = size * 0.62;
  const blocks = split({ x: cx - d / 2 + 8, y: cy - d / 2 + 8, w: d - 16, h: d - 16 }, r, 3, 6, 40);
  const hi = r.int(0, blocks.length - 1);
  return [
    chip(cx, cy, size, { body: C.i800, pin: C.i500, pins: 7, rx: size * 0.08, pinLen: size * 0.1 }),
    rect(cx - d / 2, cy - d / 2, d, d, C.i700, 10),
    ...blocks.map((b, i) => rect(b.x, b.y, b.w, b.h, i === hi ? C.mint : i % 3 ? C.i500 : C.lav, 4, i === hi ? "" : s`opacity="${i % 3 ? 0.9 : 0.55}"`)),
  ].join("");
}

const silicon: Scene = (X, Y, r) => {
  const wx = X(-150);
  const wy = Y(-40);
  const R = 190;
  return [
    s`<clipPath id="wc"><circle cx="${wx}" cy="${wy}" r="${R - 10}"/></clipPath>`,
    s`<pattern id="wd" x="${wx}" y="${wy}" width="34" height="34" patternUnits="userSpaceOnUse"><rect x="2" y="2" width="30" height="30" rx="4" fill="${C.lav}" opacity=".55"/></pattern>`,
    circle(wx + 8, wy + 12, R, C.lav, 'opacity=".5"'),
    circle(wx, wy, R, C.white),
    circle(wx, wy, R, "url(#wd)", 'clip-path="url(#wc)"'),
    path(s`M${wx - 14} ${wy + R + 1}a14 14 0 0 1 28 0z`, C.mist),
    floor(X(110), Y(245), 190),
    dieChip(X(110), Y(70), 250, r),
    // magnifier
    circle(X(270), Y(-150), 78, C.white, s`stroke="${C.i800}" stroke-width="14"`),
    s`<clipPath id="lens"><circle cx="${X(270)}" cy="${Y(-150)}" r="70"/></clipPath>`,
    g(range(7).map((i) => rect(X(200), Y(-210 + i * 18), 140, 10, i === 3 ? C.mint : i % 2 ? C.lav : C.i500, 3, i === 3 ? "" : 'opacity=".7"')), 'clip-path="url(#lens)"'),
    line(X(325), Y(-95), X(380), Y(-40), C.i800, 22),
  ].join("");
};

const fpga: Scene = (X, Y, r) => {
  const cx = X(20);
  const cy = Y(0);
  const n = 8;
  const cell = 34;
  const gx = cx - (n * cell) / 2;
  const gy = cy - (n * cell) / 2;
  const tiles: string[] = [];
  const hot: string[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) (r.chance(0.18) ? hot : tiles).push(s`M${gx + i * cell + 5} ${gy + j * cell + 5}h24v24h-24z`);
  const sig = (y0: number, x0: number, x1: number, ph: number) => stroke(wave(x0, x1, 40, (t) => y0 + Math.sin(t * 12 + ph) * 16), C.i500, 5);
  const bits = (x0: number, y0: number) => {
    let d = `M${x0} ${y0 + 20}`;
    for (let i = 0; i < 8; i++) d += s`h14V${y0 + (r.chance(0.5) ? 0 : 20)}h14`;
    return stroke(d, C.mint, 5);
  };
  return [
    floor(cx, Y(250), 230),
    sig(Y(-70), X(-420), X(-200), r.range(0, 6)),
    sig(Y(0), X(-420), X(-200), r.range(0, 6)),
    sig(Y(70), X(-420), X(-200), r.range(0, 6)),
    chip(cx, cy, 380, { body: C.i800, pin: C.i500, pins: 9, rx: 30, pinLen: 34 }),
    rect(gx - 12, gy - 12, n * cell + 24, n * cell + 24, C.i700, 16),
    path(tiles.join(""), C.lav, 'opacity=".55"'),
    path(hot.join(""), C.mint),
    bits(X(240), Y(-60)),
    bits(X(240), Y(20)),
    card(X(-420), Y(-250), 150, 64),
    rect(X(-400), Y(-230), 40, 24, C.i700, 6),
    rect(X(-350), Y(-226), 60, 8, C.lav, 4),
    rect(X(-350), Y(-212), 40, 8, C.mint, 4),
  ].join("");
};

const embedded: Scene = (X, Y, r) => {
  const bx = X(-60);
  const by = Y(-60);
  const hdr = range(12)
    .map((i) => s`M${bx + 30 + i * 22} ${by + 268}h12v12h-12z`)
    .join("");
  const brace = (x: number, y: number, dir: number) =>
    stroke(s`M${x} ${y}c${-14 * dir} 0 ${-20 * dir} 6 ${-20 * dir} 20v36c0 10 ${-6 * dir} 16 ${-16 * dir} 16c${10 * dir} 0 ${16 * dir} 6 ${16 * dir} 16v36c0 14 ${6 * dir} 20 ${20 * dir} 20`, C.i700, 12);
  return [
    floor(X(100), Y(250), 260),
    rect(bx + 8, by + 12, 340, 300, C.lav, 24, 'opacity=".6"'),
    rect(bx, by, 340, 300, C.i800, 24),
    ...[
      [bx + 22, by + 22],
      [bx + 318, by + 22],
      [bx + 22, by + 278],
      [bx + 318, by + 278],
    ].map(([hx, hy]) => circle(hx ?? 0, hy ?? 0, 8, C.mist)),
    chip(bx + 170, by + 130, 120, { body: C.i700, pin: C.lav, pins: 6 }),
    rect(bx + 135, by + 95, 70, 70, C.i500, 10),
    path(hdr, C.lav),
    stroke(s`M${bx + 230} ${by + 110}H${bx + 300}M${bx + 230} ${by + 150}H${bx + 280}L${bx + 300} ${by + 170}M${bx + 110} ${by + 130}H${bx + 40}`, C.lav, 4, 'opacity=".6"'),
    circle(bx + 300, by + 220, 10, C.mint),
    // code window
    card(X(-400), Y(-250), 330, 270),
    windowFrame(X(-400), Y(-250), 330, 270, C.white, C.i800, [C.lav, C.lav, C.mint]),
    textLines(X(-376), Y(-196), r, 8, 280, 26, [C.i700, C.lav, C.mint, C.i500], 10),
    brace(X(300), Y(-230), 1),
    brace(X(340), Y(-230), -1),
  ].join("");
};

const hardware: Scene = (X, Y, r) => {
  const layers = [C.i800, C.i700, C.i500, C.lav];
  const iso = (i: number) => {
    const y = Y(110 - i * 44);
    return s`<path d="M${X(-300)} ${y}L${X(-40)} ${y - 90}L${X(300)} ${y - 30}L${X(40)} ${y + 60}Z" fill="${at(layers, i)}" stroke="${C.white}" stroke-width="3" stroke-linejoin="round"/>`;
  };
  const topY = Y(110 - 3 * 44);
  // parts on the top layer, placed in the layer's own skewed frame
  const skew = (u: number, v: number): [number, number] => [X(-300) + u * 260 + v * 340, topY - u * 90 + v * 60];
  const part = (u: number, v: number, du: number, dv: number, fill: string) => {
    const a = skew(u, v);
    const b = skew(u + du, v);
    const c = skew(u + du, v + dv);
    const d = skew(u, v + dv);
    return path(s`M${a[0]} ${a[1]}L${b[0]} ${b[1]}L${c[0]} ${c[1]}L${d[0]} ${d[1]}Z`, fill);
  };
  const tr1 = [skew(0.1, 0.3), skew(0.45, 0.3), skew(0.45, 0.55), skew(0.85, 0.55)];
  const tr2 = [skew(0.2, 0.8), skew(0.6, 0.8), skew(0.6, 0.45)];
  return [
    floor(X(0), Y(250), 330),
    ...range(4).map(iso),
    part(0.42, 0.3, 0.3, 0.3, C.i800),
    part(0.48, 0.36, 0.18, 0.18, C.i500),
    part(0.1, 0.1, 0.14, 0.12, C.i700),
    part(0.1, 0.6, 0.12, 0.12, C.i700),
    part(0.78, 0.7, 0.12, 0.2, C.mint),
    stroke(smooth(tr1) + smooth(tr2), C.copper, 4),
    // eye-diagram card
    card(X(160), Y(-250), 240, 150),
    stroke(
      range(6)
        .map((i) => {
          const a = i % 2 ? -1 : 1;
          const y0 = Y(-175);
          return s`M${X(180)} ${y0 + a * 40}C${X(240)} ${y0 + a * 40} ${X(240)} ${y0 - a * 40} ${X(280)} ${y0 - a * 40}C${X(320)} ${y0 - a * 40} ${X(320)} ${y0 + a * (i > 2 ? 40 : -40)} ${X(380)} ${y0 + a * (i > 2 ? 40 : -40)}`;
        })
        .join(""),
      C.i500,
      3,
      'opacity=".8"',
    ),
    card(X(-420), Y(-250), 180, 110),
    ...range(3).map((i) => rect(X(-400), Y(-228 + i * 26), 140 - i * 30, 12, i ? C.lav : C.i700, 6)),
  ].join("");
};

const ml: Scene = (X, Y, r) => {
  const layers = [3, 5, 5, 2];
  const pos = layers.map((n, li) => range(n).map((i) => [X(-370 + li * 180), Y(-20 + (i - (n - 1) / 2) * 80)] as [number, number]));
  let edges = "";
  let hot = "";
  for (let li = 0; li < 3; li++)
    for (const a of at(pos, li))
      for (const b of at(pos, li + 1)) {
        const d = s`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
        if (r.chance(0.15)) hot += d;
        else edges += d;
      }
  const hm = range(25)
    .map((i) => rect(X(257) + (i % 5) * 32, Y(-263) + Math.floor(i / 5) * 32, 28, 28, r.pick([C.lav, C.i500, C.i700, C.lav, C.mint]), 5))
    .join("");
  return [
    floor(X(-50), Y(250), 300),
    stroke(edges, C.lav, 3),
    stroke(hot, C.mint, 4),
    ...pos.flatMap((L, li) => L.map(([x, y], i) => circle(x, y, 26, li === 0 || li === 3 ? C.i700 : C.white, s`stroke="${(i + li) % 4 === 0 ? C.mint : C.i800}" stroke-width="6"`))),
    card(X(240), Y(-280), 190, 190),
    g(hm),
    chip(X(-300), Y(200), 80, { body: C.i800, pin: C.i500, pins: 4 }),
    rect(X(-318), Y(182), 36, 36, C.mint, 6),
    card(X(240), Y(120), 190, 110),
    stroke(wave(X(260), X(410), 20, (t) => Y(200) - (1 - Math.exp(-t * 4)) * 50), C.mint, 5),
  ].join("");
};

const turnkey: Scene = (X, Y, r) => {
  const dev = [
    card(X(-430), Y(-120), 190, 250, C.i800, 28),
    rect(X(-410), Y(-96), 150, 80, C.i700, 12),
    ...range(4).map((i) => rect(X(-396 + i * 32), Y(-76), 22, 40, C.mint, 4)),
    circle(X(-335), Y(40), 32, C.i700),
    circle(X(-335), Y(40), 12, C.lav),
  ];
  const phone = [card(X(250), Y(-160), 170, 320, C.i800, 30), rect(X(264), Y(-136), 142, 256, C.white, 12), ...range(5).map((i) => rect(X(284 + i * 22), Y(60 - (i + 1) * 24 * r.range(0.6, 1)), 14, (i + 1) * 24 * r.range(0.6, 1), i === 4 ? C.mint : C.i500, 4)), rect(X(284), Y(-112), 90, 12, C.i700, 6), rect(X(284), Y(-90), 60, 10, C.lav, 5)];
  const link = (d: string) => stroke(d, C.i500, 5, 'stroke-dasharray="2 14"');
  return [
    floor(X(0), Y(250), 380),
    link(s`M${X(-230)} ${Y(-20)}C${X(-160)} ${Y(-150)} ${X(-120)} ${Y(-160)} ${X(-80)} ${Y(-150)}`),
    link(s`M${X(90)} ${Y(-150)}C${X(160)} ${Y(-160)} ${X(200)} ${Y(-120)} ${X(240)} ${Y(-60)}`),
    cloud(X(0), Y(-200), 230, C.white),
    circle(X(0), Y(-170), 26, C.mint),
    path(s`M${X(-12)} ${Y(-170)}l9 9l16 -18`, "none", s`stroke="${C.white}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`),
    ...dev,
    ...phone,
    // steps underneath
    ...["DESIGN", "BUILD", "DEPLOY"].map(
      (t, i) => card(X(-180 + i * 130), Y(70), 110, 110, i === 2 ? C.i700 : C.white, 20) + circle(X(-125 + i * 130), Y(110), 18, i === 2 ? C.mint : C.lav) + rect(X(-160 + i * 130), Y(146), 70, 10, i === 2 ? C.lav : C.i500, 5) + text(X(-125 + i * 130), Y(200), t, { size: 14, weight: 700, fill: C.i700, anchor: "middle", ls: 1.5 }),
    ),
  ].join("");
};

export const SERVICES: Record<string, Scene> = {
  "silicon-engineering": silicon,
  "fpga-design": fpga,
  "embedded-software": embedded,
  "hardware-design": hardware,
  "machine-learning": ml,
  "turnkey-solutions": turnkey,
};

function draw(id: string, scene: Scene, W: number, H: number): string {
  const r = rng(`service:${id}`);
  return lightBg(W, H, r) + scene((d) => W / 2 + d, (d) => H / 2 + d, r);
}

// ------------------------------------------------------------------ brochure

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

// ------------------------------------------------------------------ advert

function advert(): string {
  const r = rng("advert");
  const grid = range(8)
    .map((i) => s`M${40 + i * 60} 0V600`)
    .join("");
  return svg(
    480,
    600,
    [
      s`<linearGradient id="ad" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.i800}"/><stop offset="1" stop-color="${C.ink}"/></linearGradient>`,
      rect(0, 0, 480, 600, "url(#ad)"),
      stroke(grid, C.i700, 1, 'opacity=".6"'),
      circle(390, 150, 150, C.i700, 'opacity=".5"'),
      person(372, 282, { shirt: C.i500, skin: at(SKIN, r.int(0, 4)), legs: false, arms: "hold", scale: 0.9, style: "short" }),
      rect(300, 274, 150, 16, C.lav, 8),
      bubble(232, 36, 170, 70, C.mint, "right"),
      ...range(3).map((i) => circle(282 + i * 34, 71, 7, C.ink)),
      bubble(40, 140, 200, 76, C.white, "left"),
      rect(68, 166, 120, 10, C.i700, 5),
      rect(68, 186, 80, 10, C.lav, 5),
      rect(40, 300, 64, 8, C.mint, 4),
      text(40, 370, "Talk to our", { size: 50, weight: 800, fill: C.white, ls: -0.5 }),
      text(40, 430, "engineers", { size: 50, weight: 800, fill: C.mint, ls: -0.5 }),
      text(40, 474, "Silicon, FPGA, embedded and hardware", { size: 17, fill: C.lav }),
      circle(68, 536, 28, C.mint),
      path("M56 536h24M70 526l10 10-10 10", "none", s`stroke="${C.ink}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"`),
      rect(112, 532, 120, 8, C.i500, 4),
    ].join(""),
  );
}

// ------------------------------------------------------ home and about art

function fuelling(): string {
  const r = rng("fuelling");
  const W = 960;
  const H = 720;
  const cx = 330;
  const cy = 470;
  const trails = range(5).map((i) => {
    const x0 = cx - 60 + i * 30;
    return s`M${x0} ${cy - 130}C${x0} ${cy - 260} ${x0 + 220 + i * 20} ${cy - 240 - i * 10} ${x0 + 300 + i * 25} ${cy - 420 + i * 34}`;
  });
  const ends = range(5).map((i) => [cx - 60 + i * 30 + 300 + i * 25, cy - 420 + i * 34] as [number, number]);
  const barsH = [90, 140, 120, 190, 250];
  return svg(
    W,
    H,
    [
      lightBg(W, H, r),
      floor(480, 640, 380),
      stroke(trails.join(""), C.i500, 8, 'opacity=".85"'),
      stroke(trails.slice(1, 3).join(""), C.mint, 8),
      ...ends.map(([x, y], i) => circle(x, y, 14, i === 1 || i === 2 ? C.mint : C.i700, s`stroke="${C.white}" stroke-width="5"`)),
      chip(cx, cy, 230, { body: C.i800, pin: C.i500, pins: 6, die: C.i700 }),
      g(markBody(), tr(cx - 52, cy - 50, 1.6)),
      ...barsH.map((h, i) => rect(620 + i * 56, 630 - h, 40, h, i === 4 ? C.mint : i % 2 ? C.i500 : C.lav, 10)),
      person(120, 640, { shirt: C.i500, skin: at(SKIN, 1), legs: C.i800, arms: "point", style: "bun" }),
      person(560, 640, { shirt: C.i700, skin: at(SKIN, 2), legs: C.ink, arms: "raise", flip: true }),
      plant(880, 640, 0.9),
    ].join(""),
  );
}

function introduction(): string {
  const r = rng("introduction");
  const W = 960;
  const H = 720;
  const bx = 300;
  const by = 150;
  const win: string[] = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j < 5; j++) win.push(s`M${bx + 36 + i * 62} ${by + 120 + j * 62}h44v40h-44z`);
  const lit = win.filter(() => r.chance(0.25));
  const tree = (x: number, k: number) => rect(x - 7, 560 - 90 * k, 14, 90 * k, C.i700, 4) + circle(x, 560 - 110 * k, 56 * k, C.mint, 'opacity=".85"') + circle(x - 30 * k, 560 - 80 * k, 36 * k, C.mint);
  return svg(
    W,
    H,
    [
      lightBg(W, H, r),
      rect(0, 560, W, 160, C.lav, 0, 'opacity=".5"'),
      rect(0, 556, W, 8, C.lav),
      rect(bx + 12, by + 16, 400, 400, C.lav, 12, 'opacity=".6"'),
      rect(bx, by, 400, 410, C.i800, 12),
      rect(bx - 16, by - 10, 432, 30, C.i900, 10),
      path(win.join(""), C.i700),
      path(lit.join(""), C.lav),
      rect(bx + 140, by + 440 - 100, 120, 70, C.mist, 8),
      stroke(s`M${bx + 200} ${by + 342}V${by + 410}`, C.lav, 4),
      // rooftop sign with the mark
      rect(bx + 130, by - 86, 140, 72, C.white, 16),
      g(markBody(), tr(bx + 168, by - 82, 1)),
      rect(bx + 196, by - 18, 8, 12, C.i900),
      tree(190, 1),
      tree(800, 1.15),
      tree(110, 0.7),
      // map pin
      path("M780 170c-34-40-48-62-48-86a48 48 0 0 1 96 0c0 24-14 46-48 86z", C.i500),
      circle(780, 84, 18, C.white),
      person(420, 640, { shirt: C.mint, skin: at(SKIN, 0), legs: C.i800, arms: "raise", style: "long" }),
      person(520, 640, { shirt: C.i500, skin: at(SKIN, 2), legs: C.ink, arms: "down" }),
      person(620, 640, { shirt: C.i700, skin: at(SKIN, 3), legs: C.i900, arms: "down", style: "bun", flip: true }),
    ].join(""),
  );
}

export function serviceFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, scene] of Object.entries(SERVICES)) {
    out[`images/services/${id}.svg`] = svg(960, 640, draw(id, scene, 960, 640));
    out[`images/services/${id}-card.svg`] = svg(640, 400, g(draw(id, scene, 1024, 640), tr(0, 0, 0.625)));
  }
  out["images/services/brochure.svg"] = brochure();
  out["images/case-studies/advert.svg"] = advert();
  out["images/home/fuelling.svg"] = fuelling();
  out["images/about/introduction.svg"] = introduction();
  return out;
}

