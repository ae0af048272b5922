/**
 * Light illustrations for the six services: the service page image (960×640) and the
 * home-page card (640×400), each matching its alt text in app/content/services.
 */
import {
  at,
  C,
  chip,
  circle,
  cloud,
  drawScene,
  g,
  path,
  range,
  rect,
  type Rng,
  s,
  type Scene,
  smooth,
  stroke,
  svg,
  text,
  textLines,
  tr,
  windowFrame,
} from "./core.ts";
import { card, floor, lightBg } from "./light.ts";

type Pt = [number, number];

const tag = (
  x: number,
  y: number,
  t: string,
  fill: string = C.i800,
  size = 14,
  anchor: "start" | "middle" | "end" = "middle",
) => text(x, y, t, { size, weight: 700, fill, anchor, ls: 1.5 });

/** An oblique plane: P(u, v) = O + u·U + v·V, and filled quads on it. */
function plane(O: Pt, U: Pt, V: Pt) {
  const P = (u: number, v: number): Pt => [O[0] + u * U[0] + v * V[0], O[1] + u * U[1] + v * V[1]];
  const quad = (u: number, v: number, du: number, dv: number, fill: string, extra = "") => {
    const pts = [P(u, v), P(u + du, v), P(u + du, v + dv), P(u, v + dv)];
    return path(`${pts.map(([x, y], i) => s`${i ? "L" : "M"}${x} ${y}`).join("")}Z`, fill, extra);
  };
  return { P, quad };
}

/** A chip package whose die is a regular grid of blocks. */
function gridChip(cx: number, cy: number, size: number, r: Rng, n = 4): string {
  const d = size * 0.62;
  const c = (d - 16) / n;
  const cells = range(n * n).map((i) => {
    const hot = r.chance(0.15);
    return rect(
      cx - d / 2 + 8 + (i % n) * c + 3,
      cy - d / 2 + 8 + Math.floor(i / n) * c + 3,
      c - 6,
      c - 6,
      hot ? C.mint : i % 3 ? C.i500 : C.lav,
      4,
      hot ? "" : s`opacity="${i % 3 ? 0.9 : 0.6}"`,
    );
  });
  return (
    chip(cx, cy, size, { body: C.i800, pin: C.i500, pins: 7, rx: size * 0.08, pinLen: size * 0.1 }) +
    rect(cx - d / 2, cy - d / 2, d, d, C.i700, 10) +
    cells.join("")
  );
}

// ------------------------------------------------------------ silicon

/** Page: an SoC floorplan with processor, memory and interface blocks on an on-chip bus. */
const siliconFull: Scene = (X, Y, _r) => {
  const dx = X(-280);
  const dy = Y(-260);
  const D = 520;
  const pads = range(16)
    .map(
      (i) =>
        s`M${dx + 34 + i * 29} ${dy + 10}h12v12h-12zM${dx + 34 + i * 29} ${dy + D - 22}h12v12h-12zM${dx + 10} ${dy + 34 + i * 29}h12v12h-12zM${dx + D - 22} ${dy + 34 + i * 29}h12v12h-12z`,
    )
    .join("");
  const blk = (x: number, y: number, w: number, h: number, t: string, fill: string, ink: string = C.i900) =>
    rect(dx + x, dy + y, w, h, fill, 12) + tag(dx + x + w / 2, dy + y + h / 2 + 5, t, ink, 13);
  const cores = range(4)
    .map((i) => rect(dx + 56 + (i % 2) * 62, dy + 92 + Math.floor(i / 2) * 52, 52, 42, C.i800, 8))
    .join("");
  const bus = s`M${dx + 40} ${dy + 262}H${dx + D - 40}M${dx + D / 2} ${dy + 262}V${dy + 200}M${dx + 120} ${dy + 262}V${dy + 200}M${dx + D - 120} ${dy + 262}V${dy + 200}M${dx + 100} ${dy + 262}V${dy + 320}M${dx + D / 2} ${dy + 262}V${dy + 320}M${dx + D - 100} ${dy + 262}V${dy + 320}`;
  return [
    floor(X(-20), Y(290), 300),
    rect(dx + 10, dy + 14, D, D, C.lav, 28, 'opacity=".6"'),
    rect(dx, dy, D, D, C.i900, 28),
    path(pads, C.i500),
    blk(40, 40, 180, 160, "", C.lav),
    cores,
    tag(dx + 130, dy + 66, "CPU", C.i900, 13),
    blk(240, 40, 120, 160, "GPU", C.i500, C.white),
    blk(380, 40, 100, 160, "DSP", C.i700, C.white),
    stroke(bus, C.mint, 10),
    tag(dx + D - 44, dy + 252, "NoC", C.mint, 12, "end"),
    blk(40, 300, 130, 80, "SRAM", C.white),
    blk(40, 396, 130, 84, "SRAM", C.white),
    blk(190, 300, 140, 180, "DDR", C.i500, C.white),
    blk(350, 300, 130, 56, "PCIe", C.mint),
    blk(350, 364, 130, 54, "USB", C.lav),
    blk(350, 426, 130, 54, "ETH", C.lav),
    card(X(290), Y(-230), 160, 100),
    tag(X(310), Y(-196), "CLOCK", C.i700, 12, "start"),
    stroke(s`M${X(310)} ${Y(-160)}h20v-20h20v20h20v-20h20v20h20v-20h20`, C.mint, 4),
    card(X(290), Y(-80), 160, 100),
    tag(X(310), Y(-46), "POWER", C.i700, 12, "start"),
    ...range(4).map((i) => rect(X(312 + i * 32), Y(-30), 22, 34, i === 3 ? C.lav : C.i500, 5)),
  ].join("");
};

/** Card: a silicon die with a grid of blocks, with a wafer behind it. */
const siliconCard: Scene = (X, Y, r) => {
  const wx = X(-170);
  const wy = Y(-30);
  const R = 200;
  return [
    s`<clipPath id="wc"><circle cx="${wx}" cy="${wy}" r="${R - 10}"/></clipPath>`,
    s`<pattern id="wd" x="${wx}" y="${wy}" width="34" height="34" patternUnits="userSpaceOnUse"><rect x="2" y="2" width="30" height="30" rx="4" fill="${C.lav}" opacity=".55"/></pattern>`,
    circle(wx + 8, wy + 12, R, C.lav, 'opacity=".5"'),
    circle(wx, wy, R, C.white),
    circle(wx, wy, R, "url(#wd)", 'clip-path="url(#wc)"'),
    path(s`M${wx - 14} ${wy + R + 1}a14 14 0 0 1 28 0z`, C.mist),
    floor(X(130), Y(265), 210),
    gridChip(X(130), Y(40), 330, r),
  ].join("");
};

// --------------------------------------------------------------- FPGA

/** Page: FPGA fabric, logic blocks with routing channels, a processor core in one corner. */
const fpgaFull: Scene = (X, Y, r) => {
  const fx = X(-330);
  const fy = Y(-270);
  const n = 9;
  const m = 7;
  const c = 70;
  const channels =
    range(n + 1)
      .map((i) => s`M${fx + 20 + i * c} ${fy + 10}V${fy + 30 + m * c}`)
      .join("") +
    range(m + 1)
      .map((j) => s`M${fx + 10} ${fy + 20 + j * c}H${fx + 30 + n * c}`)
      .join("");
  const tiles: string[] = [];
  const lit: string[] = [];
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      if (i < 3 && j < 3) continue;
      const d = s`M${fx + 32 + i * c} ${fy + 32 + j * c}h46v46h-46z`;
      (r.chance(0.14) ? lit : tiles).push(d);
    }
  const sb = range((n + 1) * (m + 1))
    .map((k) => s`M${fx + 14 + (k % (n + 1)) * c} ${fy + 14 + Math.floor(k / (n + 1)) * c}h12v12h-12z`)
    .join("");
  const net: Pt[] = [
    [fx + 20 + 3 * c, fy + 20 + 1 * c],
    [fx + 20 + 5 * c, fy + 20 + 1 * c],
    [fx + 20 + 5 * c, fy + 20 + 4 * c],
    [fx + 20 + 8 * c, fy + 20 + 4 * c],
    [fx + 20 + 8 * c, fy + 20 + 6 * c],
  ];
  return [
    floor(X(-10), Y(300), 330),
    rect(fx + 10, fy + 14, n * c + 40, m * c + 40, C.lav, 26, 'opacity=".6"'),
    rect(fx, fy, n * c + 40, m * c + 40, C.i900, 26),
    stroke(channels, C.i700, 6),
    path(sb, C.i500),
    path(tiles.join(""), C.lav, 'opacity=".85"'),
    path(lit.join(""), C.mint),
    stroke(net.map(([x, y], i) => s`${i ? "L" : "M"}${x} ${y}`).join(""), C.mint, 6),
    rect(fx + 30, fy + 30, 3 * c - 12, 3 * c - 12, C.white, 16),
    ...range(4).map((k) => rect(fx + 52 + (k % 2) * 80, fy + 52 + Math.floor(k / 2) * 70, 66, 56, C.i500, 10)),
    tag(fx + 30 + (3 * c - 12) / 2, fy + 30 + 3 * c - 26, "CPU", C.i800, 13),
    card(X(330), Y(-170), 130, 90),
    tag(X(395), Y(-132), "LUT", C.i700, 14),
    ...range(4).map((i) => rect(X(348 + i * 24), Y(-116), 16, 16, i === 2 ? C.mint : C.lav, 3)),
  ].join("");
};

/** A dark board seen from above, its soft shadow below and right, a mounting hole in each corner. */
function boardFromAbove(
  x: number,
  y: number,
  w: number,
  h: number,
  o: { corner: number; shadow: Pt; holeInset: number; hole: number },
): string[] {
  const [near, farX, farY] = [o.holeInset, w - o.holeInset, h - o.holeInset];
  return [
    rect(x + o.shadow[0], y + o.shadow[1], w, h, C.lav, o.corner, 'opacity=".6"'),
    rect(x, y, w, h, C.i800, o.corner),
    ...[
      [near, near],
      [farX, near],
      [near, farY],
      [farX, farY],
    ].map(([dx = 0, dy = 0]) => circle(x + dx, y + dy, o.hole, C.mist)),
  ];
}

/** Card: an FPGA chip on a development board. */
const fpgaCard: Scene = (X, Y, r) => {
  const bx = X(-330);
  const by = Y(-210);
  const hdr = range(18)
    .map((i) => s`M${bx + 70 + i * 26} ${by + 372}h14v14h-14z`)
    .join("");
  return [
    floor(X(0), Y(260), 320),
    ...boardFromAbove(bx, by, 660, 420, { corner: 30, shadow: [10, 14], holeInset: 26, hole: 10 }),
    gridChip(X(-40), Y(-20), 230, r, 5),
    path(hdr, C.lav),
    rect(bx + 500, by + 60, 120, 80, C.i700, 10),
    rect(bx + 500, by + 160, 120, 60, C.i700, 10),
    rect(bx + 40, by + 70, 80, 120, C.i700, 10),
    ...range(4).map((i) => circle(bx + 520 + i * 26, by + 260, 8, i === 1 ? C.mint : C.lav)),
    stroke(
      s`M${X(75)} ${Y(-60)}H${bx + 500}M${X(75)} ${Y(-20)}H${bx + 500}M${X(-155)} ${Y(-20)}H${bx + 120}`,
      C.lav,
      4,
      'opacity=".6"',
    ),
  ].join("");
};

// ----------------------------------------------------------- embedded

/** Page: a microcontroller board with firmware, drivers and application stacked above it. */
const embeddedFull: Scene = (X, Y, _r) => {
  const U: Pt = [230, -80];
  const V: Pt = [300, 60];
  const at0 = (h: number) => plane([X(-300), Y(170 - h)], U, V);
  const boardP = at0(0);
  const layers = ["FIRMWARE", "DRIVERS", "APPLICATION"];
  const colors = [C.i700, C.i500, C.mint];
  const out: string[] = [floor(X(-30), Y(290), 330)];
  out.push(boardP.quad(0, 0, 1, 1, C.i800, s`stroke="${C.white}" stroke-width="3" stroke-linejoin="round"`));
  out.push(boardP.quad(0.36, 0.3, 0.3, 0.36, C.i500), boardP.quad(0.42, 0.37, 0.18, 0.2, C.i700));
  out.push(boardP.quad(0.08, 0.82, 0.6, 0.08, C.lav), boardP.quad(0.8, 0.15, 0.1, 0.14, C.mint));
  layers.forEach((n, i) => {
    const p = at0(110 + i * 100);
    const [lx, ly] = p.P(1, 0.5);
    out.push(
      stroke(
        s`M${p.P(0, 1)[0]} ${p.P(0, 1)[1]}V${boardP.P(0, 1)[1]}M${p.P(1, 1)[0]} ${p.P(1, 1)[1]}V${boardP.P(1, 1)[1]}`,
        C.lav,
        2,
        'stroke-dasharray="4 8"',
      ),
      p.quad(0, 0, 1, 1, at(colors, i), s`opacity=".92" stroke="${C.white}" stroke-width="3" stroke-linejoin="round"`),
      ...range(3).map((k) => p.quad(0.12, 0.2 + k * 0.22, 0.5 - k * 0.1, 0.1, C.white, 'opacity=".55"')),
      stroke(s`M${lx + 8} ${ly}H${lx + 40}`, C.i700, 3),
      tag(lx + 48, ly + 5, n, C.i800, 14, "start"),
    );
  });
  return out.join("");
};

/** Card: a code window beside a microcontroller. */
const embeddedCard: Scene = (X, Y, r) => {
  const bx = X(-20);
  const by = Y(-130);
  const hdr = range(12)
    .map((i) => s`M${bx + 30 + i * 22} ${by + 268}h12v12h-12z`)
    .join("");
  return [
    floor(X(120), Y(250), 260),
    ...boardFromAbove(bx, by, 340, 300, { corner: 24, shadow: [8, 12], holeInset: 22, hole: 8 }),
    chip(bx + 170, by + 130, 120, { body: C.i700, pin: C.lav, pins: 6 }),
    rect(bx + 135, by + 95, 70, 70, C.i500, 10),
    path(hdr, C.lav),
    stroke(
      s`M${bx + 230} ${by + 110}H${bx + 300}M${bx + 230} ${by + 150}H${bx + 280}L${bx + 300} ${by + 170}M${bx + 110} ${by + 130}H${bx + 40}`,
      C.lav,
      4,
      'opacity=".6"',
    ),
    circle(bx + 300, by + 220, 10, C.mint),
    card(X(-440), Y(-220), 380, 320),
    windowFrame(X(-440), Y(-220), 380, 320, C.white, C.i800, [C.lav, C.lav, C.mint]),
    textLines(X(-414), Y(-160), r, 9, 330, 28, [C.i700, C.lav, C.mint, C.i500], 11),
  ].join("");
};

// ----------------------------------------------------------- hardware

/** Page: a multilayer board; processor, memory chips and connectors linked by traces. */
const hardwareFull: Scene = (X, Y, _r) => {
  const U: Pt = [340, -115];
  const V: Pt = [400, 80];
  const layer = (i: number) => plane([X(-370), Y(150 - i * 44)], U, V);
  const top = layer(3);
  const out: string[] = [floor(X(0), Y(270), 360)];
  for (const [i, c] of [C.i900, C.i700, C.i500].entries()) {
    out.push(layer(i).quad(0, 0, 1, 1, c, s`stroke="${C.white}" stroke-width="3" stroke-linejoin="round"`));
  }
  out.push(top.quad(0, 0, 1, 1, C.lav, s`stroke="${C.white}" stroke-width="3" stroke-linejoin="round"`));
  // traces first, parts on top
  const T = (pts: Pt[]) => smooth(pts.map(([u, v]) => top.P(u, v)));
  out.push(
    stroke(
      [
        T([
          [0.5, 0.36],
          [0.5, 0.22],
          [0.3, 0.18],
        ]),
        T([
          [0.58, 0.36],
          [0.58, 0.18],
          [0.72, 0.16],
        ]),
        T([
          [0.46, 0.58],
          [0.3, 0.62],
          [0.12, 0.6],
        ]),
        T([
          [0.5, 0.64],
          [0.5, 0.8],
          [0.46, 0.9],
        ]),
        T([
          [0.66, 0.55],
          [0.8, 0.6],
          [0.9, 0.58],
        ]),
      ].join(""),
      C.copper,
      4,
    ),
    top.quad(0.42, 0.36, 0.24, 0.26, C.i800),
    top.quad(0.47, 0.42, 0.14, 0.14, C.i500),
    top.quad(0.2, 0.1, 0.12, 0.14, C.i700),
    top.quad(0.68, 0.08, 0.12, 0.14, C.i700),
    top.quad(0.02, 0.5, 0.1, 0.2, C.i900),
    top.quad(0.38, 0.9, 0.2, 0.08, C.i900),
    top.quad(0.9, 0.48, 0.08, 0.2, C.mint),
  );
  const lab = (u: number, v: number, t: string, dx: number, dy: number) => {
    const [x, y] = top.P(u, v);
    return (
      stroke(s`M${x} ${y}L${x + dx} ${y + dy}`, C.i700, 2) +
      circle(x, y, 5, C.i800) +
      tag(x + dx + (dx < 0 ? -6 : 6), y + dy + 5, t, C.i800, 13, dx < 0 ? "end" : "start")
    );
  };
  out.push(
    lab(0.26, 0.12, "DDR", -30, -90),
    lab(0.74, 0.1, "FLASH", 20, -80),
    lab(0.54, 0.45, "CPU", 90, -150),
    lab(0.94, 0.56, "USB-C", 40, 40),
    lab(0.06, 0.62, "I/O", -50, 150),
  );
  return out.join("");
};

/** Card: a printed circuit board seen from above. */
const hardwareCard: Scene = (X, Y, _r) => {
  const bx = X(-360);
  const by = Y(-220);
  const W = 720;
  const H = 440;
  const tr1 = range(6)
    .map(
      (i) =>
        s`M${bx + 300} ${by + 150 + i * 22}H${bx + 200 - i * 10}L${bx + 150 - i * 10} ${by + 100 + i * 22}H${bx + 90}`,
    )
    .join("");
  const tr2 = range(5)
    .map((i) => s`M${bx + 430} ${by + 160 + i * 22}H${bx + 520}L${bx + 560} ${by + 120 + i * 22}H${bx + 640}`)
    .join("");
  return [
    floor(X(0), Y(260), 360),
    rect(bx + 10, by + 14, W, H, C.lav, 28, 'opacity=".6"'),
    rect(bx, by, W, H, C.i800, 28),
    stroke(tr1 + tr2, C.copper, 4, 'opacity=".9"'),
    chip(bx + 365, by + 205, 140, { body: C.i900, pin: C.lav, pins: 6 }),
    rect(bx + 330, by + 170, 70, 70, C.mint, 10),
    ...range(2).map((i) => rect(bx + 40, by + 60 + i * 110, 50, 90, C.i700, 8)),
    ...range(3).map((i) => rect(bx + 650, by + 80 + i * 100, 40, 70, C.i900, 6, s`stroke="${C.lav}" stroke-width="3"`)),
    ...range(10).map((i) => circle(bx + 180 + i * 36, by + 390, 9, C.mist)),
    ...range(4).map((i) => rect(bx + 230 + i * 44, by + 320, 28, 16, C.lav, 4)),
    ...[
      [bx + 26, by + 26],
      [bx + W - 26, by + 26],
      [bx + 26, by + H - 26],
      [bx + W - 26, by + H - 26],
    ].map(([hx, hy]) => circle(hx ?? 0, hy ?? 0, 11, C.mist)),
  ].join("");
};

// --------------------------------------------------- machine learning

function network(
  layers: number[],
  x0: number,
  dx: number,
  cy: number,
  gap: number,
  r: Rng,
  nodeR = 26,
): { svg: string; out: Pt[] } {
  const pos = layers.map((n, li) => range(n).map((i) => [x0 + li * dx, cy + (i - (n - 1) / 2) * gap] as Pt));
  let edges = "";
  let hot = "";
  for (let li = 0; li < layers.length - 1; li++)
    for (const a of at(pos, li))
      for (const b of at(pos, li + 1)) {
        const d = s`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
        if (r.chance(0.15)) hot += d;
        else edges += d;
      }
  const nodes = pos.flatMap((L, li) =>
    L.map(([x, y], i) =>
      circle(
        x,
        y,
        nodeR,
        li === 0 ? C.i700 : C.white,
        s`stroke="${(i + li) % 4 === 0 ? C.mint : C.i800}" stroke-width="6"`,
      ),
    ),
  );
  return { svg: stroke(edges, C.lav, 3) + stroke(hot, C.mint, 4) + nodes.join(""), out: at(pos, pos.length - 1) };
}

/** Page: a neural network whose layers feed into a small accelerator chip. */
const mlFull: Scene = (X, Y, r) => {
  const net = network([3, 5, 5, 3], X(-400), 170, Y(-10), 86, r);
  const cx = X(300);
  const cy = Y(-10);
  const feed = net.out
    .map(
      ([x, y], i) => s`M${x + 26} ${y}C${x + 90} ${y} ${cx - 150} ${cy - 40 + i * 40} ${cx - 96} ${cy - 40 + i * 40}`,
    )
    .join("");
  return [
    floor(X(-20), Y(280), 380),
    stroke(feed, C.mint, 5),
    net.svg,
    chip(cx, cy, 150, { body: C.i800, pin: C.i500, pins: 5 }),
    rect(cx - 42, cy - 42, 84, 84, C.mint, 12),
    tag(cx, cy + 6, "NPU", C.i900, 16),
    tag(cx, cy + 140, "ACCELERATOR", C.i700, 13),
  ].join("");
};

/** Card: a network of connected nodes over a chip outline. */
const mlCard: Scene = (X, Y, r) => {
  const outline = chip(X(0), Y(0), 440, { body: C.white, pin: C.lav, pins: 8, rx: 40, pinLen: 34 });
  return [
    floor(X(0), Y(285), 300),
    outline,
    rect(X(-190), Y(-190), 380, 380, C.mist, 30),
    network([3, 4, 4, 2], X(-150), 100, Y(0), 90, r, 22).svg,
  ].join("");
};

// ------------------------------------------------------------ turnkey

/** Page: a finished device opened up: lid, circuit board with its chip, base, software layers. */
const turnkeyFull: Scene = (X, Y, _r) => {
  const U: Pt = [220, -70];
  const V: Pt = [230, 50];
  const lvl = (h: number) => plane([X(-380), Y(130 - h)], U, V);
  const base = lvl(0);
  const pcb = lvl(140);
  const lid = lvl(290);
  const edge = s`stroke="${C.white}" stroke-width="3" stroke-linejoin="round"`;
  const guides = [
    [0, 1],
    [1, 1],
    [1, 0],
  ]
    .map(([u, v]) => {
      const a = lid.P(u ?? 0, v ?? 0);
      const b = base.P(u ?? 0, v ?? 0);
      return s`M${a[0]} ${a[1]}V${b[1]}`;
    })
    .join("");
  const side = (p: ReturnType<typeof plane>, depth: number, fill: string) => {
    const a = p.P(0, 1);
    const b = p.P(1, 1);
    const c = p.P(1, 0);
    return path(
      s`M${a[0]} ${a[1]}L${b[0]} ${b[1]}L${c[0]} ${c[1]}v${depth}L${b[0]} ${b[1] + depth}L${a[0]} ${a[1] + depth}Z`,
      fill,
    );
  };
  const layers = ["APP", "CLOUD", "FIRMWARE"];
  return [
    floor(X(-120), Y(280), 300),
    stroke(guides, C.lav, 2, 'stroke-dasharray="4 8"'),
    side(base, 40, C.i800),
    base.quad(0, 0, 1, 1, C.i700, edge),
    side(pcb, 10, C.i900),
    pcb.quad(0.05, 0.05, 0.9, 0.9, C.i800, edge),
    pcb.quad(0.38, 0.32, 0.28, 0.32, C.i500),
    pcb.quad(0.44, 0.4, 0.16, 0.16, C.mint),
    pcb.quad(0.12, 0.15, 0.14, 0.2, C.lav),
    pcb.quad(0.75, 0.6, 0.12, 0.2, C.lav),
    side(lid, 30, C.i500),
    lid.quad(0, 0, 1, 1, C.lav, edge),
    lid.quad(0.3, 0.3, 0.4, 0.35, C.white, 'opacity=".7"'),
    ...layers.map(
      (t, i) =>
        card(X(230), Y(-220 + i * 120), 210, 92, i === 0 ? C.i700 : C.white) +
        circle(X(270), Y(-174 + i * 120), 20, i === 0 ? C.mint : C.lav) +
        tag(X(304), Y(-169 + i * 120), t, i === 0 ? C.white : C.i800, 14, "start"),
    ),
    stroke(s`M${X(230)} ${Y(-128)}V${Y(-100)}M${X(230)} ${Y(-8)}V${Y(20)}`, C.i500, 3, 'stroke-dasharray="3 6"'),
  ].join("");
};

/** Card: a product enclosure with a circuit board showing inside. */
const turnkeyCard: Scene = (X, Y, _r) => {
  const ex = X(-230);
  const ey = Y(-210);
  return [
    floor(X(0), Y(260), 300),
    rect(ex + 12, ey + 16, 460, 400, C.lav, 60, 'opacity=".6"'),
    rect(ex, ey, 460, 400, C.i700, 60),
    rect(ex + 50, ey + 50, 360, 250, C.white, 26),
    rect(ex + 74, ey + 74, 312, 202, C.i800, 14),
    chip(ex + 230, ey + 175, 90, { body: C.i900, pin: C.lav, pins: 5 }),
    rect(ex + 206, ey + 151, 48, 48, C.mint, 8),
    stroke(
      s`M${ex + 100} ${ey + 110}H${ex + 170}M${ex + 100} ${ey + 240}H${ex + 180}M${ex + 290} ${ey + 120}H${ex + 360}M${ex + 290} ${ey + 230}H${ex + 350}`,
      C.lav,
      5,
      'opacity=".7"',
    ),
    ...range(3).map((i) => circle(ex + 100 + i * 40, ey + 346, 12, i === 0 ? C.mint : C.lav)),
    rect(ex + 290, ey + 336, 110, 20, C.i800, 10),
    cloud(X(300), Y(-170), 150, C.white),
    stroke(s`M${X(240)} ${Y(-110)}q30 40 0 80`, C.i500, 4, 'stroke-dasharray="2 10"'),
  ].join("");
};

export const SERVICES: Record<string, { full: Scene; card: Scene }> = {
  "silicon-engineering": { full: siliconFull, card: siliconCard },
  "fpga-design": { full: fpgaFull, card: fpgaCard },
  "embedded-software": { full: embeddedFull, card: embeddedCard },
  "hardware-design": { full: hardwareFull, card: hardwareCard },
  "machine-learning": { full: mlFull, card: mlCard },
  "turnkey-solutions": { full: turnkeyFull, card: turnkeyCard },
};

const draw = (seed: string, scene: Scene, W: number, H: number) => drawScene(seed, scene, W, H, lightBg);

export function serviceFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, { full, card: cardScene }] of Object.entries(SERVICES)) {
    out[`images/services/${id}.svg`] = svg(960, 640, draw(`service:${id}`, full, 960, 640));
    // the card is drawn in a 1024×640 frame and scaled by 0.625 to 640×400
    out[`images/services/${id}-card.svg`] = svg(
      640,
      400,
      g(draw(`service-card:${id}`, cardScene, 1024, 640), tr(0, 0, 0.625)),
    );
  }
  return out;
}
