/**
 * Case-study art: for each case study a dark technical scene (1200×675, the case-study
 * page) and a simpler emblem of the subject (640×400, the card; see case-thumbs.ts).
 * Motifs follow the service and the subject, and match the alt text in
 * app/content/case-studies. Each picture is drawn from a generator seeded with the slug.
 */

import { THUMBS } from "./case-thumbs.ts";
import {
  at,
  C,
  chip,
  circle,
  cloud,
  drawScene,
  g,
  line,
  path,
  poly,
  range,
  rect,
  s,
  smooth,
  stroke,
  svg,
  text,
  tr,
  wave,
  windowFrame,
} from "./core.ts";
import {
  bars,
  coverageRing,
  ctuFrame,
  drone,
  gatewayModule,
  meter,
  type Pt,
  packets,
  pin,
  pipeline,
  type Scene,
  spiral,
  waves,
} from "./motifs.ts";
import {
  arrow,
  block,
  board,
  box,
  darkBackground,
  darkDefs,
  eye,
  gridLines,
  heat,
  label,
  nnGraph,
  panel,
  plotLine,
  route,
  timing,
} from "./tech.ts";

// ----------------------------------------------------------------- silicon

const pcie: Scene = (X, Y, r) => {
  const tb = s`<rect x="${X(-450)}" y="${Y(-250)}" width="600" height="320" rx="20" fill="${C.i900}" fill-opacity=".7" stroke="${C.i500}" stroke-width="1.5" stroke-dasharray="8 6"/>`;
  const dut = [
    s`<rect x="${X(-250)}" y="${Y(-200)}" width="200" height="230" rx="14" fill="${C.i800}" stroke="${C.mint}" stroke-width="2.5"/>`,
    label(X(-150), Y(-170), "PCIe GEN5 DUT", { anchor: "middle", fill: C.mint }),
    ...["TRANSACTION", "DATA LINK", "PHY / PIPE"].map((n, i) =>
      box(X(-232), Y(-150 + i * 56), 164, 44, n, { fill: i === 2 ? C.i700 : C.i900, size: 12 }),
    ),
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
  return [
    tb,
    ...dut,
    ...agents,
    coverageRing(X(330), Y(-95), 92, r.range(0.93, 0.99), "FUNCTIONAL COVERAGE"),
    lanes,
  ].join("");
};

/** PHY macro floorplan: byte-lane slices, a branching clock spine, power straps, bump rows. */
const ddr5: Scene = (X, Y, r) => {
  const mx = X(-450);
  const my = Y(-130);
  const mw = 900;
  const mh = 270;
  const n = 10;
  const sw = (mw - 40 - (n - 1) * 8) / n;
  const slices = range(n).map((i) => ({ x: mx + 20 + i * (sw + 8), y: my + 56, w: sw, h: mh - 76 }));
  const hi = r.int(2, 7);
  const straps = range(Math.floor(mw / 30))
    .map((i) => s`M${mx + 15 + i * 30} ${my + 8}V${my + mh - 8}`)
    .join("");
  // H-tree clock spine: trunk along the macro, one branch per slice, each ending in a T
  const sy = my + 36;
  let clk = s`M${mx + 20} ${sy}H${mx + mw - 20}M${X(0)} ${sy}V${my - 30}`;
  for (const sl of slices) {
    const cx = sl.x + sl.w / 2;
    clk += s`M${cx} ${sy}V${sl.y + 40}M${cx - 18} ${sl.y + 40}H${cx + 18}M${cx - 18} ${sl.y + 40}v22M${cx + 18} ${sl.y + 40}v22`;
  }
  const bumps = (y0: number, rows: number) => {
    let d = "";
    for (let j = 0; j < rows; j++)
      for (let i = 0; i < 30; i++)
        d += s`M${mx + 20 + i * 30.3 + (j % 2) * 15} ${y0 + j * 26}m-7 0a7 7 0 1 0 14 0a7 7 0 1 0 -14 0`;
    return path(d, C.lav, 'opacity=".45"');
  };
  return [
    bumps(Y(-245), 3),
    s`<rect x="${mx}" y="${my}" width="${mw}" height="${mh}" rx="14" fill="${C.ink}" stroke="${C.i500}" stroke-width="2"/>`,
    stroke(straps, C.i700, 3, 'opacity=".7"'),
    ...slices.map((b, i) => block(b, i === hi ? "hi" : "logic")),
    ...slices.map((b, i) =>
      label(b.x + b.w / 2, b.y + b.h - 12, `DQ${i}`, { anchor: "middle", size: 11, fill: i === hi ? C.mint : C.lav }),
    ),
    stroke(clk, C.mint, 3),
    circle(X(0), my - 30, 7, C.mint),
    label(X(14), my - 26, "CLK", { size: 11, fill: C.mint }),
    label(mx + 20, my + 24, "DDR5 PHY MACRO", { size: 12 }),
    bumps(Y(180), 3),
    label(mx, Y(-258), "BUMPS", { size: 11, fill: C.i500 }),
  ].join("");
};

/** Scan chains inside a chip outline, fed from a decompressor, into a compactor and MISR. */
const mcuDft: Scene = (X, Y, r) => {
  const chains: string[] = [];
  const flops: string[] = [];
  for (let c = 0; c < 6; c++) {
    const y0 = Y(-175 + c * 66);
    const pts: Pt[] = [[X(-290), y0]];
    for (let k = 0; k < 12; k++) {
      const px = X(-250 + k * 36);
      pts.push([px, y0 + (k % 2 ? 18 : -18)]);
      flops.push(s`M${px - 6} ${y0 + (k % 2 ? 12 : -24)}h12v12h-12z`);
    }
    pts.push([X(190), y0]);
    chains.push(poly(pts));
  }
  const misr = range(8)
    .map((i) => s`M${X(322)} ${Y(-140 + i * 36)}h56v26h-56z`)
    .join("");
  return [
    s`<rect x="${X(-450)}" y="${Y(-250)}" width="900" height="500" rx="22" fill="${C.i900}" stroke="${C.i500}" stroke-width="2"/>`,
    label(X(-426), Y(-220), "MCU", { size: 12, fill: C.i500 }),
    box(X(-420), Y(-190), 110, 380, ""),
    label(X(-365), Y(5), "DECOMP", { anchor: "middle", size: 12 }),
    stroke(chains.join(""), C.mint, 2.5, 'opacity=".9"'),
    path(flops.join(""), C.mint),
    box(X(190), Y(-190), 100, 380, "", { hi: true }),
    label(X(240), Y(5), "COMPACT", { anchor: "middle", size: 12, fill: C.mint }),
    arrow(X(292), Y(0), X(316), Y(0), C.lav),
    s`<rect x="${X(310)}" y="${Y(-170)}" width="80" height="330" rx="10" fill="${C.i800}" stroke="${C.i500}" stroke-width="1.5"/>`,
    path(misr, C.i500),
    path(
      range(8)
        .map((i) => (r.chance(0.5) ? s`M${X(340)} ${Y(-132 + i * 36)}h16v10h-16z` : ""))
        .join(""),
      C.mint,
    ),
    label(X(350), Y(186), "MISR", { anchor: "middle", size: 12 }),
    ...range(4).map((i) => rect(X(-470), Y(-150 + i * 90), 30, 14, C.lav, 3)),
  ].join("");
};

const hevc: Scene = (X, Y, r) =>
  [
    pipeline(
      X(-450),
      Y(-250),
      900,
      64,
      ["BITSTREAM", "CABAC", "IQ / IDCT", "PREDICT", "DEBLOCK", "SAO"],
      r.int(1, 4),
      30,
    ),
    arrow(X(-160), Y(-180), X(-160), Y(-146), C.lav),
    ctuFrame(X(-450), Y(-140), 6, 4, 96, r, "fr"),
    panel(X(166), Y(-140), 284, 384),
    label(X(186), Y(-106), "REFERENCE MODEL", { size: 12 }),
    ...range(9).map((i) => {
      const yy = Y(-70 + i * 34);
      const ok = i !== 6 || r.chance(0.4);
      return (
        circle(X(194), yy, 7, ok ? C.mint : C.copper) +
        rect(X(212), yy - 5, r.range(90, 170), 10, C.i700, 5) +
        label(X(430), yy + 5, ok ? "MATCH" : "DIFF", { anchor: "end", size: 10, fill: ok ? C.mint : C.copper })
      );
    }),
  ].join("");

/** SoC block diagram with shaded power domains. */
const bleSoc: Scene = (X, Y, r) => {
  const domain = (x: number, y: number, w: number, h: number, name: string, tint: string) =>
    s`<rect x="${X(x)}" y="${Y(y)}" width="${w}" height="${h}" rx="18" fill="${tint}" fill-opacity=".14" stroke="${tint}" stroke-width="2" stroke-dasharray="8 6"/>` +
    label(X(x + 16), Y(y + 26), name, { size: 12, fill: tint });
  const bx = (x: number, y: number, w: number, h: number, t: string, hi = false) =>
    box(X(x), Y(y), w, h, t, { hi, size: 13 });
  const busY = Y(40);
  return [
    domain(-450, -250, 430, 260, "CPU DOMAIN", C.lav),
    domain(10, -250, 440, 260, "RADIO DOMAIN", C.mint),
    domain(-450, 90, 560, 160, "PERIPHERALS", C.i500),
    domain(140, 90, 310, 160, "ALWAYS-ON", C.copper),
    bx(-420, -200, 160, 80, "CORTEX-M"),
    ...range(4).map((i) => bx(-240 + (i % 2) * 100, -200 + Math.floor(i / 2) * 90, 88, 76, `SRAM${i}`)),
    bx(-420, -100, 160, 76, "FLASH"),
    bx(40, -200, 170, 100, "", true),
    spiral(X(80), Y(-150), 30, 3),
    label(X(150), Y(-145), "RF", { size: 14, fill: C.mint }),
    bx(240, -200, 180, 100, "MODEM"),
    bx(40, -80, 380, 60, "LINK LAYER"),
    ...["SPI", "I2C", "UART", "ADC"].map((t, i) => bx(-420 + i * 128, 150, 108, 70, t)),
    ...["RTC", "PMU"].map((t, i) => bx(170 + i * 140, 150, 120, 70, t)),
    stroke(s`M${X(-440)} ${busY}H${X(440)}`, C.mint, 6, 'opacity=".7"'),
    label(X(0), busY - 12, "AHB BUS", { anchor: "middle", size: 11, fill: C.mint }),
    stroke(
      [-340, -190, -90, 120, 230].map((x) => s`M${X(x)} ${busY}V${Y(x < 0 ? 10 - 14 : -20)}`).join("") +
        [-360, -232, -104, 24, 230, 370].map((x) => s`M${X(x)} ${busY}V${Y(150)}`).join(""),
      C.mint,
      2,
      'opacity=".6"',
    ),
    waves(X(440), Y(-230), -Math.PI / 4, [16, 30, 44], 0.6, C.mint, 3),
    circle(X(440), Y(-230), 5, r.chance(0.5) ? C.mint : C.lav),
  ].join("");
};

// -------------------------------------------------------------------- FPGA

/** Range-Doppler map, a chain of processing blocks, and the point cloud it produces. */
const radar: Scene = (X, Y, r) => {
  const pts = range(60).map(() => {
    const cl = r.int(0, 2);
    const c = [
      [-30, 20],
      [120, -30],
      [260, 60],
    ][cl] ?? [0, 0];
    return [X(130) + (c[0] ?? 0) + r.range(-40, 40), Y(110) + (c[1] ?? 0) * 0.6 + r.range(-30, 30)] as Pt;
  });
  const ground =
    range(7)
      .map((i) => s`M${X(30 + i * 60)} ${Y(230)}L${X(110 + i * 40)} ${Y(-20)}`)
      .join("") +
    range(5)
      .map((i) => s`M${X(30 + i * 20)} ${Y(230 - i * 62)}H${X(440 - i * 20)}`)
      .join("");
  return [
    panel(X(-450), Y(-250), 420, 500, C.ink),
    label(X(-430), Y(-222), "RANGE · DOPPLER", { size: 11 }),
    heat(
      X(-430),
      Y(-200),
      14,
      15,
      27.5,
      [
        [r.int(3, 10), r.int(3, 6), 1.1],
        [r.int(3, 10), r.int(9, 12), 0.9],
        [r.int(2, 11), r.int(6, 8), 0.7],
      ],
      r,
      0.3,
    ),
    pipeline(X(10), Y(-250), 440, 60, ["FFT", "CFAR", "CLUSTER"], 1, 30),
    arrow(X(230), Y(-182), X(230), Y(-146), C.lav),
    panel(X(10), Y(-130), 440, 380, C.ink),
    label(X(30), Y(-102), "POINT CLOUD", { size: 11 }),
    stroke(ground, C.i700, 1.5),
    ...pts.map(([x, y], i) =>
      circle(x, y, i % 5 === 0 ? 5 : 3.5, i % 3 === 0 ? C.mint : C.lav, i % 3 === 0 ? "" : 'opacity=".7"'),
    ),
    arrow(X(-22), Y(0), X(2), Y(0), C.mint),
  ].join("");
};

/** LDPC base graph expanding into circulant blocks, feeding rows of processing units. */
const ldpc: Scene = (X, Y, r) => {
  const R = 4;
  const K = 8;
  const base = range(R).map(() => range(K).map(() => (r.chance(0.6) ? r.int(0, 3) : -1)));
  const bx = X(-450);
  const by = Y(-190);
  let baseD = "";
  for (const [i, row] of base.entries()) {
    for (const [j, v] of row.entries()) if (v >= 0) baseD += s`M${bx + j * 20 + 2} ${by + i * 20 + 2}h16v16h-16z`;
  }
  const ex = X(-200);
  const ey = Y(-250);
  const B = 80;
  const z = 8;
  let diag = "";
  let blocks = "";
  for (const [i, row] of base.entries()) {
    for (const [j, v] of row.entries()) {
      if (v < 0) continue;
      blocks += s`M${ex + j * B + 3} ${ey + i * B + 3}h${B - 6}v${B - 6}h${-(B - 6)}z`;
      for (let k = 0; k < z; k++) {
        const c = (k + v * 2) % z;
        diag += s`M${ex + j * B + 4 + c * 9} ${ey + i * B + 4 + k * 9}h8v8h-8z`;
      }
    }
  }
  const pu = range(2)
    .map((row) =>
      range(K)
        .map((j) => box(ex + j * B + 6, Y(140 + row * 62), B - 12, 46, row ? "VNU" : "CNU", { size: 11 }))
        .join(""),
    )
    .join("");
  return [
    panel(bx - 16, by - 46, 192, 130, C.ink),
    label(bx, by - 18, "BASE GRAPH", { size: 11 }),
    stroke(
      range(R + 1)
        .map((i) => s`M${bx} ${by + i * 20}H${bx + K * 20}`)
        .join("") +
        range(K + 1)
          .map((j) => s`M${bx + j * 20} ${by}V${by + R * 20}`)
          .join(""),
      C.i700,
      1,
    ),
    path(baseD, C.i500),
    arrow(bx + 180, by + 40, ex - 14, by + 40, C.mint, 3),
    label(bx + 4, by + 126, "LIFT × Z", { size: 11, fill: C.mint }),
    rect(ex, ey, K * B, R * B, C.ink, 8, s`stroke="${C.i700}" stroke-width="1.5"`),
    path(blocks, C.i800),
    path(diag, C.lav, 'opacity=".85"'),
    stroke(
      range(K)
        .map((j) => s`M${ex + j * B + B / 2} ${ey + R * B + 6}V${Y(140)}`)
        .join(""),
      C.mint,
      2,
      'stroke-dasharray="4 6" opacity=".7"',
    ),
    pu,
  ].join("");
};

/** An ASIC split into four coloured partitions, each mapped onto its own FPGA. */
const netProto: Scene = (X, Y, r) => {
  const tints = [C.mint, C.lav, C.i500, C.copper];
  const ax = X(-450);
  const ay = Y(-230);
  const A = 460;
  const cut = r.range(0.42, 0.58);
  const parts: [number, number, number, number][] = [
    [ax, ay, A * cut, A * 0.5],
    [ax + A * cut, ay, A * (1 - cut), A * 0.45],
    [ax, ay + A * 0.5, A * 0.55, A * 0.5],
    [ax + A * 0.55, ay + A * 0.45, A * 0.45, A * 0.55],
  ];
  const fp: Pt[] = [
    [X(200), Y(-130)],
    [X(370), Y(-130)],
    [X(200), Y(120)],
    [X(370), Y(120)],
  ];
  return [
    rect(ax, ay, A, A, C.ink, 18, s`stroke="${C.i500}" stroke-width="2"`),
    ...parts.map(
      ([x, y, w, h], i) =>
        s`<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="10" fill="${at(tints, i)}" fill-opacity=".22" stroke="${at(tints, i)}" stroke-width="2"/>` +
        label(x + 26, y + 40, `P${i + 1}`, { size: 14, fill: at(tints, i) }),
    ),
    label(ax, ay - 14, "NETWORKING ASIC", { size: 12 }),
    ...parts.map(([x, y, w, h], i) => {
      const [fx, fy] = at(fp, i);
      const sx = x + w - 10;
      const sy2 = y + h / 2;
      return stroke(
        s`M${sx} ${sy2}C${X(60)} ${sy2} ${X(60)} ${fy} ${fx - 80} ${fy}`,
        at(tints, i),
        2.5,
        'stroke-dasharray="6 8" opacity=".8"',
      );
    }),
    ...fp.map(
      ([fx, fy], i) =>
        chip(fx, fy, 118, { body: C.i800, pins: 6, rx: 12, die: C.i900 }) +
        rect(fx - 30, fy - 30, 60, 60, at(tints, i), 8, 'opacity=".75"') +
        label(fx, fy + 94, `FPGA ${i + 1}`, { anchor: "middle", size: 11 }),
    ),
  ].join("");
};

// --------------------------------------------------------------- embedded

/** Three-phase sines turning into a phasor diagram, beside a motor cross-section. */
const bldc: Scene = (X, Y, r) => {
  const mx = X(300);
  const my = Y(0);
  const teeth = range(12).map(
    (i) =>
      s`<rect x="-9" y="-132" width="18" height="40" rx="4" fill="${C.i700}" transform="translate(${mx} ${my}) rotate(${i * 30})"/>`,
  );
  const rot = r.range(0, Math.PI / 2);
  const mags = range(4).map((i) => {
    const a0 = (i * Math.PI) / 2 + rot;
    const a1 = a0 + Math.PI / 2 - 0.12;
    const R = 82;
    return path(
      s`M${mx} ${my}L${mx + Math.cos(a0) * R} ${my + Math.sin(a0) * R}A${R} ${R} 0 0 1 ${mx + Math.cos(a1) * R} ${my + Math.sin(a1) * R}Z`,
      i % 2 ? C.mint : C.i500,
      'opacity=".85"',
    );
  });
  const cols = [C.mint, C.lav, C.i500];
  const ph = r.range(0, 6);
  const px = X(-20);
  const py = Y(0);
  const PR = 120;
  const th = r.range(0, Math.PI * 2);
  const vec = cols.map((c, i) => {
    const a = th + (i * 2 * Math.PI) / 3;
    return arrow(px, py, px + Math.cos(a) * PR * 0.8, py - Math.sin(a) * PR * 0.8, c, 4);
  });
  return [
    label(X(-450), Y(-150), "PHASE CURRENTS  A · B · C", { size: 11 }),
    line(X(-450), Y(0), X(-180), Y(0), C.i700, 1.5, 'stroke-dasharray="6 6"'),
    ...cols.map((c, i) =>
      stroke(
        wave(X(-450), X(-180), 50, (t) => Y(0) - Math.sin(t * Math.PI * 3 + ph + (i * 2 * Math.PI) / 3) * 100),
        c,
        3,
      ),
    ),
    arrow(X(-170), Y(0), X(-150), Y(0), C.lav),
    circle(px, py, PR, "none", s`stroke="${C.i700}" stroke-width="2"`),
    stroke(s`M${px - PR - 10} ${py}H${px + PR + 10}M${px} ${py - PR - 10}V${py + PR + 10}`, C.i700, 1.5),
    ...vec,
    stroke(
      s`M${px + Math.cos(th + 0.6) * PR} ${py - Math.sin(th + 0.6) * PR}A${PR} ${PR} 0 0 0 ${px + Math.cos(th + 1.3) * PR} ${py - Math.sin(th + 1.3) * PR}`,
      C.mint,
      4,
    ),
    label(px, py + PR + 40, "SPACE VECTOR", { anchor: "middle", size: 11 }),
    arrow(X(115), Y(0), X(140), Y(0), C.lav),
    circle(mx, my, 150, C.i800, s`stroke="${C.i500}" stroke-width="2"`),
    circle(mx, my, 132, C.ink),
    ...teeth,
    circle(mx, my, 86, C.i900, s`stroke="${C.lav}" stroke-width="2"`),
    ...mags,
    circle(mx, my, 22, C.ink, s`stroke="${C.lav}" stroke-width="3"`),
    label(mx, my + 190, "BLDC CROSS-SECTION", { anchor: "middle", size: 11 }),
  ].join("");
};

/** The software stack above an industrial gateway. */
const gateway: Scene = (X, Y, r) => {
  const layers = [
    "APPLICATIONS",
    "CONTAINERS · SERVICES",
    "ROOT FILE SYSTEM",
    "DRIVERS · DEVICE TREE",
    "LINUX KERNEL",
    "U-BOOT",
  ];
  const hi = r.int(2, 4);
  const stack = layers.map((n, i) => {
    const w = 520 - (layers.length - 1 - i) * 0 + i * 16;
    const x = X(-w / 2 - 160);
    const y = Y(-250 + i * 46);
    return (
      s`<rect x="${x}" y="${y}" width="${w}" height="38" rx="9" fill="${at([C.i500, C.i700, C.i800, C.i800, C.i900, C.i900], i)}" stroke="${i === hi ? C.mint : C.i500}" stroke-width="${i === hi ? 2.5 : 1.5}"/>` +
      label(X(-160), y + 24, n, { anchor: "middle", size: 12, fill: i === hi ? C.mint : C.lav })
    );
  });
  const rail =
    rect(X(-450), Y(180), 600, 44, C.i700, 6) +
    path(
      range(14)
        .map((i) => s`M${X(-430 + i * 42)} ${Y(194)}h22v16h-22z`)
        .join(""),
      C.ink,
    );
  const term = windowFrame(X(180), Y(-250), 270, 500, C.ink, C.i800, [C.copper, C.lav, C.mint]);
  const log = range(15).map((i) => {
    const yy = Y(-200 + i * 29);
    return rect(X(200), yy, 34, 10, i === 14 ? C.lav : C.mint, 3) + rect(X(244), yy, r.range(80, 180), 10, C.i700, 5);
  });
  return [
    ...stack,
    arrow(X(-160), Y(30), X(-160), Y(52), C.mint, 3),
    rail,
    gatewayModule(X(-160), Y(200), 0.5),
    gatewayModule(X(-330), Y(200), 0.5),
    gatewayModule(X(10), Y(200), 0.5),
    term,
    ...log,
  ].join("");
};

const agriDrone: Scene = (X, Y, r) => {
  const mx = X(-450);
  const my = Y(-250);
  const rows = range(16)
    .map((i) => s`M${mx - 200 + i * 48} ${my + 520}L${mx + 100 + i * 48} ${my - 20}`)
    .join("");
  const wp: Pt[] = [];
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
    drone(dx, dy, 0.3, r, 6),
    drone(X(265), Y(-85), 0.9, r, 6),
    panel(X(90), Y(120), 360, 130, C.ink),
    label(X(110), Y(146), "ALTITUDE HOLD · 3.0 m", { size: 11 }),
    gridLines(X(110), Y(160), 320, 74, 2),
    plotLine(
      X(110),
      Y(160),
      320,
      74,
      (t) => 0.5 + Math.sin(t * 40) * 0.04 + (t < 0.08 ? (0.08 - t) * -4 : 0),
      80,
      C.mint,
      2.5,
    ),
  ].join("");
};

// ---------------------------------------------------------------- hardware

/** An eye diagram beside a cross-section of a multilayer board stack-up. */
const carrierSi: Scene = (X, Y, r) => {
  const layers = ["L1 SIG", "L2 GND", "L3 SIG", "L4 PWR", "L5 GND", "L6 SIG", "L7 GND", "L8 SIG"];
  // the layer names stand inside the stack-up panel, which starts at X(60)
  const sx = X(60);
  const sy = Y(-220);
  const lh = 52;
  const stack = layers.map((n, i) => {
    const y = sy + i * lh;
    const sig = n.includes("SIG");
    const copper = sig
      ? range(5)
          .map((k) =>
            rect(
              sx + 90 + k * 58 + (k > 1 ? 10 : 0),
              y - 5,
              k < 2 ? 22 : 40,
              10,
              C.copper,
              2,
              k < 2 && i === 2 ? "" : 'opacity=".75"',
            ),
          )
          .join("")
      : rect(sx + 80, y - 4, 300, 8, C.copper, 2, 'opacity=".55"');
    return (
      (i < layers.length - 1 ? rect(sx + 80, y + 4, 300, lh - 8, C.i800, 0, 'opacity=".9"') : "") +
      copper +
      label(sx + 66, y + 5, n, { anchor: "end", size: 11, fill: sig ? C.lav : C.i500 })
    );
  });
  return [
    panel(X(-450), Y(-250), 440, 500, C.ink),
    label(X(-430), Y(-222), "28 Gb/s EYE", { size: 11 }),
    eye(X(-430), Y(-200), 400, 400, r, 30),
    label(X(-430), Y(230), "OPEN EYE · MASK PASS", { size: 11, fill: C.mint }),
    panel(X(60), Y(-250), 390, 500, C.ink),
    ...stack,
    stroke(s`M${sx + 190} ${sy}V${sy + lh * 7}M${sx + 320} ${sy}V${sy + lh * 5}`, C.lav, 6, 'opacity=".6"'),
    label(sx + 240, Y(230), "STACK-UP · VIAS", { anchor: "middle", size: 11 }),
  ].join("");
};

/**
 * Rows of cylindrical cells wired to a long board with monitoring chips and power switches,
 * drawn as the case study describes the board: 20 series cell groups, each with its sense
 * wire, ten to each of two cell-monitoring AFEs; the AFEs and the MCU in an isolated daisy
 * chain; a shunt and six MOSFETs in parallel on the power path; CAN to the vehicle.
 * Each drawn part is a group marked data-part (its kind) so the tests can count the parts
 * against the text and check that no two of them overlap.
 */
// the counts the text gives; the daisy chain below is laid out for two AFEs
const BMS_SERIES_GROUPS = 20;
const BMS_AFES = 2;
const BMS_PARALLEL_MOSFETS = 6;

const part = (kind: string, body: string | string[]) => g(body, `data-part="${kind}"`);

const evBms: Scene = (X, Y, _r) => {
  const pitch = 44;
  const groupX = (i: number) => X(-418 + i * pitch);
  const groupsPerAfe = BMS_SERIES_GROUPS / BMS_AFES;
  // each AFE sits under the middle of the cell groups it measures
  const afeX = (a: number) => X(-418 + (a + 0.5) * groupsPerAfe * pitch - pitch / 2);
  const bx = X(-450);
  const by = Y(-10);
  const afeY = by + 90;
  const afeSize = 76;

  const cellGroups = range(BMS_SERIES_GROUPS).map((i) =>
    part("cell-group", [
      rect(groupX(i) - 12, Y(-272), 24, 132, C.lav, 12, 'opacity=".14"'),
      ...range(3).map(
        (j) =>
          circle(groupX(i), Y(-250 + j * 44), 18, C.i700, s`stroke="${C.i500}" stroke-width="2"`) +
          circle(groupX(i), Y(-250 + j * 44), 7, C.i900) +
          circle(groupX(i), Y(-250 + j * 44), 3, j === 1 ? C.mint : C.lav, 'opacity=".8"'),
      ),
    ]),
  );

  // one sense wire a group, fanned into its AFE's connector in order, so no two cross
  const landing = (i: number) => afeX(Math.floor(i / groupsPerAfe)) - 36 + (i % groupsPerAfe) * 8;
  const senseWires = range(BMS_SERIES_GROUPS)
    .map(
      (i) =>
        s`M${groupX(i)} ${Y(-140)}V${Y(-120)}C${groupX(i)} ${Y(-70)} ${landing(i)} ${Y(-70)} ${landing(i)} ${Y(-20)}V${by + 16}`,
    )
    .join("");
  const senseConnectors = range(BMS_AFES).map((a) =>
    part("sense-connector", [
      rect(afeX(a) - 46, by + 14, 92, 18, C.i900, 4, s`stroke="${C.lav}" stroke-width="1.5"`),
      ...range(groupsPerAfe).map((j) => circle(afeX(a) - 36 + j * 8, by + 23, 2.5, C.copper)),
    ]),
  );
  // from each connector to its AFE's top pins (the chip draws five a side)
  const pinWidth = (afeSize * 0.6) / 9;
  const connectorTraces = range(BMS_AFES)
    .map((a) =>
      range(5)
        .map((k) => {
          const x = afeX(a) - afeSize * 0.3 + k * pinWidth * 2 + pinWidth / 2;
          return s`M${x} ${by + 32}V${afeY - afeSize / 2}`;
        })
        .join(""),
    )
    .join("");
  const afes = range(BMS_AFES).map((a) =>
    part("afe", [
      chip(afeX(a), afeY, afeSize, { body: C.i700, pins: 5, die: C.i900 }),
      label(afeX(a), afeY + 5, "AFE", { anchor: "middle", size: 13, fit: 38 }),
    ]),
  );

  // the chain's isolation: a capacitor on each link, drawn across the trace
  const isolator = (x: number, y: number, vertical: boolean) =>
    part(
      "isolator",
      vertical
        ? [rect(x - 12, y - 5, 24, 3, C.mint), rect(x - 12, y + 2, 24, 3, C.mint)]
        : [rect(x - 5, y - 12, 3, 24, C.mint), rect(x + 2, y - 12, 3, 24, C.mint)],
    );
  const capX = 155.5; // the chain's two capacitors, either side of the label
  const chainLeft = afeX(0) + afeSize / 2 + 10;
  const chainRight = afeX(1) - afeSize / 2 - 10;
  const mcuX = afeX(1);
  const mcuY = by + 236;
  const mcuSize = 60;
  const linkY = by + 168;
  const chain = stroke(
    s`M${chainLeft} ${afeY}H${X(-capX - 3.5)}M${X(-capX + 3.5)} ${afeY}H${X(capX - 3.5)}M${X(capX + 3.5)} ${afeY}H${chainRight}` +
      s`M${mcuX} ${afeY + afeSize / 2 + 10}V${linkY - 5}M${mcuX} ${linkY + 5}V${mcuY - mcuSize / 2 - 8}`,
    C.mint,
    2,
    'opacity=".7"',
  );

  // the power path: a copper bar through the shunt and under the six parallel MOSFETs
  const busY = by + 244;
  const mosfetX = (k: number) => X(-250 + k * 50);
  const shunt = part("shunt", [
    rect(X(-410), busY - 14, 90, 28, C.i900, 4, s`stroke="${C.copper}" stroke-width="2"`),
    rect(X(-410), busY - 14, 16, 28, C.copper, 3),
    rect(X(-336), busY - 14, 16, 28, C.copper, 3),
  ]);
  const mosfets = range(BMS_PARALLEL_MOSFETS).map((k) =>
    part("mosfet", [
      rect(mosfetX(k) - 11, busY - 24, 22, 8, C.lav, 2),
      rect(mosfetX(k) - 16, busY - 18, 32, 28, C.i700, 3, s`stroke="${C.lav}" stroke-width="1.5"`),
      ...range(3).map((l) => rect(mosfetX(k) - 12 + l * 10, busY + 10, 4, 10, C.lav)),
    ]),
  );
  const canX = X(386);
  const canConnector = part("can-connector", [
    rect(canX - 17, mcuY - 40, 34, 80, C.i900, 6, s`stroke="${C.lav}" stroke-width="2"`),
    ...range(4).map((k) => circle(canX, mcuY - 24 + k * 16, 4, C.lav, 'opacity=".7"')),
  ]);
  const mcuToCan = stroke(
    route([
      [mcuX + mcuSize / 2 + 8, mcuY],
      [canX - 17, mcuY],
    ]),
    C.mint,
    2,
    'opacity=".7"',
  );

  return [
    part("label", label(X(-430), Y(-290), "20S · 72 V PACK", { size: 15, fit: 180 })),
    ...cellGroups,
    stroke(senseWires, C.copper, 2, 'opacity=".8"'),
    board(bx, by, 900, 300),
    ...senseConnectors,
    stroke(connectorTraces, C.copper, 2, 'opacity=".6"'),
    stroke(s`M${X(-430)} ${busY}H${X(-20)}`, C.copper, 10, 'opacity=".45"'),
    chain,
    mcuToCan,
    ...afes,
    isolator(X(-capX), afeY, false),
    isolator(X(capX), afeY, false),
    isolator(mcuX, linkY, true),
    part(
      "label",
      label(X(0), afeY - 14, "ISOLATED DAISY CHAIN", { anchor: "middle", size: 15, fit: 260, fill: C.mint }),
    ),
    part("mcu", [
      chip(mcuX, mcuY, mcuSize, { body: C.i500, pins: 4, die: C.i800 }),
      label(mcuX, mcuY + 5, "MCU", { anchor: "middle", size: 11, fit: 30 }),
    ]),
    canConnector,
    part("label", label(canX, mcuY - 52, "CAN", { anchor: "middle", size: 15, fit: 50 })),
    shunt,
    part("label", label(X(-365), busY - 36, "SHUNT", { anchor: "middle", size: 15, fit: 80 })),
    ...mosfets,
    part("label", label(X(-266), busY - 36, "6 MOSFETS IN PARALLEL", { size: 15, fit: 280 })),
  ].join("");
};

// -------------------------------------------------------- machine learning

const defectAi: Scene = (X, Y, r) => {
  const px = X(-450);
  const py = Y(-250);
  const traces: string[] = [];
  for (let i = 0; i < 10; i++) {
    const y0 = py + 40 + i * 44;
    traces.push(
      route([
        [px + 20, y0],
        [px + 160 + r.int(0, 80), y0],
        [px + 260 + r.int(0, 60), y0 + r.pick([-44, 44, 0])],
        [px + 480, y0 + r.pick([-44, 44, 0])],
      ]),
    );
  }
  const parts = range(9).map((i) => {
    const cx = px + 50 + (i % 3) * 70 + r.int(0, 20);
    const cy = py + 290 + Math.floor(i / 3) * 60 + r.int(0, 10);
    return (
      rect(cx, cy, 34, 18, C.i900, 3) +
      rect(cx - 4, cy + 2, 8, 14, C.lav, 2, 'opacity=".6"') +
      rect(cx + 30, cy + 2, 8, 14, C.lav, 2, 'opacity=".6"')
    );
  });
  const d1: Pt = [r.int(3, 7), r.int(2, 5)];
  const d2: Pt = [r.int(11, 13), r.int(9, 12)];
  const bb = (c: Pt, t: string) => {
    const x = px + (c[0] + 0.5) * 30 - 55;
    const y = py + (c[1] + 0.5) * 30 - 55;
    return (
      s`<rect x="${x}" y="${y}" width="110" height="110" rx="6" fill="none" stroke="${C.mint}" stroke-width="3"/>` +
      rect(x, y - 26, 112, 24, C.mint, 5) +
      text(x + 8, y - 9, t, { size: 13, weight: 700, fill: C.ink, fit: 96 })
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
        heat(
          px,
          py,
          17,
          17,
          30,
          [
            [d1[0], d1[1], 1.1],
            [d2[0], d2[1], 0.95],
          ],
          r,
          0.08,
        ),
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
    bars(
      X(240),
      Y(150),
      190,
      80,
      range(8).map(() => r.range(0.35, 0.6)),
    ),
  ].join("");
};

/** Vibration and temperature merging into a rising health-index chart. */
const sensorFusion: Scene = (X, Y, r) => {
  const sensors = [
    { n: "VIBRATION", f: (t: number) => 0.5 + Math.sin(t * 90) * 0.32 * (0.5 + t * 0.5), c: C.mint, steps: 220 },
    { n: "TEMPERATURE", f: (t: number) => 0.2 + t * 0.55 + Math.sin(t * 7) * 0.05, c: C.lav, steps: 60 },
  ];
  const fx = X(-60);
  const fy = Y(0);
  const knee = r.range(0.55, 0.7);
  const health = (t: number) => 0.12 + t * 0.18 + (t > knee ? (t - knee) ** 2 * 4.2 : 0) + Math.sin(t * 30) * 0.015;
  return [
    ...sensors.map((sn, i) => {
      const yy = Y(-250 + i * 270);
      return (
        panel(X(-450), yy, 330, 230, C.ink) +
        label(X(-430), yy + 28, sn.n, { size: 11 }) +
        gridLines(X(-430), yy + 46, 290, 160, 3) +
        plotLine(X(-430), yy + 46, 290, 160, sn.f, sn.steps, sn.c, 2) +
        stroke(
          s`M${X(-120)} ${yy + 115}C${X(-80)} ${yy + 115} ${X(-100)} ${fy} ${fx - 30} ${fy}`,
          sn.c,
          3,
          'opacity=".8"',
        )
      );
    }),
    circle(fx, fy, 30, C.i800, s`stroke="${C.mint}" stroke-width="3"`),
    path(
      s`M${fx - 12} ${fy}h24M${fx} ${fy - 12}v24`,
      "none",
      s`stroke="${C.mint}" stroke-width="4" stroke-linecap="round"`,
    ),
    label(fx, fy + 56, "FUSION", { anchor: "middle", size: 11 }),
    arrow(fx + 34, fy, X(14), fy, C.mint, 3),
    panel(X(20), Y(-250), 430, 500, C.ink),
    label(X(40), Y(-222), "HEALTH INDEX", { size: 11 }),
    gridLines(X(40), Y(-190), 390, 400, 5),
    s`<path d="${smooth(range(61).map((i) => [X(40) + (390 * i) / 60, Y(210) - health(i / 60) * 400] as Pt))}L${X(430)} ${Y(210)}L${X(40)} ${Y(210)}Z" fill="${C.mint}" opacity=".12"/>`,
    plotLine(X(40), Y(-190), 390, 400, health, 60, C.mint, 3),
    stroke(s`M${X(40)} ${Y(10)}H${X(430)}`, C.copper, 2, 'stroke-dasharray="7 6"'),
    label(X(424), Y(0), "SERVICE", { anchor: "end", size: 10, fill: C.copper }),
  ].join("");
};

// ---------------------------------------------------------------- turnkey

/** From silicon to the utility: chip → meter → cloud → grid. */
const energyMeter: Scene = (X, Y, r) => {
  const pylon = (x: number, y: number) =>
    stroke(
      s`M${x - 60} ${y}L${x - 16} ${y - 230}H${x + 16}L${x + 60} ${y}M${x - 80} ${y - 170}H${x + 80}M${x - 60} ${y - 120}H${x + 60}M${x - 44} ${y - 60}L${x + 30} ${y - 120}M${x + 44} ${y - 60}L${x - 30} ${y - 120}`,
      C.lav,
      4,
    ) +
    circle(x - 80, y - 162, 6, C.mint) +
    circle(x + 80, y - 162, 6, C.mint);
  return [
    chip(X(-380), Y(-10), 110, { body: C.i700, die: C.i900, pins: 5 }),
    label(X(-380), Y(-5), "SoC", { anchor: "middle" }),
    label(X(-380), Y(100), "METERING SoC", { anchor: "middle", size: 11 }),
    packets([X(-310), Y(-10)], [X(-280), Y(-10)], [X(-270), Y(-10)], [X(-236), Y(-10)], 1, r),
    meter(X(-130), Y(0), 0.78, String(r.int(100000, 999999)).slice(1).padStart(6, "0")),
    packets([X(-10), Y(-90)], [X(20), Y(-180)], [X(60), Y(-190)], [X(90), Y(-150)], 2, r),
    cloud(X(150), Y(-120), 190, C.i700),
    label(X(150), Y(-56), "HEAD-END", { anchor: "middle", size: 11 }),
    packets([X(230), Y(-110)], [X(280), Y(-110)], [X(300), Y(-60)], [X(300), Y(-10)], 1, r),
    pylon(X(300), Y(220)),
    rect(X(370), Y(60), 80, 160, C.i800, 8, s`stroke="${C.i500}" stroke-width="1.5"`),
    path(
      range(6)
        .map((i) => s`M${X(384 + (i % 2) * 30)} ${Y(78 + Math.floor(i / 2) * 40)}h22v24h-22z`)
        .join(""),
      C.lav,
      'opacity=".6"',
    ),
    label(X(375), Y(250), "UTILITY", { anchor: "middle", size: 11 }),
  ].join("");
};

/** A map with a dotted route between pins, linked by radio waves to a cloud. */
const assetTracker: Scene = (X, Y, r) => {
  const mx = X(-450);
  const my = Y(-250);
  const roads = [
    smooth([
      [mx, my + 120],
      [mx + 200, my + 160],
      [mx + 600, my + 90],
    ]),
    smooth([
      [mx, my + 380],
      [mx + 260, my + 330],
      [mx + 600, my + 420],
    ]),
    smooth([
      [mx + 120, my],
      [mx + 160, my + 250],
      [mx + 110, my + 500],
    ]),
    smooth([
      [mx + 420, my],
      [mx + 390, my + 260],
      [mx + 460, my + 500],
    ]),
  ].join("");
  const stops: Pt[] = [
    [mx + 70, my + 430],
    [mx + 170, my + 300],
    [mx + 330, my + 250],
    [mx + 500, my + 110],
  ];
  const route0 = smooth([
    at(stops, 0),
    [mx + 120, my + 360],
    at(stops, 1),
    [mx + 250, my + 290],
    at(stops, 2),
    [mx + 430, my + 200],
    at(stops, 3),
  ]);
  const last = at(stops, 3);
  const here = r.int(1, 2);
  return [
    s`<clipPath id="map"><rect x="${mx}" y="${my}" width="600" height="500" rx="18"/></clipPath>`,
    g(
      [
        rect(mx, my, 600, 500, C.i900),
        stroke(roads, C.i700, 18),
        stroke(roads, C.i800, 10),
        rect(mx + 230, my + 400, 120, 80, C.i800, 8),
        rect(mx + 20, my + 20, 80, 70, C.i800, 8),
        rect(mx + 480, my + 300, 90, 110, C.i800, 8),
      ],
      'clip-path="url(#map)"',
    ),
    s`<rect x="${mx}" y="${my}" width="600" height="500" rx="18" fill="none" stroke="${C.i500}" stroke-width="1.5"/>`,
    stroke(route0, C.mint, 4, 'stroke-dasharray="2 12"'),
    ...stops.map(([px, py], i) => pin(px, py + 6, 0.6, i === here ? C.mint : C.lav, C.i900)),
    waves(last[0], last[1] - 40, -0.5, [40, 70, 100, 130], 0.45, C.mint, 3.5),
    cloud(X(330), Y(-170), 200, C.i700),
    ...range(3).map(
      (i) =>
        rect(X(250), Y(-40 + i * 70), 160, 54, C.i800, 10, s`stroke="${C.i500}" stroke-width="1.5"`) +
        circle(X(276), Y(-13 + i * 70), 8, i ? C.lav : C.mint) +
        rect(X(296), Y(-18 + i * 70), 90, 10, C.i500, 5),
    ),
    stroke(s`M${X(330)} ${Y(-84)}V${Y(-40)}`, C.lav, 2, 'stroke-dasharray="3 6"'),
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

const draw = (seed: string, scene: Scene, W: number, H: number) => drawScene(seed, scene, W, H, darkBackground);

export function caseStudyFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [slug, scene] of Object.entries(CASE_STUDIES)) {
    out[`images/case-studies/${slug}.svg`] = svg(1200, 675, draw(slug, scene, 1200, 675), darkDefs());
    const thumb = THUMBS[slug];
    if (!thumb) throw new Error(`no thumbnail scene for ${slug}`);
    // thumbnails are drawn in a 1066.7×666.7 frame and scaled by 0.6 to 640×400
    out[`images/case-studies/${slug}-thumb.svg`] = svg(
      640,
      400,
      g(draw(`${slug}:thumb`, thumb, 640 / 0.6, 400 / 0.6), tr(0, 0, 0.6)),
      darkDefs(),
    );
  }
  return out;
}
