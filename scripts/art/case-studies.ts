/**
 * Case-study art: one dark technical scene per case study, its motif taken from the
 * service and the subject. Each scene is drawn from a generator seeded with the slug,
 * once at 1200×675 and once (same seed, so the same picture) for the 640×400 thumbnail.
 */
import { C, type Rng, at, chip, circle, cloud, g, line, path, poly, range, rect, rng, s, smooth, stroke, svg, text, textLines, tr, wave, windowFrame } from "./core.ts";
import { arrow, block, board, box, darkBackground, darkDefs, dieFrame, eye, fabric, gridLines, heat, label, nnGraph, panel, plotLine, route, split, timing, wafer } from "./tech.ts";

type Scene = (X: (d: number) => number, Y: (d: number) => number, r: Rng) => string;

const kinds = ["logic", "sram", "logic", "analog", "sram"] as const;

/** A floorplan of blocks inside a die; one block is highlighted. */
function floorplan(x: number, y: number, w: number, h: number, r: Rng, names: string[], depth = 3): { svg: string; blocks: { x: number; y: number; w: number; h: number }[] } {
  const die = dieFrame(x, y, w, h);
  const blocks = split(die.core, r, depth, 10);
  const hi = r.int(0, blocks.length - 1);
  return {
    svg: die.svg + blocks.map((b, i) => block(b, i === hi ? "hi" : r.pick(kinds), at(names, i))).join(""),
    blocks,
  };
}

function coverageRing(cx: number, cy: number, R: number, frac: number, t: string): string {
  const a = frac * Math.PI * 2 - Math.PI / 2;
  const ex = cx + R * Math.cos(a);
  const ey = cy + R * Math.sin(a);
  return g([
    circle(cx, cy, R, "none", s`stroke="${C.i800}" stroke-width="20"`),
    stroke(s`M${cx} ${cy - R}A${R} ${R} 0 ${frac > 0.5 ? 1 : 0} 1 ${ex} ${ey}`, C.mint, 20),
    text(cx, cy + 12, `${Math.round(frac * 100)}%`, { size: 40, weight: 700, anchor: "middle" }),
    label(cx, cy + R + 48, t, { anchor: "middle" }),
  ]);
}

function bars(x: number, y: number, w: number, h: number, values: number[], color: string = C.mint, hi = -1): string {
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
function spiral(cx: number, cy: number, R: number, turns: number): string {
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

function pipeline(x: number, y: number, w: number, h: number, names: string[], hi: number, gap = 34): string {
  const bw = (w - gap * (names.length - 1)) / names.length;
  return names
    .map((n, i) => {
      const bx = x + i * (bw + gap);
      return box(bx, y, bw, h, n, { hi: i === hi, size: 13 }) + (i < names.length - 1 ? arrow(bx + bw + 4, y + h / 2, bx + bw + gap - 4, y + h / 2, C.lav) : "");
    })
    .join("");
}

// ----------------------------------------------------------------- silicon

const pcie: Scene = (X, Y, r) => {
  const tb = s`<rect x="${X(-450)}" y="${Y(-250)}" width="600" height="320" rx="20" fill="${C.i900}" fill-opacity=".7" stroke="${C.i500}" stroke-width="1.5" stroke-dasharray="8 6"/>`;
  const dut = [
    s`<rect x="${X(-250)}" y="${Y(-200)}" width="200" height="230" rx="14" fill="${C.i800}" stroke="${C.mint}" stroke-width="2.5"/>`,
    label(X(-150), Y(-170), "PCIe GEN5 DUT", { anchor: "middle", fill: C.mint }),
    ...["TRANSACTION", "DATA LINK", "PHY / PIPE"].map((n, i) => box(X(-232), Y(-150 + i * 56), 164, 44, n, { fill: i === 2 ? C.i700 : C.i900, size: 12 })),
  ];
  const agents = [
    box(X(-430), Y(-200), 150, 56, "SEQUENCER"),
    box(X(-430), Y(-100), 150, 56, "DRIVER"),
    box(X(-20), Y(-200), 150, 56, "MONITOR"),
    box(X(-20), Y(-100), 150, 56, "SCOREBOARD"),
    arrow(X(-355), Y(-142), X(-355), Y(-102)),
    arrow(X(-278), Y(-72), X(-252), Y(-72)),
    arrow(X(-48), Y(-172), X(-22), Y(-172)),
    arrow(X(55), Y(-142), X(55), Y(-102)),
    label(X(-430), Y(40), "UVM TESTBENCH", { size: 12, fill: C.i500 }),
  ];
  const lanes = timing(X(-450), Y(110), 900, ["clk", "bit", "bus", "bus", "bit"], r, 30, 30);
  return [tb, ...dut, ...agents, coverageRing(X(330), Y(-95), 92, r.range(0.93, 0.99), "FUNCTIONAL COVERAGE"), lanes].join("");
};

const ddr5: Scene = (X, Y, r) => {
  const x = X(-450);
  const y = Y(-250);
  const die = dieFrame(x, y, 560, 500);
  const top = split({ x: x + 30, y: y + 30, w: 500, h: 330 }, r, 3, 10);
  const names = ["CPU", "L2", "NOC", "SRAM", "DMA", "PLL", "IO"];
  const slices = range(8).map((i) => ({ x: x + 30 + i * 63.8, y: y + 372, w: 55, h: 98 }));
  const hs = r.int(1, 6);
  const sl = at(slices, hs);
  // zoom inset of one byte lane
  const ix = X(180);
  const iy = Y(-250);
  const traces: string[] = [];
  const vias: string[] = [];
  for (let i = 0; i < 9; i++) {
    const ty = iy + 40 + i * 30 + r.int(0, 8);
    const x1 = ix + 20 + r.int(0, 60);
    const x2 = ix + 150 + r.int(0, 90);
    traces.push(s`M${x1} ${ty}H${x2}`);
    vias.push(s`M${x2 - 4} ${ty - 4}h8v8h-8z`);
    if (i % 3 === 1) {
      const vx = x2;
      traces.push(s`M${vx} ${ty}V${ty + 60}`);
    }
  }
  return [
    die.svg,
    ...top.map((b, i) => block(b, r.pick(kinds), at(names, i))),
    ...slices.map((b, i) => block(b, i === hs ? "hi" : "logic")),
    label(x + 30, y + 366, "DDR5 PHY  ·  8 BYTE LANES", { size: 11, fill: C.mint }),
    stroke(s`M${sl.x + sl.w} ${sl.y}L${ix} ${iy + 16}M${sl.x + sl.w} ${sl.y + sl.h}L${ix} ${iy + 340}`, C.mint, 1.5, 'stroke-dasharray="6 6" opacity=".7"'),
    panel(ix, iy, 270, 356),
    s`<rect x="${ix + 12}" y="${iy + 12}" width="246" height="332" rx="10" fill="url(#rows)"/>`,
    stroke(traces.join(""), C.copper, 3, 'opacity=".85"'),
    path(vias.join(""), C.lav),
    label(ix + 16, iy + 340, "ROUTED SLICE", { size: 11 }),
    panel(ix, Y(140), 270, 110),
    bars(ix + 16, Y(156), 238, 80, range(12).map((i) => Math.exp(-((i - 5.5) ** 2) / 9) * r.range(0.75, 1))),
  ].join("");
};

const mcuDft: Scene = (X, Y, r) => {
  const fp = floorplan(X(-450), Y(-250), 500, 500, r, ["CPU", "FLASH", "CAN-FD", "ADC", "SRAM", "TIMERS", "SAFETY", "PMU"]);
  // scan chains snake through the core
  const chains: string[] = [];
  const flops: string[] = [];
  for (let c = 0; c < 4; c++) {
    const y0 = Y(-200 + c * 110);
    const pts: [number, number][] = [];
    for (let k = 0; k < 9; k++) {
      const px = X(-410 + k * 52);
      const py = y0 + (k % 2 ? 40 : 0) + r.int(-6, 6);
      pts.push([px, py]);
      flops.push(s`M${px - 5} ${py - 5}h10v10h-10z`);
    }
    chains.push(poly(pts));
  }
  return [
    fp.svg,
    stroke(chains.join(""), C.mint, 2.5, 'opacity=".9"'),
    path(flops.join(""), C.mint),
    label(X(-420), Y(-224), "SCAN IN", { size: 11, fill: C.mint }),
    wafer(X(270), Y(-80), 165, 22, r, "wm"),
    panel(X(100), Y(135), 350, 115),
    ...["STUCK-AT", "TRANSITION", "CELL-AWARE"].map((n, i) => {
      const v = r.range(0.86, 0.99);
      return (
        label(X(120), Y(170 + i * 30), n, { size: 11 }) +
        rect(X(245), Y(160 + i * 30), 180, 10, C.i800, 5) +
        rect(X(245), Y(160 + i * 30), 180 * v, 10, C.mint, 5)
      );
    }),
  ].join("");
};

/** Quadtree split of a frame, as an HEVC encoder partitions coding-tree units. */
function quad(x: number, y: number, sz: number, r: Rng, depth: number, out: string[], fills: string[]): void {
  if (depth > 0 && r.chance(depth === 3 ? 0.8 : 0.5)) {
    const h = sz / 2;
    for (const [dx, dy] of [[0, 0], [h, 0], [0, h], [h, h]] as const) quad(x + dx, y + dy, h, r, depth - 1, out, fills);
    return;
  }
  out.push(s`M${x} ${y}h${sz}v${sz}h${-sz}z`);
  if (sz <= 24 && r.chance(0.3)) fills.push(s`M${x + 2} ${y + 2}h${sz - 4}v${sz - 4}h${-(sz - 4)}z`);
}

const hevc: Scene = (X, Y, r) => {
  const fx = X(-450);
  const fy = Y(-140);
  const ctu = 96;
  const cells: string[] = [];
  const fills: string[] = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j < 4; j++) quad(fx + i * ctu, fy + j * ctu, ctu, r, 3, cells, fills);
  const fw = ctu * 6;
  const fh = ctu * 4;
  const hill = (base: number, amp: number, ph: number) =>
    smooth(range(13).map((i) => [fx + (fw * i) / 12, fy + base + Math.sin(i * 0.7 + ph) * amp] as [number, number])) + s`L${fx + fw} ${fy + fh}L${fx} ${fy + fh}Z`;
  const hiX = fx + r.int(1, 4) * ctu;
  const hiY = fy + r.int(1, 2) * ctu;
  return [
    pipeline(X(-450), Y(-250), 900, 64, ["BITSTREAM", "CABAC", "IQ / IDCT", "PREDICT", "DEBLOCK", "SAO"], r.int(1, 4), 30),
    s`<clipPath id="fr"><rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" rx="12"/></clipPath>`,
    g(
      [
        rect(fx, fy, fw, fh, C.i800),
        circle(fx + fw * r.range(0.6, 0.85), fy + 90, 42, C.lav, 'opacity=".35"'),
        path(hill(210, 30, r.range(0, 6)), C.i700),
        path(hill(280, 22, r.range(0, 6)), C.i500, 'opacity=".7"'),
        path(fills.join(""), C.mint, 'opacity=".25"'),
        stroke(cells.join(""), C.lav, 1.2, 'opacity=".45"'),
        s`<rect x="${hiX}" y="${hiY}" width="${ctu}" height="${ctu}" fill="none" stroke="${C.mint}" stroke-width="3"/>`,
      ],
      'clip-path="url(#fr)"',
    ),
    s`<rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" rx="12" fill="none" stroke="${C.i500}" stroke-width="2"/>`,
    panel(X(166), Y(-140), 284, 384),
    label(X(186), Y(-106), "SCOREBOARD", { size: 12 }),
    ...range(9).map((i) => {
      const yy = Y(-80 + i * 36);
      const ok = i !== 6 || r.chance(0.4);
      return circle(X(194), yy, 7, ok ? C.mint : C.copper) + rect(X(212), yy - 5, r.range(90, 200), 10, C.i700, 5);
    }),
  ].join("");
};

const bleSoc: Scene = (X, Y, r) => {
  const x = X(-450);
  const y = Y(-250);
  const die = dieFrame(x, y, 500, 500);
  const rf = { x: x + 30, y: y + 30, w: 200, h: 200 };
  const rest = split({ x: x + 240, y: y + 30, w: 230, h: 440 }, r, 2, 10);
  const low = split({ x: x + 30, y: y + 240, w: 200, h: 230 }, r, 1, 10);
  const names = ["CPU", "SRAM", "FLASH", "PMU", "AES", "GPIO"];
  const code = windowFrame(X(100), Y(-250), 350, 500, C.i900, C.i800, [C.copper, C.lav, C.mint]);
  return [
    die.svg,
    block(rf, "hi", "2.4 GHz RF"),
    spiral(rf.x + 70, rf.y + 110, 44, 4),
    spiral(rf.x + 150, rf.y + 120, 30, 3),
    ...rest.map((b, i) => block(b, r.pick(kinds), at(names, i))),
    ...low.map((b, i) => block(b, i ? "sram" : "analog", i ? "SRAM" : "ADC")),
    circle(rf.x + 176, rf.y + 66, 5, C.mint),
    ...[12, 22, 32].map((rr) => stroke(s`M${rf.x + 176 - rr * 0.7} ${rf.y + 60 - rr * 0.7}A${rr} ${rr} 0 0 1 ${rf.x + 176 + rr * 0.7} ${rf.y + 60 - rr * 0.7}`, C.mint, 2.5, s`opacity="${1.2 - rr / 40}"`)),
    code,
    textLines(X(124), Y(-196), r, 18, 300, 24, [C.i500, C.lav, C.mint, C.i700], 9),
  ].join("");
};

// -------------------------------------------------------------------- FPGA

const radar: Scene = (X, Y, r) => {
  const ox = X(-290);
  const oy = Y(220);
  const arcs = [90, 180, 270].map((R) => s`M${ox - R} ${oy}A${R} ${R} 0 0 1 ${ox + R} ${oy}`).join("");
  const sweep = r.range(-2.6, -1.9);
  const targets = range(5).map(() => {
    const a = r.range(-2.9, -0.3);
    const d = r.range(70, 260);
    return circle(ox + Math.cos(a) * d, oy + Math.sin(a) * d, 6, C.mint);
  });
  const rdX = X(40);
  const rdY = Y(0);
  return [
    g(fabric(X(-450), Y(-250), 15, 8, 60, r, 16, "fab"), 'opacity=".35"'),
    s`<path d="M${ox} ${oy}L${ox + Math.cos(sweep - 0.35) * 280} ${oy + Math.sin(sweep - 0.35) * 280}A280 280 0 0 1 ${ox + Math.cos(sweep) * 280} ${oy + Math.sin(sweep) * 280}Z" fill="${C.mint}" opacity=".18"/>`,
    stroke(arcs + s`M${ox - 280} ${oy}H${ox + 280}M${ox} ${oy}V${oy - 280}`, C.lav, 1.5, 'opacity=".5"'),
    line(ox, oy, ox + Math.cos(sweep) * 280, oy + Math.sin(sweep) * 280, C.mint, 3),
    ...targets,
    panel(X(-20), Y(-250), 470, 210, C.ink),
    stroke(wave(X(0), X(430), 160, (t) => Y(-200) + Math.sin(t * t * 70) * 22), C.mint, 2.2),
    label(X(0), Y(-150), "CHIRP IN", { size: 11 }),
    pipeline(X(0), Y(-128), 430, 60, ["ADC", "WINDOW", "FFT", "CFAR"], 2, 22),
    panel(X(-20), Y(-20), 470, 270, C.ink),
    label(rdX, rdY + 22, "RANGE · DOPPLER", { size: 11 }),
    heat(rdX, rdY + 36, 15, 7, 26, [[r.int(2, 12), r.int(1, 5), 1], [r.int(2, 12), r.int(1, 5), 0.8]], r, 0.25),
  ].join("");
};

const ldpc: Scene = (X, Y, r) => {
  const vn = range(12).map((i) => [X(-400 + i * 72.7), Y(-180)] as [number, number]);
  const cn = range(6).map((i) => [X(-330 + i * 132), Y(40)] as [number, number]);
  let edges = "";
  let hot = "";
  for (const [ci, c] of cn.entries()) {
    const picks = new Set<number>();
    while (picks.size < 4) picks.add(r.int(0, 11));
    for (const vi of [...picks].sort((a, b) => a - b)) {
      const v = at(vn, vi);
      const d = s`M${v[0]} ${v[1] + 14}L${c[0]} ${c[1] - 16}`;
      if ((ci + vi) % 3 === 0 && r.chance(0.7)) hot += d;
      else edges += d;
    }
  }
  const iters = range(10).map((i) => Math.min(1, 0.2 + Math.log(1 + i) * 0.38 + r.range(-0.04, 0.04)));
  const bx = X(40);
  return [
    g(fabric(X(-450), Y(-250), 15, 8, 60, r, 14, "fab", false), 'opacity=".25"'),
    stroke(edges, C.lav, 1.5, 'opacity=".45"'),
    stroke(hot, C.mint, 2.5),
    ...vn.map(([vx, vy]) => circle(vx, vy, 14, C.i800, s`stroke="${C.lav}" stroke-width="2.5"`)),
    ...cn.map(([qx, qy]) => s`<rect x="${qx - 16}" y="${qy - 16}" width="32" height="32" rx="6" fill="${C.i700}" stroke="${C.mint}" stroke-width="2.5"/>`),
    label(X(-414), Y(-214), "VARIABLE NODES", { size: 11 }),
    label(X(-346), Y(86), "CHECK NODES", { size: 11 }),
    panel(X(-450), Y(120), 450, 130, C.ink),
    label(X(-430), Y(146), "ITERATIONS", { size: 11 }),
    bars(X(-430), Y(156), 410, 80, iters),
    panel(bx, Y(120), 410, 130, C.ink),
    label(bx + 230, Y(146), "BIT ERROR RATE", { size: 11 }),
    gridLines(bx + 20, Y(160), 370, 70, 2),
    plotLine(bx + 20, Y(150), 370, 80, (t) => 1 / (1 + Math.exp((t - 0.45) * 12)), 24, C.lav, 2.5),
    plotLine(bx + 20, Y(150), 370, 80, (t) => 1 / (1 + Math.exp((t - 0.32) * 14)), 24, C.mint, 3),
  ].join("");
};

const netProto: Scene = (X, Y, r) => {
  const fpgas = [
    [X(-330), Y(-120)],
    [X(-130), Y(-120)],
    [X(-330), Y(100)],
    [X(-130), Y(100)],
  ] as const;
  const cables = [
    s`M${X(-260)} ${Y(-140)}H${X(-200)}M${X(-260)} ${Y(-100)}H${X(-200)}`,
    s`M${X(-260)} ${Y(80)}H${X(-200)}M${X(-260)} ${Y(120)}H${X(-200)}`,
    s`M${X(-350)} ${Y(-50)}V${Y(30)}M${X(-310)} ${Y(-50)}V${Y(30)}`,
    s`M${X(-150)} ${Y(-50)}V${Y(30)}M${X(-110)} ${Y(-50)}V${Y(30)}`,
  ];
  const lanes = range(6).map((i) => {
    const ly = Y(-190 + i * 76);
    let px = X(90) + r.int(0, 40);
    const pk: string[] = [];
    while (px < X(420)) {
      const w = r.pick([28, 44, 64]);
      if (px + w > X(430)) break;
      pk.push(s`<rect x="${px}" y="${ly - 11}" width="${w}" height="22" rx="7" fill="${r.pick([C.mint, C.i500, C.lav, C.i500])}" opacity=".9"/>`);
      px += w + r.int(10, 40);
    }
    return line(X(10), ly, X(440), ly, C.i700, 2) + pk.join("") + circle(X(10), ly, 7, C.ink, s`stroke="${C.lav}" stroke-width="2.5"`);
  });
  return [
    board(X(-450), Y(-250), 440, 500),
    s`<rect x="${X(-425)}" y="${Y(-225)}" width="390" height="450" rx="14" fill="none" stroke="${C.mint}" stroke-width="2" stroke-dasharray="10 7" opacity=".8"/>`,
    label(X(-405), Y(-196), "ASIC PARTITIONS", { size: 11, fill: C.mint }),
    stroke(cables.join(""), C.copper, 4, 'opacity=".8"'),
    ...fpgas.map(([fx, fy], i) => chip(fx, fy, 112, { body: i === r.int(0, 3) ? C.i500 : C.i700, die: C.i800, pins: 6, rx: 10 })),
    ...fpgas.map(([fx, fy], i) => label(fx, fy + 5, `FPGA ${i + 1}`, { anchor: "middle", size: 12 })),
    ...lanes,
    stroke(s`M${X(-10)} ${Y(-190)}H${X(10)}M${X(-10)} ${Y(190)}H${X(10)}M${X(-10)} ${Y(-190)}V${Y(190)}`, C.lav, 2, 'opacity=".5"'),
    label(X(90), Y(236), "100G ETHERNET PORTS", { size: 11 }),
  ].join("");
};

// --------------------------------------------------------------- embedded

function mcuBoard(x: number, y: number, w: number, h: number, r: Rng, chipLabel = "MCU"): string {
  const hdr: string[] = [];
  for (let i = 0; i < Math.floor((w - 80) / 18); i++) hdr.push(s`M${x + 40 + i * 18} ${y + h - 34}h10v10h-10z`);
  return [
    board(x, y, w, h),
    stroke(route([[x + w / 2, y + h / 2], [x + w - 60, y + 50]]) + route([[x + w / 2 - 30, y + h / 2 + 40], [x + 70, y + h - 60]]) + route([[x + w / 2 + 40, y + h / 2 + 30], [x + w - 50, y + h - 60]]), C.lav, 2, 'opacity=".35"'),
    chip(x + w / 2, y + h / 2 - 10, Math.min(w, h) * 0.34, { body: C.i700, die: C.i900, pins: 6 }),
    label(x + w / 2, y + h / 2 - 5, chipLabel, { anchor: "middle", size: 12 }),
    path(hdr.join(""), C.lav, 'opacity=".7"'),
    ...range(3).map((i) => rect(x + 40 + i * 30, y + 40, 18, 12, r.pick([C.i500, C.lav]), 3)),
    circle(x + w - 46, y + h / 2, 6, C.mint),
  ].join("");
}

const bldc: Scene = (X, Y, r) => {
  const mx = X(270);
  const my = Y(-70);
  const teeth = range(12).map((i) => s`<rect x="-9" y="${-132}" width="18" height="40" rx="4" fill="${C.i700}" transform="translate(${mx} ${my}) rotate(${i * 30})"/>`);
  const mags = range(4).map((i) => {
    const a0 = (i * Math.PI) / 2 + r.range(0, 0.3);
    const a1 = a0 + Math.PI / 2 - 0.12;
    const R = 82;
    return path(s`M${mx} ${my}L${mx + Math.cos(a0) * R} ${my + Math.sin(a0) * R}A${R} ${R} 0 0 1 ${mx + Math.cos(a1) * R} ${my + Math.sin(a1) * R}Z`, i % 2 ? C.mint : C.i500, 'opacity=".85"');
  });
  const ph = r.range(0, 6);
  const phases = [C.mint, C.lav, C.i500].map((c, i) => stroke(wave(X(-450), X(450), 90, (t) => Y(200) + Math.sin(t * Math.PI * 6 + ph + (i * 2 * Math.PI) / 3) * 42), c, 3));
  return [
    mcuBoard(X(-450), Y(-210), 330, 280, r, "MCU"),
    ...range(6).map((i) => rect(X(-430 + i * 26), Y(95), 18, 28, C.i700, 3)),
    label(X(-430), Y(142), "GATE DRIVER", { size: 11 }),
    stroke(range(3).map((i) => s`M${X(-120)} ${Y(-110 + i * 30)}C${X(20)} ${Y(-110 + i * 30)} ${X(20)} ${Y(-100 + i * 20)} ${X(105)} ${Y(-90 + i * 20)}`).join(""), C.copper, 3, 'opacity=".8"'),
    circle(mx, my, 150, C.i800, s`stroke="${C.i500}" stroke-width="2"`),
    circle(mx, my, 132, C.ink),
    ...teeth,
    circle(mx, my, 86, C.i900, s`stroke="${C.lav}" stroke-width="2"`),
    ...mags,
    circle(mx, my, 22, C.ink, s`stroke="${C.lav}" stroke-width="3"`),
    line(X(-450), Y(200), X(450), Y(200), C.i700, 1.5, 'stroke-dasharray="6 6"'),
    ...phases,
  ].join("");
};

const gateway: Scene = (X, Y, r) => {
  const bx = X(-450);
  const by = Y(-250);
  const term = windowFrame(X(10), Y(-250), 440, 310, C.ink, C.i800, [C.copper, C.lav, C.mint]);
  const log = range(9).map((i) => {
    const yy = Y(-200 + i * 27);
    return rect(X(34), yy, 40, 10, i === 8 ? C.lav : C.mint, 3) + rect(X(86), yy, r.range(120, 320), 10, C.i700, 5);
  });
  const stack = ["APPLICATIONS", "ROOT FS", "LINUX KERNEL", "U-BOOT"].map((n, i) =>
    s`<rect x="${X(10 + i * 14)}" y="${Y(92 + i * 40)}" width="${440 - i * 28}" height="32" rx="8" fill="${[C.i500, C.i700, C.i800, C.i900][i]}" stroke="${i === 2 ? C.mint : C.i500}" stroke-width="${i === 2 ? 2.5 : 1.5}"/>` +
    label(X(230), Y(113 + i * 40), n, { anchor: "middle", size: 12, fill: i === 2 ? C.mint : C.lav }),
  );
  const nodes = range(3).map((i) => {
    const nx = X(-410 + i * 130);
    return s`<rect x="${nx}" y="${Y(196)}" width="90" height="50" rx="10" fill="${C.i800}" stroke="${C.i500}" stroke-width="1.5"/>` + circle(nx + 20, Y(221), 6, i === 1 ? C.mint : C.lav);
  });
  return [
    board(bx, by, 400, 360),
    chip(bx + 150, by + 150, 110, { body: C.i700, die: C.i900, pins: 7 }),
    label(bx + 150, by + 155, "SoC", { anchor: "middle" }),
    rect(bx + 250, by + 100, 50, 100, C.i700, 6),
    rect(bx + 316, by + 100, 50, 100, C.i700, 6),
    rect(bx + 60, by + 240, 80, 50, C.i700, 6),
    label(bx + 100, by + 270, "eMMC", { anchor: "middle", size: 11 }),
    ...[0, 1].map((i) => rect(bx + 190 + i * 90, by + 300, 74, 60, C.ink, 6, s`stroke="${C.lav}" stroke-width="2"`) + rect(bx + 212 + i * 90, by + 292, 30, 12, C.ink, 2)),
    stroke(route([[bx + 205, by + 150], [bx + 250, by + 130]]) + route([[bx + 205, by + 170], [bx + 316, by + 180]]) + route([[bx + 150, by + 205], [bx + 227, by + 300]]) + route([[bx + 120, by + 205], [bx + 100, by + 240]]), C.copper, 2.5, 'opacity=".75"'),
    ...range(3).map((i) => circle(bx + 60 + i * 22, by + 60, 6, i ? C.lav : C.mint)),
    stroke(s`M${X(-365)} ${Y(196)}V${Y(170)}H${X(-105)}V${Y(196)}M${X(-235)} ${Y(170)}V${Y(196)}M${X(-235)} ${Y(170)}V${Y(110)}`, C.lav, 2, 'opacity=".6"'),
    ...nodes,
    term,
    ...log,
    ...stack,
  ].join("");
};

function drone(cx: number, cy: number, k: number, r: Rng): string {
  const arm = 120 * k;
  const rotors = [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const;
  const spin = r.range(0, 90);
  return g([
    stroke(rotors.map(([dx, dy]) => s`M${cx} ${cy}L${cx + dx * arm} ${cy + dy * arm}`).join(""), C.i500, 16 * k),
    ...rotors.map(
      ([dx, dy], i) =>
        circle(cx + dx * arm, cy + dy * arm, 62 * k, C.lav, s`fill-opacity=".08" stroke="${C.lav}" stroke-opacity=".55" stroke-width="${2 * k}" stroke-dasharray="${6 * k} ${6 * k}"`) +
        s`<ellipse cx="${cx + dx * arm}" cy="${cy + dy * arm}" rx="${58 * k}" ry="${7 * k}" fill="${C.lav}" opacity=".8" transform="rotate(${spin + i * 40} ${cx + dx * arm} ${cy + dy * arm})"/>` +
        circle(cx + dx * arm, cy + dy * arm, 12 * k, C.i700, s`stroke="${C.lav}" stroke-width="${2 * k}"`),
    ),
    rect(cx - 46 * k, cy - 46 * k, 92 * k, 92 * k, C.i700, 22 * k, s`stroke="${C.lav}" stroke-width="${2 * k}"`),
    rect(cx - 26 * k, cy - 26 * k, 52 * k, 52 * k, C.i900, 8 * k),
    circle(cx, cy - 34 * k, 5 * k, C.mint),
  ]);
}

const agriDrone: Scene = (X, Y, r) => {
  const mx = X(-450);
  const my = Y(-250);
  const rows = range(16).map((i) => s`M${mx - 200 + i * 48} ${my + 520}L${mx + 100 + i * 48} ${my - 20}`).join("");
  const wp: [number, number][] = [];
  for (let i = 0; i < 5; i++) {
    const yy = my + 70 + i * 90;
    wp.push(i % 2 ? [mx + 400, yy] : [mx + 90, yy], i % 2 ? [mx + 90, yy] : [mx + 400, yy]);
  }
  const stop = r.int(3, 7);
  const [dx, dy] = at(wp, stop);
  return [
    s`<clipPath id="fld"><rect x="${mx}" y="${my}" width="490" height="500" rx="18"/></clipPath>`,
    g([rect(mx, my, 490, 500, C.i900), stroke(rows, C.i800, 22)], 'clip-path="url(#fld)"'),
    s`<rect x="${mx}" y="${my}" width="490" height="500" rx="18" fill="none" stroke="${C.i500}" stroke-width="1.5"/>`,
    stroke(poly(wp.slice(0, stop + 1)), C.mint, 3),
    stroke(poly(wp.slice(stop)), C.lav, 2.5, 'stroke-dasharray="8 8" opacity=".7"'),
    ...wp.map(([px, py]) => circle(px, py, 7, C.ink, s`stroke="${C.mint}" stroke-width="2.5"`)),
    drone(dx, dy, 0.32, r),
    drone(X(265), Y(-85), 0.95, r),
    panel(X(90), Y(120), 360, 130, C.ink),
    label(X(110), Y(146), "ATTITUDE  ·  ROLL PITCH YAW", { size: 11 }),
    ...[C.mint, C.lav, C.i500].map((c, i) => plotLine(X(110), Y(160), 320, 74, (t) => 0.5 + Math.sin(t * (7 + i * 4) + i * 2) * (0.42 - i * 0.1) * (1 - t * 0.5), 60, c, 2.5)),
  ].join("");
};

// ---------------------------------------------------------------- hardware

const carrierSi: Scene = (X, Y, r) => {
  const bx = X(-450);
  const by = Y(-250);
  const fx = bx + 170;
  const fy = by + 200;
  const pairs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const y0 = fy - 30 + i * 30;
    const amp = 12;
    const serp = range(4)
      .map((k) => s`h14v${k % 2 ? amp : -amp}`)
      .join("");
    for (const o of [0, 8]) pairs.push(s`M${fx + 80} ${y0 + o}H${bx + 300}${serp}H${bx + 440}`);
  }
  const others: string[] = [];
  for (let i = 0; i < 6; i++) others.push(route([[fx - 20 + i * 12, fy + 80], [fx - 60 + i * 20, by + 400], [fx - 60 + i * 20, by + 440]]));
  const ddr = range(2).map((i) => rect(bx + 60 + i * 100, by + 60, 80, 50, C.i700, 6));
  return [
    board(bx, by, 520, 500),
    s`<pattern id="bga" x="${fx - 80}" y="${fy - 80}" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="4" fill="${C.lav}" opacity=".6"/></pattern>`,
    rect(fx - 88, fy - 88, 176, 176, C.i700, 12),
    rect(fx - 80, fy - 80, 160, 160, "url(#bga)"),
    rect(fx - 46, fy - 46, 92, 92, C.i900, 10, s`stroke="${C.i500}" stroke-width="1.5"`),
    label(fx, fy + 5, "FPGA", { anchor: "middle" }),
    ...ddr,
    stroke(route([[bx + 100, by + 110], [fx - 40, fy - 88]]) + route([[bx + 200, by + 110], [fx + 10, fy - 88]]), C.lav, 2, 'opacity=".4"'),
    stroke(others.join(""), C.lav, 2, 'opacity=".35"'),
    stroke(pairs.join(""), C.copper, 2.5),
    rect(bx + 440, by + 120, 44, 260, C.i900, 8, s`stroke="${C.lav}" stroke-width="2"`),
    s`<pattern id="pin" x="${bx + 440}" y="${by + 120}" width="22" height="14" patternUnits="userSpaceOnUse"><rect x="7" y="4" width="8" height="6" rx="1" fill="${C.lav}" opacity=".7"/></pattern>`,
    rect(bx + 440, by + 126, 44, 248, "url(#pin)"),
    label(bx + 462, by + 400, "FMC+", { anchor: "middle", size: 11 }),
    panel(X(110), Y(-250), 340, 300, C.ink),
    label(X(130), Y(-222), "28 Gb/s EYE", { size: 11 }),
    eye(X(130), Y(-210), 300, 250, r),
    panel(X(110), Y(80), 340, 170, C.ink),
    label(X(130), Y(106), "INSERTION LOSS", { size: 11 }),
    gridLines(X(130), Y(120), 300, 110, 4),
    plotLine(X(130), Y(120), 300, 110, (t) => 0.95 - t * 0.55 - t * t * 0.25 + Math.sin(t * 30) * 0.015, 40, C.mint, 3),
    plotLine(X(130), Y(120), 300, 110, (t) => 0.95 - t * 0.75 - t * t * 0.15, 20, C.lav, 2, 'stroke-dasharray="6 6" opacity=".6"'),
  ].join("");
};

const evBms: Scene = (X, Y, r) => {
  const cells: string[] = [];
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 2; j++) {
      const cx = X(-400 + i * 70);
      const cy = Y(-180 + j * 74);
      cells.push(circle(cx, cy, 32, C.i700, s`stroke="${C.i500}" stroke-width="2"`) + circle(cx, cy, 14, C.i900) + circle(cx, cy, 6, j ? C.lav : C.mint, 'opacity=".8"'));
    }
  }
  const strips = range(6).map((i) => rect(X(-414 + i * 70), Y(-220), 28, 154, C.lav, 10, 'opacity=".18"'));
  const sense = range(6).map((i) => s`M${X(-400 + i * 70)} ${Y(-70)}V${Y(-20 + i * 4)}Q${X(-400 + i * 70)} ${Y(10)} ${X(-300 + i * 22)} ${Y(40)}V${Y(90)}`).join("");
  const layer = (i: number, fill: string, content: string) => {
    const ly = Y(-220 + i * 62);
    return (
      s`<path d="M${X(70)} ${ly + 40}L${X(170)} ${ly}H${X(440)}L${X(340)} ${ly + 40}Z" fill="${fill}" stroke="${C.i500}" stroke-width="1.5"/>` +
      content.replace(/LY/g, String(ly)) +
      label(X(40), ly + 26, `L${i + 1}`, { anchor: "end", size: 12 })
    );
  };
  const volts = range(12).map((i) => (i === 7 ? 0.72 : 0.8 + r.range(0, 0.1)));
  return [
    ...strips,
    ...cells,
    stroke(sense, C.copper, 2, 'opacity=".8"'),
    board(X(-450), Y(90), 440, 160),
    chip(X(-300), Y(170), 70, { body: C.i700, pins: 5, die: C.i900 }),
    label(X(-300), Y(175), "AFE", { anchor: "middle", size: 11 }),
    chip(X(-160), Y(170), 60, { body: C.i700, pins: 4, die: C.i900 }),
    label(X(-160), Y(175), "MCU", { anchor: "middle", size: 11 }),
    ...range(6).map((i) => rect(X(-410 + i * 20), Y(212), 12, 22, C.lav, 3, 'opacity=".6"')),
    layer(3, C.i900, ""),
    layer(2, C.i800, ""),
    layer(1, C.i700, ""),
    layer(0, C.i800, stroke(s`M${X(150)} ${Y(-190)}H${X(300)}L${X(320)} ${Y(-210)}H${X(400)}M${X(200)} ${Y(-200)}H${X(360)}`, C.copper, 3)),
    panel(X(40), Y(90), 410, 160, C.ink),
    label(X(60), Y(116), "CELL VOLTAGE · BALANCING", { size: 11 }),
    stroke(s`M${X(60)} ${Y(151)}H${X(430)}`, C.lav, 1.5, 'stroke-dasharray="5 5" opacity=".6"'),
    bars(X(60), Y(126), 370, 110, volts, C.mint, 7),
  ].join("");
};

// -------------------------------------------------------- machine learning

const defectAi: Scene = (X, Y, r) => {
  const px = X(-450);
  const py = Y(-250);
  const traces: string[] = [];
  for (let i = 0; i < 10; i++) {
    const y0 = py + 40 + i * 44;
    traces.push(route([[px + 20, y0], [px + 160 + r.int(0, 80), y0], [px + 260 + r.int(0, 60), y0 + r.pick([-44, 44, 0])], [px + 480, y0 + r.pick([-44, 44, 0])]]));
  }
  const parts = range(9).map((i) => {
    const cx = px + 50 + (i % 3) * 70 + r.int(0, 20);
    const cy = py + 290 + Math.floor(i / 3) * 60 + r.int(0, 10);
    return rect(cx, cy, 34, 18, C.i900, 3) + rect(cx - 4, cy + 2, 8, 14, C.lav, 2, 'opacity=".6"') + rect(cx + 30, cy + 2, 8, 14, C.lav, 2, 'opacity=".6"');
  });
  const d1: [number, number] = [r.int(3, 7), r.int(2, 5)];
  const d2: [number, number] = [r.int(11, 13), r.int(9, 12)];
  const bb = (c: [number, number], t: string) => {
    const x = px + (c[0] + 0.5) * 30 - 55;
    const y = py + (c[1] + 0.5) * 30 - 55;
    return (
      s`<rect x="${x}" y="${y}" width="110" height="110" rx="6" fill="none" stroke="${C.mint}" stroke-width="3"/>` +
      rect(x, y - 26, 112, 24, C.mint, 5) +
      text(x + 8, y - 9, t, { size: 13, weight: 700, fill: C.ink })
    );
  };
  return [
    s`<clipPath id="img"><rect x="${px}" y="${py}" width="500" height="500" rx="18"/></clipPath>`,
    g(
      [
        rect(px, py, 500, 500, C.i800),
        stroke(traces.join(""), C.copper, 6, 'opacity=".55"'),
        ...parts,
        chip(px + 340, py + 330, 110, { body: C.i900, pins: 6, pin: C.i500 }),
        heat(px, py, 17, 17, 30, [[d1[0], d1[1], 1.1], [d2[0], d2[1], 0.95]], r, 0.08),
      ],
      'clip-path="url(#img)"',
    ),
    s`<rect x="${px}" y="${py}" width="500" height="500" rx="18" fill="none" stroke="${C.i500}" stroke-width="1.5"/>`,
    bb(d1, "SHORT 0.97"),
    bb(d2, "VOID 0.91"),
    arrow(X(66), Y(-90), X(110), Y(-90), C.mint, 3),
    nnGraph(X(140), Y(-230), 290, 280, [4, 6, 6, 3], r, 10),
    panel(X(100), Y(100), 350, 150, C.ink),
    chip(X(170), Y(175), 70, { body: C.i700, pins: 4, die: C.i900 }),
    label(X(170), Y(180), "NPU", { anchor: "middle", size: 11 }),
    label(X(240), Y(140), "INFERENCE / FRAME", { size: 11 }),
    bars(X(240), Y(150), 190, 80, range(8).map(() => r.range(0.35, 0.6))),
  ].join("");
};

const sensorFusion: Scene = (X, Y, r) => {
  const sensors = [
    { n: "VIBRATION", f: (t: number) => 0.5 + Math.sin(t * 80) * 0.3 * (0.6 + Math.sin(t * 9) * 0.4) },
    { n: "TEMPERATURE", f: (t: number) => 0.25 + t * 0.4 + Math.sin(t * 7) * 0.06 },
    { n: "CURRENT", f: (t: number) => 0.5 + Math.sin(t * 30) * 0.32 },
  ];
  const nn = nnGraph(X(-70), Y(-170), 230, 340, [3, 5, 5, 1], r, 11);
  const spike = r.range(0.62, 0.82);
  const an = (t: number) => 0.15 + Math.sin(t * 20) * 0.04 + 0.7 * Math.exp(-((t - spike) ** 2) / 0.002);
  return [
    ...sensors.map((sn, i) => {
      const yy = Y(-250 + i * 172);
      return (
        panel(X(-450), yy, 320, 150, C.ink) +
        label(X(-430), yy + 28, sn.n, { size: 11 }) +
        gridLines(X(-430), yy + 44, 280, 86, 2) +
        plotLine(X(-430), yy + 44, 280, 86, sn.f, sn.n === "VIBRATION" ? 200 : 60, [C.mint, C.lav, C.i500][i] ?? C.lav, 2) +
        stroke(s`M${X(-130)} ${yy + 75}C${X(-100)} ${yy + 75} ${X(-100)} ${Y(-58 + i * 58)} ${X(-81)} ${Y(-58 + i * 58)}`, C.lav, 2, 'opacity=".6"')
      );
    }),
    nn,
    arrow(X(172), Y(0), X(212), Y(0), C.mint, 3),
    panel(X(220), Y(-250), 230, 500, C.ink),
    label(X(240), Y(-222), "ANOMALY SCORE", { size: 11 }),
    gridLines(X(240), Y(-190), 190, 380, 5),
    stroke(s`M${X(240)} ${Y(-40)}H${X(430)}`, C.copper, 2, 'stroke-dasharray="7 6"'),
    plotLine(X(240), Y(-190), 190, 380, an, 120, C.mint, 2.5),
    circle(X(240) + 190 * spike, Y(-190) + 380 - an(spike) * 380, 9, "none", s`stroke="${C.copper}" stroke-width="3"`),
  ].join("");
};

// ---------------------------------------------------------------- turnkey

type Pt = [number, number];

/** A dashed data link (one cubic curve) with a few packets riding on it. */
function packets(p0: Pt, c1: Pt, c2: Pt, p3: Pt, n: number, r: Rng): string {
  const bez = (t: number, i: 0 | 1) => (1 - t) ** 3 * p0[i] + 3 * (1 - t) ** 2 * t * c1[i] + 3 * (1 - t) * t * t * c2[i] + t ** 3 * p3[i];
  const dots = range(n).map((k) => {
    const t = (k + r.range(0.3, 0.7)) / n;
    return circle(bez(t, 0), bez(t, 1), 7, C.mint);
  });
  return stroke(s`M${p0[0]} ${p0[1]}C${c1[0]} ${c1[1]} ${c2[0]} ${c2[1]} ${p3[0]} ${p3[1]}`, C.lav, 2.5, 'stroke-dasharray="3 9" opacity=".8"') + dots.join("");
}

function dashboard(x: number, y: number, w: number, h: number, r: Rng): string {
  return [
    windowFrame(x, y, w, h, C.i900, C.i800, [C.copper, C.lav, C.mint]),
    ...range(3).map((i) => rect(x + 20 + i * ((w - 40) / 3), y + 48, (w - 40) / 3 - 12, 46, C.i800, 8) + rect(x + 32 + i * ((w - 40) / 3), y + 62, 40, 8, i ? C.lav : C.mint, 4) + rect(x + 32 + i * ((w - 40) / 3), y + 76, 60, 6, C.i500, 3)),
    gridLines(x + 20, y + 112, w - 40, h - 210, 3),
    bars(x + 20, y + 112, w - 40, h - 210, range(10).map(() => r.range(0.3, 1)), C.i500),
    plotLine(x + 20, y + 112, w - 40, h - 210, (t) => 0.4 + Math.sin(t * 5) * 0.2 + t * 0.3, 30, C.mint, 3),
    textLines(x + 20, y + h - 78, r, 3, w - 40, 20, [C.i700, C.i500]),
  ].join("");
}

const energyMeter: Scene = (X, Y, r) => {
  const mx = X(-430);
  const my = Y(-220);
  const seg = range(6)
    .map((i) => s`M${mx + 34 + i * 28} ${my + 70}h18v30h-18z`)
    .join("");
  return [
    rect(mx, my, 230, 420, C.i700, 28, s`stroke="${C.lav}" stroke-width="2"`),
    rect(mx + 18, my + 44, 194, 80, C.ink, 10),
    path(seg, C.mint, 'opacity=".85"'),
    circle(mx + 190, my + 150, 8, C.copper),
    text(mx + 34, my + 156, "kWh", { size: 15, weight: 600, fill: C.lav }),
    rect(mx + 18, my + 190, 194, 120, C.i800, 12),
    ...range(4).map((i) => circle(mx + 55 + i * 40, my + 250, 13, C.ink, s`stroke="${C.lav}" stroke-width="2"`)),
    rect(mx + 40, my + 340, 150, 56, C.i900, 10),
    packets([X(-190), Y(-60)], [X(-120), Y(-170)], [X(-80), Y(-180)], [X(-40), Y(-160)], 2, r),
    cloud(X(30), Y(-190), 190, C.i700),
    label(X(30), Y(-128), "CLOUD", { anchor: "middle" }),
    packets([X(110), Y(-150)], [X(150), Y(-150)], [X(150), Y(-110)], [X(160), Y(-90)], 1, r),
    dashboard(X(110), Y(-80), 340, 330, r),
    ...["HARDWARE", "FIRMWARE", "CLOUD", "APP"].map((n, i) => s`<rect x="${X(-170)}" y="${Y(10 + i * 60)}" width="250" height="44" rx="22" fill="${i === 3 ? C.mint : C.i800}" stroke="${C.i500}" stroke-width="1.5"/>` + label(X(-45), Y(37 + i * 60), n, { anchor: "middle", size: 12, fill: i === 3 ? C.ink : C.lav })),
  ].join("");
};

const assetTracker: Scene = (X, Y, r) => {
  const mx = X(-450);
  const my = Y(-250);
  const roads = [
    smooth([[mx, my + 120], [mx + 200, my + 160], [mx + 500, my + 90]]),
    smooth([[mx, my + 380], [mx + 260, my + 330], [mx + 500, my + 420]]),
    smooth([[mx + 120, my], [mx + 160, my + 250], [mx + 110, my + 500]]),
    smooth([[mx + 360, my], [mx + 330, my + 260], [mx + 400, my + 500]]),
  ].join("");
  const route0: [number, number][] = [
    [mx + 60, my + 420],
    [mx + 150, my + 350],
    [mx + 170, my + 230],
    [mx + 330, my + 200],
    [mx + 420, my + 90],
  ];
  const k = r.int(1, 3);
  const [tx, ty] = at(route0, k);
  const tw = X(200);
  const tb = Y(60);
  return [
    s`<clipPath id="map"><rect x="${mx}" y="${my}" width="500" height="500" rx="18"/></clipPath>`,
    g([rect(mx, my, 500, 500, C.i900), stroke(roads, C.i700, 18), stroke(roads, C.i800, 10), rect(mx + 220, my + 400, 120, 80, C.i800, 8), rect(mx + 20, my + 20, 80, 70, C.i800, 8)], 'clip-path="url(#map)"'),
    s`<rect x="${mx}" y="${my}" width="500" height="500" rx="18" fill="none" stroke="${C.i500}" stroke-width="1.5"/>`,
    stroke(smooth(route0), C.mint, 4),
    ...route0.map(([px, py]) => circle(px, py, 6, C.ink, s`stroke="${C.mint}" stroke-width="3"`)),
    rect(tx - 30, ty - 30, 60, 60, C.i500, 16, s`stroke="${C.white}" stroke-width="3"`),
    circle(tx, ty, 8, C.mint),
    packets([tx + 40, ty - 20], [X(0), Y(-150)], [X(120), Y(-120)], [tw - 40, Y(-100)], 2, r),
    stroke(s`M${tw - 50} ${tb}L${tw} ${Y(-130)}L${tw + 50} ${tb}M${tw - 37} ${Y(10)}H${tw + 37}M${tw - 24} ${Y(-40)}H${tw + 24}M${tw - 37} ${Y(10)}L${tw + 24} ${Y(-40)}M${tw + 37} ${Y(10)}L${tw - 24} ${Y(-40)}`, C.lav, 4),
    circle(tw, Y(-136), 9, C.mint),
    ...[30, 55, 80].map((R) => stroke(s`M${tw - R * 0.8} ${Y(-136) - R * 0.6}A${R} ${R} 0 0 1 ${tw + R * 0.8} ${Y(-136) - R * 0.6}`, C.mint, 3, s`opacity="${1.1 - R / 100}"`)),
    label(tw, Y(96), "LTE-M", { anchor: "middle" }),
    cloud(X(360), Y(-200), 170, C.i700),
    packets([tw + 60, Y(-120)], [X(300), Y(-150)], [X(300), Y(-170)], [X(330), Y(-175)], 1, r),
    rect(X(300), Y(-70), 150, 300, C.i800, 24, s`stroke="${C.lav}" stroke-width="2.5"`),
    rect(X(312), Y(-46), 126, 230, C.i900, 8),
    stroke(smooth([[X(320), Y(160)], [X(350), Y(100)], [X(390), Y(60)], [X(420), Y(-20)]]), C.mint, 3),
    path(s`M${X(420)} ${Y(-10)}c-12-14-16-20-16-28a16 16 0 0 1 32 0c0 8-4 14-16 28z`, C.mint),
    stroke(s`M${X(410)} ${Y(-102)}C${X(430)} ${Y(-90)} ${X(430)} ${Y(-80)} ${X(420)} ${Y(-72)}`, C.lav, 2, 'stroke-dasharray="3 9"'),
    rect(X(350), Y(200), 50, 8, C.lav, 4),
  ].join("");
};

export const CASE_STUDIES: Record<string, Scene> = {
  "pcie-gen5-controller-verification": pcie,
  "ddr5-phy-physical-design": ddr5,
  "automotive-mcu-dft": mcuDft,
  "hevc-decoder-ip-verification": hevc,
  "ble-iot-soc-rtl-design": bleSoc,
  "radar-signal-processing-fpga": radar,
  "ldpc-decoder-fpga-prototype": ldpc,
  "networking-asic-fpga-prototyping": netProto,
  "bldc-motor-control-firmware": bldc,
  "industrial-gateway-linux-bsp": gateway,
  "agri-drone-flight-controller": agriDrone,
  "fpga-carrier-board-signal-integrity": carrierSi,
  "ev-battery-management-board": evBms,
  "edge-ai-pcb-defect-detection": defectAi,
  "predictive-maintenance-sensor-fusion": sensorFusion,
  "smart-energy-meter-turnkey": energyMeter,
  "lte-m-asset-tracker-turnkey": assetTracker,
};

/** Draw one scene at W×H (design units), from a generator seeded with the slug. */
function draw(slug: string, scene: Scene, W: number, H: number): string {
  const r = rng(slug);
  return darkBackground(W, H, r) + scene((d) => W / 2 + d, (d) => H / 2 + d, r);
}

export function caseStudyFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [slug, scene] of Object.entries(CASE_STUDIES)) {
    out[`images/case-studies/${slug}.svg`] = svg(1200, 675, draw(slug, scene, 1200, 675), darkDefs());
    // the thumbnail draws the same scene in a 1066.7×666.7 frame scaled by 0.6
    out[`images/case-studies/${slug}-thumb.svg`] = svg(640, 400, g(draw(slug, scene, 640 / 0.6, 400 / 0.6), tr(0, 0, 0.6)), darkDefs());
  }
  return out;
}
