/**
 * Case-study card thumbnails: one bold emblem of each subject, simpler than the page
 * scene so it reads at card size. Drawn in a 1066.7×666.7 frame (scaled to 640×400).
 */
import { at, C, chip, circle, path, range, rect, s, stroke } from "./core.ts";
import { car, ctuFrame, drone, gatewayModule, meter, type Pt, pickKind, pin, type Scene, waves } from "./motifs.ts";
import { block, board, dieFrame, label, route, split } from "./tech.ts";

/** PCIe controller with sixteen lanes fanning out to an edge connector. */
const pcie: Scene = (X, Y, r) => {
  const cx = X(-250);
  const lanes: string[] = [];
  const hot: string[] = [];
  const fingers: string[] = [];
  for (let i = 0; i < 16; i++) {
    const y0 = Y(-90 + i * 12);
    const y1 = Y(-232 + i * 31);
    const d = s`M${cx + 112} ${y0}C${X(40)} ${y0} ${X(80)} ${y1} ${X(260)} ${y1}`;
    (i % 4 === r.int(0, 3) % 4 ? hot : lanes).push(d);
    fingers.push(s`M${X(300)} ${y1 - 10}h56a6 6 0 0 1 0 20h-56z`);
  }
  return [
    rect(X(250), Y(-265), 60, 530, C.i800, 10, s`stroke="${C.i500}" stroke-width="2"`),
    stroke(lanes.join(""), C.lav, 3, 'opacity=".6"'),
    stroke(hot.join(""), C.mint, 3.5),
    path(fingers.join(""), C.copper, 'opacity=".9"'),
    chip(cx, Y(0), 210, { body: C.i700, die: C.i900, pins: 7 }),
    label(cx, Y(-6), "PCIe", { anchor: "middle", size: 26, fill: C.white, weight: 700 }),
    label(cx, Y(26), "GEN5 ×16", { anchor: "middle", size: 15, fill: C.mint }),
  ].join("");
};

/** A long, narrow hard macro with ten byte-lane slices along the die edge. */
const ddr5: Scene = (X, Y, r) => {
  const x = X(-440);
  const y = Y(-260);
  const die = dieFrame(x, y, 880, 520);
  const top = split({ x: x + 30, y: y + 30, w: 820, h: 330 }, r, 3, 12, 120);
  const names = ["CPU", "GPU", "L3", "NOC", "SRAM", "PCIe", "USB", "DSP"];
  const sw = (820 - 9 * 8) / 10;
  const hi = r.int(0, 9);
  return [
    die.svg,
    ...top.map((b, i) => block(b, pickKind(r), at(names, i))),
    s`<rect x="${x + 24}" y="${y + 374}" width="832" height="122" rx="10" fill="none" stroke="${C.mint}" stroke-width="2.5"/>`,
    // the lanes start clear of the label above them
    ...range(10).map((i) => block({ x: x + 30 + i * (sw + 8), y: y + 406, w: sw, h: 82 }, i === hi ? "hi" : "logic")),
    label(x + 34, y + 394, "DDR5 PHY · 10 BYTE LANES", { size: 13, fill: C.mint }),
  ].join("");
};

/** A microcontroller die threaded with scan chains, beside a car outline. */
const mcuDft: Scene = (X, Y, r) => {
  const x = X(-450);
  const y = Y(-250);
  const die = dieFrame(x, y, 500, 500);
  const blocks = split(die.core, r, 3, 10);
  const chains: string[] = [];
  const flops: string[] = [];
  for (let c = 0; c < 5; c++) {
    const y0 = y + 70 + c * 88;
    let d = s`M${x + 40} ${y0}`;
    for (let k = 0; k < 9; k++) {
      const px = x + 70 + k * 46;
      d += s`L${px} ${y0 + (k % 2 ? 26 : 0)}`;
      flops.push(s`M${px - 6} ${y0 + (k % 2 ? 20 : -6)}h12v12h-12z`);
    }
    chains.push(d);
  }
  return [
    die.svg,
    ...blocks.map((b) => block(b, pickKind(r))),
    stroke(chains.join(""), C.mint, 3.5),
    path(flops.join(""), C.mint),
    car(X(90), Y(-70), 1.05),
    stroke(s`M${X(80)} ${Y(90)}H${X(460)}`, C.i700, 3, 'stroke-dasharray="10 10"'),
    label(X(100), Y(150), "AUTOMOTIVE MCU · ISO 26262", { size: 12 }),
  ].join("");
};

/** A video frame divided into coding-tree units, some highlighted in indigo. */
const hevc: Scene = (X, Y, r) => ctuFrame(X(-448), Y(-256), 7, 4, 128, r, "fr", C.i500, 2);

/** A small chip sending radio waves, with a battery beside it. */
const ble: Scene = (X, Y, r) => {
  const cx = X(-140);
  const cy = Y(40);
  const bx = X(250);
  const level = r.int(3, 4);
  return [
    chip(cx, cy, 210, { body: C.i700, die: C.i900, pins: 6 }),
    label(cx, cy + 6, "BLE SoC", { anchor: "middle", size: 16, fill: C.white }),
    waves(cx + 40, cy - 60, -Math.PI / 3, [120, 170, 220, 270], 0.45, C.mint, 6),
    rect(bx - 75, Y(-150), 150, 300, C.i800, 22, s`stroke="${C.lav}" stroke-width="5"`),
    rect(bx - 30, Y(-172), 60, 22, C.lav, 6),
    ...range(level).map((i) => rect(bx - 52, Y(94 - i * 62), 104, 48, C.mint, 8, s`opacity="${1 - i * 0.12}"`)),
  ].join("");
};

/** A radar antenna sending arcs toward scattered targets. */
const radar: Scene = (X, Y, r) => {
  const ax = X(-330);
  const ay = Y(30);
  const targets = range(9).map(() => {
    const a = r.range(-0.5, 0.5);
    const d = r.range(260, 700);
    const tx = ax + Math.cos(a) * d;
    const ty = ay + Math.sin(a) * d;
    return circle(tx, ty, 9, C.mint) + circle(tx, ty, 20, "none", s`stroke="${C.mint}" stroke-width="2" opacity=".4"`);
  });
  return [
    waves(ax + 40, ay, 0, [120, 200, 280, 360, 440, 520, 600], 0.55, C.lav, 4),
    ...targets,
    path(
      s`M${ax} ${ay - 150}Q${ax + 120} ${ay} ${ax} ${ay + 150}Q${ax + 40} ${ay} ${ax} ${ay - 150}Z`,
      C.i500,
      s`stroke="${C.lav}" stroke-width="3"`,
    ),
    stroke(s`M${ax + 30} ${ay - 70}L${ax + 100} ${ay}L${ax + 30} ${ay + 70}`, C.lav, 4),
    circle(ax + 104, ay, 10, C.mint),
    stroke(
      s`M${ax + 14} ${ay + 20}L${ax - 46} ${ay + 200}M${ax + 14} ${ay + 20}L${ax + 64} ${ay + 200}M${ax - 76} ${ay + 200}H${ax + 94}`,
      C.lav,
      6,
    ),
  ].join("");
};

/** A sparse grid of shaded squares: a parity-check matrix. */
const ldpc: Scene = (X, Y, r) => {
  const cols = 24;
  const rows = 12;
  const c = 36;
  const x0 = X((-cols * c) / 2);
  const y0 = Y((-rows * c) / 2);
  let on = "";
  let hot = "";
  for (let bi = 0; bi < rows / 4; bi++)
    for (let bj = 0; bj < cols / 4; bj++) {
      if (r.chance(0.35)) continue;
      const sh = r.int(0, 3);
      for (let k = 0; k < 4; k++) {
        const d = s`M${x0 + (bj * 4 + ((k + sh) % 4)) * c + 3} ${y0 + (bi * 4 + k) * c + 3}h${c - 6}v${c - 6}h${-(c - 6)}z`;
        if (r.chance(0.15)) hot += d;
        else on += d;
      }
    }
  const grid =
    range(cols + 1)
      .map((j) => s`M${x0 + j * c} ${y0}V${y0 + rows * c}`)
      .join("") +
    range(rows + 1)
      .map((i) => s`M${x0} ${y0 + i * c}H${x0 + cols * c}`)
      .join("");
  const blocks =
    range(cols / 4 + 1)
      .map((j) => s`M${x0 + j * 4 * c} ${y0}V${y0 + rows * c}`)
      .join("") +
    range(rows / 4 + 1)
      .map((i) => s`M${x0} ${y0 + i * 4 * c}H${x0 + cols * c}`)
      .join("");
  return [
    rect(x0, y0, cols * c, rows * c, C.ink, 6),
    stroke(grid, C.i800, 1.5),
    stroke(blocks, C.i700, 3),
    path(on, C.i500),
    path(hot, C.mint),
  ].join("");
};

/** Four FPGAs linked by bundles of lines, with network ports along one edge. */
const net: Scene = (X, Y, r) => {
  const fp: Pt[] = [
    [X(-250), Y(-125)],
    [X(20), Y(-125)],
    [X(-250), Y(125)],
    [X(20), Y(125)],
  ];
  const bundle = (a: Pt, b: Pt, horiz: boolean) =>
    range(4)
      .map((k) =>
        horiz
          ? s`M${a[0] + 80} ${a[1] - 30 + k * 20}H${b[0] - 80}`
          : s`M${a[0] - 30 + k * 20} ${a[1] + 80}V${b[1] - 80}`,
      )
      .join("");
  const ports = range(8).map(
    (i) =>
      rect(X(330), Y(-230 + i * 60), 80, 40, C.ink, 6, s`stroke="${C.lav}" stroke-width="2.5"`) +
      rect(X(410), Y(-220 + i * 60), 14, 20, C.lav, 2) +
      circle(X(350), Y(-210 + i * 60), 5, i % 3 === 0 ? C.mint : C.i500),
  );
  return [
    board(X(-440), Y(-265), 900, 530),
    stroke(
      bundle(at(fp, 0), at(fp, 1), true) +
        bundle(at(fp, 2), at(fp, 3), true) +
        bundle(at(fp, 0), at(fp, 2), false) +
        bundle(at(fp, 1), at(fp, 3), false),
      C.copper,
      4,
      'opacity=".85"',
    ),
    stroke(
      range(4)
        .map(
          (k) =>
            s`M${X(100)} ${Y(-155 + k * 20)}H${X(200)}V${Y(-210 + k * 60)}H${X(328)}M${X(100)} ${Y(95 + k * 20)}H${X(220)}V${Y(30 + k * 60)}H${X(328)}`,
        )
        .join(""),
      C.lav,
      2.5,
      'opacity=".5"',
    ),
    ...fp.map(
      ([fx, fy], i) =>
        chip(fx, fy, 140, { body: i === r.int(0, 3) ? C.i500 : C.i700, die: C.i900, pins: 6, rx: 12 }) +
        label(fx, fy + 5, `FPGA ${i + 1}`, { anchor: "middle", size: 14 }),
    ),
    ...ports,
  ].join("");
};

/** A bicycle wheel with a hub motor, in indigo line art. */
const bldc: Scene = (X, Y, r) => {
  const cx = X(0);
  const cy = Y(0);
  const spokes = range(18)
    .map((i) => {
      const a = (i / 18) * Math.PI * 2;
      const off = i % 2 ? 0.35 : -0.35;
      return s`M${cx + Math.cos(a) * 74} ${cy + Math.sin(a) * 74}L${cx + Math.cos(a + off) * 222} ${cy + Math.sin(a + off) * 222}`;
    })
    .join("");
  const slots = range(12)
    .map((i) => {
      const a = (i / 12) * Math.PI * 2 + r.range(0, 0.2);
      return s`M${cx + Math.cos(a) * 30} ${cy + Math.sin(a) * 30}L${cx + Math.cos(a) * 52} ${cy + Math.sin(a) * 52}`;
    })
    .join("");
  return [
    circle(cx, cy, 258, "none", s`stroke="${C.i700}" stroke-width="26"`),
    circle(cx, cy, 258, "none", s`stroke="${C.lav}" stroke-width="2" stroke-dasharray="3 14" opacity=".6"`),
    circle(cx, cy, 226, "none", s`stroke="${C.lav}" stroke-width="5"`),
    stroke(spokes, C.lav, 2, 'opacity=".55"'),
    circle(cx, cy, 78, C.i800, s`stroke="${C.lav}" stroke-width="5"`),
    stroke(slots, C.mint, 6),
    circle(cx, cy, 18, C.ink, s`stroke="${C.mint}" stroke-width="4"`),
    stroke(s`M${cx + 60} ${cy + 50}C${cx + 140} ${cy + 160} ${cx + 300} ${cy + 120} ${X(460)} ${Y(200)}`, C.copper, 4),
    label(X(250), Y(-250), "HUB MOTOR", { size: 13, fill: C.mint }),
  ].join("");
};

/** A DIN-rail gateway with terminal blocks and network ports. */
const gateway: Scene = (X, Y) =>
  [
    rect(X(-480), Y(-36), 960, 72, C.i700, 6),
    path(
      range(22)
        .map((i) => s`M${X(-470 + i * 44)} ${Y(-12)}h24v24h-24z`)
        .join(""),
      C.ink,
    ),
    gatewayModule(X(-310), Y(0), 0.62),
    gatewayModule(X(0), Y(0), 1.2),
    gatewayModule(X(310), Y(0), 0.62),
  ].join("");

/** A hexacopter above crop rows, with a fine spray beneath it. */
const agri: Scene = (X, Y, r) => {
  const rows = range(13)
    .map((i) => s`M${X(-60 + i * 10)} ${Y(40)}L${X(-720 + i * 120)} ${Y(340)}`)
    .join("");
  const spray = range(70)
    .map(() => {
      const t = r.next();
      const x = X(r.range(-1, 1) * (60 + t * 200));
      const y = Y(-60 + t * 150);
      return s`M${x} ${y}m-3 0a3 3 0 1 0 6 0a3 3 0 1 0 -6 0`;
    })
    .join("");
  return [
    rect(X(-600), Y(40), 1200, 400, C.i900),
    stroke(rows, C.mint, 14, 'opacity=".3"'),
    stroke(s`M${X(-600)} ${Y(40)}H${X(600)}`, C.i700, 2),
    path(spray, C.lav, 'opacity=".65"'),
    drone(X(0), Y(-150), 1.25, r, 6, 0.55),
  ].join("");
};

/** A board with a large central FPGA and differential pairs routed to optical cages. */
const carrier: Scene = (X, Y, _r) => {
  const fx = X(-110);
  const fy = Y(0);
  const pairs: string[] = [];
  for (let c = 0; c < 4; c++) {
    const cy = Y(-180 + c * 120);
    for (let p = 0; p < 2; p++) {
      const y0 = fy - 40 + c * 26 + p * 10;
      const amp = 10;
      const serp =
        c % 2
          ? range(3)
              .map((k) => s`h12v${k % 2 ? amp : -amp}`)
              .join("")
          : "";
      for (const o of [0, 7])
        pairs.push(
          route([
            [fx + 110, y0 + o],
            [X(120), y0 + o],
            [X(200), cy + p * 24 - 12 + o],
          ]) +
            serp +
            s`H${X(300)}`,
        );
    }
  }
  const cages = range(4).map(
    (c) =>
      rect(X(300), Y(-180 + c * 120) - 44, 150, 88, C.i900, 8, s`stroke="${C.lav}" stroke-width="3"`) +
      path(
        range(5)
          .map((k) => s`M${X(330 + k * 22)} ${Y(-180 + c * 120) - 28}h10v56h-10z`)
          .join(""),
        C.i700,
      ),
  );
  return [
    board(X(-450), Y(-265), 920, 530),
    s`<pattern id="bga" x="${fx - 100}" y="${fy - 100}" width="20" height="20" patternUnits="userSpaceOnUse"><circle cx="10" cy="10" r="5" fill="${C.lav}" opacity=".6"/></pattern>`,
    rect(fx - 110, fy - 110, 220, 220, C.i700, 14),
    rect(fx - 100, fy - 100, 200, 200, "url(#bga)"),
    rect(fx - 58, fy - 58, 116, 116, C.i900, 12, s`stroke="${C.i500}" stroke-width="2"`),
    label(fx, fy + 6, "FPGA", { anchor: "middle", size: 18, fill: C.white }),
    stroke(pairs.join(""), C.copper, 3),
    ...cages,
    label(X(300), Y(252), "QSFP CAGES", { size: 12 }),
  ].join("");
};

/** An electric scooter with its battery pack outlined under the footboard. */
const ev: Scene = (X, Y, _r) => {
  const cells = range(8)
    .map((i) => circle(X(-190 + i * 44), Y(132), 14, C.mint, 'opacity=".5"'))
    .join("");
  return [
    stroke(
      s`M${X(-300)} ${Y(100)}H${X(190)}L${X(250)} ${Y(-230)}M${X(200)} ${Y(-230)}H${X(300)}M${X(190)} ${Y(100)}L${X(300)} ${Y(170)}M${X(-300)} ${Y(100)}L${X(-330)} ${Y(170)}`,
      C.lav,
      12,
    ),
    rect(X(-270), Y(84), 460, 30, C.i700, 12, s`stroke="${C.lav}" stroke-width="3"`),
    s`<rect x="${X(-220)}" y="${Y(112)}" width="390" height="42" rx="12" fill="${C.mint}" fill-opacity=".12" stroke="${C.mint}" stroke-width="3" stroke-dasharray="9 7"/>`,
    cells,
    ...[X(-330), X(300)].map(
      (wx) =>
        circle(wx, Y(170), 80, "none", s`stroke="${C.i700}" stroke-width="22"`) +
        circle(wx, Y(170), 64, "none", s`stroke="${C.lav}" stroke-width="3"`) +
        circle(wx, Y(170), 16, C.lav),
    ),
    path(s`M${X(-20)} ${Y(-60)}l-30 60h28l-14 50l44-70h-28l16-40z`, C.mint),
    // centred under the pack: the lead card crops the sides of its picture, never the middle
    label(X(-25), Y(196), "BATTERY PACK", { anchor: "middle", size: 13, fill: C.mint }),
  ].join("");
};

/** A camera above a circuit board on a conveyor. */
const edgeAi: Scene = (X, Y, _r) => {
  const belt = s`M${X(-470)} ${Y(190)}L${X(-390)} ${Y(90)}H${X(470)}L${X(390)} ${Y(190)}Z`;
  const pcbAt = (cx: number) => {
    const a = (u: number, v: number): string => `${(cx + u - v * 0.8).toFixed(1)} ${(Y(150) - v).toFixed(1)}`;
    return (
      path(`M${a(-110, 0)}L${a(110, 0)}L${a(110, 50)}L${a(-110, 50)}Z`, C.i500, s`stroke="${C.lav}" stroke-width="2"`) +
      path(`M${a(-70, 12)}L${a(-20, 12)}L${a(-20, 38)}L${a(-70, 38)}Z`, C.i900) +
      path(`M${a(10, 16)}L${a(40, 16)}L${a(40, 34)}L${a(10, 34)}Z`, C.i800) +
      path(`M${a(60, 10)}L${a(90, 10)}L${a(90, 40)}L${a(60, 40)}Z`, C.i900)
    );
  };
  const camX = X(10);
  return [
    s`<path d="${belt}" fill="${C.i800}" stroke="${C.i500}" stroke-width="2"/>`,
    rect(X(-470), Y(190), 860, 30, C.i900, 8),
    ...range(9).map((i) => circle(X(-430 + i * 100), Y(205), 12, C.i700, s`stroke="${C.lav}" stroke-width="2"`)),
    stroke(
      range(8)
        .map((i) => s`M${X(-380 + i * 110)} ${Y(95)}l-70 90`)
        .join(""),
      C.i700,
      3,
    ),
    path(
      s`M${camX - 30} ${Y(-120)}L${camX - 190} ${Y(130)}H${camX + 170}L${camX + 30} ${Y(-120)}Z`,
      C.mint,
      'opacity=".12"',
    ),
    pcbAt(X(-320)),
    pcbAt(camX),
    pcbAt(X(340)),
    s`<rect x="${camX - 150}" y="${Y(62)}" width="260" height="96" rx="8" fill="none" stroke="${C.mint}" stroke-width="3"/>`,
    rect(camX - 90, Y(-250), 180, 110, C.i700, 18, s`stroke="${C.lav}" stroke-width="3"`),
    rect(camX - 40, Y(-140), 80, 28, C.i800, 6),
    circle(camX, Y(-196), 36, C.ink, s`stroke="${C.lav}" stroke-width="4"`),
    circle(camX, Y(-196), 14, C.mint),
    stroke(s`M${camX + 90} ${Y(-200)}H${X(300)}V${Y(-280)}`, C.lav, 3, 'opacity=".6"'),
  ].join("");
};

/** An industrial motor with a sensor node on its bearing housing. */
const motor: Scene = (X, Y, _r) => {
  const fins = range(14)
    .map((i) => s`M${X(-300 + i * 30)} ${Y(-120)}V${Y(120)}`)
    .join("");
  const sx = X(200);
  return [
    rect(X(-360), Y(-130), 520, 260, C.i700, 26, s`stroke="${C.lav}" stroke-width="3"`),
    stroke(fins, C.i800, 10),
    rect(X(150), Y(-110), 110, 220, C.i800, 22, s`stroke="${C.lav}" stroke-width="3"`),
    rect(X(260), Y(-22), 150, 44, C.i500, 10),
    rect(X(-340), Y(130), 160, 40, C.i800, 8),
    rect(X(-20), Y(130), 160, 40, C.i800, 8),
    rect(X(-440), Y(170), 800, 18, C.i900, 6),
    rect(X(-180), Y(-200), 140, 70, C.i800, 10, s`stroke="${C.lav}" stroke-width="2"`),
    rect(sx - 44, Y(-190), 88, 80, C.mint, 14),
    circle(sx, Y(-150), 10, C.ink),
    waves(sx, Y(-200), -Math.PI / 2, [30, 56, 82], 0.6, C.mint, 5),
    label(sx + 60, Y(-250), "SENSOR NODE", { size: 13, fill: C.mint }),
  ].join("");
};

/** A single-phase meter with a small display and a signal icon. */
const meterThumb: Scene = (X, Y, r) =>
  waves(X(130), Y(-170), -Math.PI / 4, [60, 100, 140], 0.5, C.mint, 5) +
  meter(X(-40), Y(10), 1.12, `0${r.int(10000, 99999)}`);

/** A rugged tracker on a shipping container, with a location pin above it. */
const tracker: Scene = (X, Y, r) => {
  const ribs = range(22)
    .map((i) => s`M${X(-440 + i * 40)} ${Y(-130)}V${Y(240)}`)
    .join("");
  const tx = X(-40 + r.int(-40, 40));
  return [
    rect(X(-470), Y(-150), 940, 410, C.i800, 10, s`stroke="${C.i500}" stroke-width="3"`),
    stroke(ribs, C.i700, 14),
    stroke(s`M${X(380)} ${Y(-140)}V${Y(250)}M${X(420)} ${Y(-140)}V${Y(250)}`, C.lav, 6, 'opacity=".6"'),
    rect(tx - 80, Y(-30), 160, 120, C.i500, 18, s`stroke="${C.white}" stroke-width="4"`),
    ...[
      [-62, -12],
      [62, -12],
      [-62, 72],
      [62, 72],
    ].map(([dx, dy]) => circle(tx + (dx ?? 0), Y(dy ?? 0), 6, C.ink)),
    rect(tx - 40, Y(10), 80, 40, C.i700, 8),
    circle(tx + 50, Y(10), 8, C.mint),
    pin(tx, Y(-70), 1.4, C.mint, C.i900),
  ].join("");
};

export const THUMBS: Record<string, Scene> = {
  "pcie-gen5-controller-verification": pcie,
  "ddr5-phy-physical-design": ddr5,
  "automotive-mcu-dft": mcuDft,
  "hevc-decoder-ip-verification": hevc,
  "ble-iot-soc-rtl-design": ble,
  "radar-signal-processing-fpga": radar,
  "ldpc-decoder-fpga-prototype": ldpc,
  "networking-asic-fpga-prototyping": net,
  "bldc-motor-control-firmware": bldc,
  "industrial-gateway-linux-bsp": gateway,
  "agri-drone-flight-controller": agri,
  "fpga-carrier-board-signal-integrity": carrier,
  "ev-battery-management-board": ev,
  "edge-ai-pcb-defect-detection": edgeAi,
  "predictive-maintenance-sensor-fusion": motor,
  "smart-energy-meter-turnkey": meterThumb,
  "lte-m-asset-tracker-turnkey": tracker,
};
