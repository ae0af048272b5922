/**
 * Technical drawing pieces on a dark ground, used by the case-study art: die
 * floorplans, wafer maps, block diagrams, timing diagrams, FPGA fabric, PCBs,
 * eye diagrams, neural-net graphs and heat maps.
 */
import { at, C, circle, g, line, path, poly, type Rng, range, rect, s, smooth, stroke, text } from "./core.ts";

/** Defs shared by every dark scene: background gradient, dot grid, cell-row and SRAM patterns. */
export function darkDefs(): string {
  return [
    s`<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.ink}"/><stop offset="1" stop-color="${C.i900}"/></linearGradient>`,
    s`<radialGradient id="glow"><stop offset="0" stop-color="${C.i500}" stop-opacity=".32"/><stop offset="1" stop-color="${C.i500}" stop-opacity="0"/></radialGradient>`,
    s`<pattern id="dots" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="1.3" fill="${C.i700}" opacity=".55"/></pattern>`,
    s`<pattern id="rows" width="12" height="7" patternUnits="userSpaceOnUse"><path d="M0 3.5H12" stroke="${C.i500}" stroke-width="1.6" opacity=".4"/><path d="M6 1V6" stroke="${C.i500}" stroke-width="1" opacity=".25"/></pattern>`,
    s`<pattern id="sram" width="9" height="9" patternUnits="userSpaceOnUse"><rect x="1" y="1" width="7" height="7" rx="1" fill="${C.i500}" opacity=".32"/></pattern>`,
  ].join("");
}

export function darkBackground(W: number, H: number, r: Rng): string {
  return [
    rect(0, 0, W, H, "url(#bg)"),
    rect(0, 0, W, H, "url(#dots)"),
    s`<ellipse cx="${W * r.range(0.55, 0.8)}" cy="${H * r.range(0.25, 0.6)}" rx="${W * 0.45}" ry="${H * 0.6}" fill="url(#glow)"/>`,
  ].join("");
}

/** A small capitals label. `fit`: the room it has; its width is then pinned, so any font keeps to it. */
export const label = (
  x: number,
  y: number,
  t: string,
  o: { size?: number; fill?: string; anchor?: "start" | "middle" | "end"; weight?: number; fit?: number } = {},
) =>
  text(x, y, t, {
    size: o.size ?? 13,
    weight: o.weight ?? 600,
    fill: o.fill ?? C.lav,
    anchor: o.anchor,
    ls: 1.4,
    fit: o.fit,
  });

/** A card on the dark ground. */
export const panel = (x: number, y: number, w: number, h: number, fill: string = C.i900, edge: string = C.i700) =>
  s`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="16" fill="${fill}" stroke="${edge}" stroke-width="1.5"/>`;

/** A block-diagram box with a centred label. */
export function box(
  x: number,
  y: number,
  w: number,
  h: number,
  t: string,
  o: { hi?: boolean; fill?: string; size?: number } = {},
): string {
  const edge = o.hi ? C.mint : C.i500;
  return (
    s`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${o.fill ?? C.i800}" stroke="${edge}" stroke-width="${o.hi ? 2.5 : 1.5}"/>` +
    (t ? label(x + w / 2, y + h / 2 + 5, t, { anchor: "middle", fill: o.hi ? C.mint : C.lav, size: o.size ?? 14 }) : "")
  );
}

/** A straight arrow with a filled head. */
export function arrow(x1: number, y1: number, x2: number, y2: number, color: string = C.lav, w = 2): string {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const hx = x2 - Math.cos(a) * 10;
  const hy = y2 - Math.sin(a) * 10;
  const px = Math.cos(a + Math.PI / 2) * 6;
  const py = Math.sin(a + Math.PI / 2) * 6;
  return (
    line(x1, y1, hx, hy, color, w) +
    path(
      poly(
        [
          [x2, y2],
          [hx + px, hy + py],
          [hx - px, hy - py],
        ],
        true,
      ),
      color,
    )
  );
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Split a rectangle into blocks (guillotine cuts), as a floorplanner would. */
export function split(rc: Rect, r: Rng, depth: number, gap: number, min = 90): Rect[] {
  if (depth === 0 || (rc.w < min && rc.h < min)) return [rc];
  const vertical = rc.w > rc.h * 1.2 ? true : rc.h > rc.w * 1.2 ? false : r.chance(0.5);
  const t = r.range(0.35, 0.65);
  if (vertical) {
    const w1 = Math.round(rc.w * t - gap / 2);
    return [
      ...split({ x: rc.x, y: rc.y, w: w1, h: rc.h }, r, depth - 1, gap, min),
      ...split({ x: rc.x + w1 + gap, y: rc.y, w: rc.w - w1 - gap, h: rc.h }, r, depth - 1, gap, min),
    ];
  }
  const h1 = Math.round(rc.h * t - gap / 2);
  return [
    ...split({ x: rc.x, y: rc.y, w: rc.w, h: h1 }, r, depth - 1, gap, min),
    ...split({ x: rc.x, y: rc.y + h1 + gap, w: rc.w, h: rc.h - h1 - gap }, r, depth - 1, gap, min),
  ];
}

/** Die outline with seal ring and pad ring; returns the drawing and the core rectangle. */
export function dieFrame(x: number, y: number, w: number, h: number): { svg: string; core: Rect } {
  const pads: string[] = [];
  const step = 22;
  for (let px = x + 30; px <= x + w - 38; px += step)
    pads.push(s`M${px} ${y + 12}h8v8h-8zM${px} ${y + h - 20}h8v8h-8z`);
  for (let py = y + 30; py <= y + h - 38; py += step)
    pads.push(s`M${x + 12} ${py}h8v8h-8zM${x + w - 20} ${py}h8v8h-8z`);
  return {
    svg:
      s`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="${C.ink}" stroke="${C.i500}" stroke-width="2"/>` +
      s`<rect x="${x + 5}" y="${y + 5}" width="${w - 10}" height="${h - 10}" rx="8" fill="none" stroke="${C.i700}" stroke-width="1.5"/>` +
      path(pads.join(""), C.i700),
    core: { x: x + 30, y: y + 30, w: w - 60, h: h - 60 },
  };
}

/** Fill a block the way a die shot looks: logic rows, SRAM arrays or plain analog. */
export function block(b: Rect, kind: "logic" | "sram" | "analog" | "hi", t = ""): string {
  const fills = { logic: "url(#rows)", sram: "url(#sram)", analog: "none", hi: "url(#rows)" };
  const base = kind === "sram" ? C.i800 : kind === "analog" ? C.i900 : C.i800;
  return (
    rect(b.x, b.y, b.w, b.h, base, 6) +
    (fills[kind] !== "none" ? rect(b.x, b.y, b.w, b.h, fills[kind], 6) : "") +
    s`<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="6" fill="${kind === "hi" ? C.mint : "none"}" fill-opacity=".12" stroke="${kind === "hi" ? C.mint : C.i500}" stroke-width="${kind === "hi" ? 2.5 : 1.2}"/>` +
    (t && b.w > 60 && b.h > 34 ? label(b.x + 10, b.y + 20, t, { size: 12, fill: kind === "hi" ? C.mint : C.lav }) : "")
  );
}

/** A wafer map: a base grid of dies (pattern) with a few binned dies coloured on top. */
export function wafer(cx: number, cy: number, R: number, die: number, r: Rng, id = "w"): string {
  const cells: Record<string, string[]> = { [C.mint]: [], [C.i500]: [], [C.copper]: [] };
  const n = Math.ceil(R / die);
  for (let i = -n; i < n; i++) {
    for (let j = -n; j < n; j++) {
      const x0 = cx + i * die;
      const y0 = cy + j * die;
      const far = Math.max(
        Math.hypot(x0 - cx, y0 - cy),
        Math.hypot(x0 + die - cx, y0 - cy),
        Math.hypot(x0 - cx, y0 + die - cy),
        Math.hypot(x0 + die - cx, y0 + die - cy),
      );
      if (far > R - 8) continue;
      const edge = far / R;
      const v = r.next();
      const key = v < 0.04 + edge * 0.08 ? C.copper : v < 0.2 ? C.i500 : v < 0.3 ? C.mint : "";
      if (key) {
        cells[key] = cells[key] ?? [];
        cells[key].push(s`M${x0 + 1.5} ${y0 + 1.5}h${die - 3}v${die - 3}h${-(die - 3)}z`);
      }
    }
  }
  return g([
    s`<clipPath id="${id}c"><circle cx="${cx}" cy="${cy}" r="${R - 8}"/></clipPath>`,
    s`<pattern id="${id}p" x="${cx}" y="${cy}" width="${die}" height="${die}" patternUnits="userSpaceOnUse"><rect x="1.5" y="1.5" width="${die - 3}" height="${die - 3}" rx="1.5" fill="${C.i700}"/></pattern>`,
    circle(cx, cy, R, C.ink, s`stroke="${C.i500}" stroke-width="2"`),
    circle(cx, cy, R, s`url(#${id}p)`, s`clip-path="url(#${id}c)"`),
    ...Object.entries(cells).map(([color, d]) =>
      d.length ? path(d.join(""), color, color === C.mint ? 'opacity=".85"' : "") : "",
    ),
    path(s`M${cx - 12} ${cy + R + 1}a12 12 0 0 1 24 0z`, C.ink),
  ]);
}

/** A logic timing diagram: a clock, single-bit signals and buses. */
export function timing(
  x: number,
  y: number,
  w: number,
  lanes: ("clk" | "bit" | "bus")[],
  r: Rng,
  gap = 34,
  period = 36,
): string {
  const out: string[] = [];
  const h = 16;
  const cycles = Math.floor(w / period);
  lanes.forEach((kind, li) => {
    const ly = y + li * gap;
    const color = kind === "clk" ? C.lav : li % 2 ? C.mint : C.i500;
    if (kind === "clk") {
      let d = s`M${x} ${ly + h}`;
      for (let c = 0; c < cycles; c++) {
        const cx = x + c * period;
        d += s`H${cx + period / 4}V${ly}H${cx + (3 * period) / 4}V${ly + h}`;
      }
      d += s`H${x + cycles * period}`;
      out.push(stroke(d, color, 2, 'opacity=".8"'));
    } else if (kind === "bit") {
      let level = r.chance(0.5);
      let d = s`M${x} ${level ? ly : ly + h}`;
      for (let c = 1; c < cycles; c++) {
        if (r.chance(0.35)) {
          level = !level;
          d += s`H${x + c * period}V${level ? ly : ly + h}`;
        }
      }
      d += s`H${x + cycles * period}`;
      out.push(stroke(d, color, 2));
    } else {
      const edges = [0];
      for (let c = 1; c < cycles; c++) if (r.chance(0.3)) edges.push(c);
      edges.push(cycles);
      let d = "";
      let fill = "";
      for (let e = 0; e < edges.length - 1; e++) {
        const a = x + at(edges, e) * period;
        const b = x + at(edges, e + 1) * period;
        const m = ly + h / 2;
        const seg = s`M${a} ${m}L${a + 5} ${ly}H${b - 5}L${b} ${m}L${b - 5} ${ly + h}H${a + 5}Z`;
        d += seg;
        if (r.chance(0.4)) fill += seg;
      }
      if (fill) out.push(path(fill, color, 'opacity=".22"'));
      out.push(stroke(d, color, 1.8));
    }
  });
  return out.join("");
}

/** FPGA fabric: CLB tiles and switch boxes as a pattern, with lit tiles and a routed net. */
export function fabric(
  x: number,
  y: number,
  cols: number,
  rows: number,
  cell: number,
  r: Rng,
  lit: number,
  id = "f",
  withNet = true,
): string {
  const t = cell * 0.62;
  const o = (cell - t) / 2;
  const pat = s`<pattern id="${id}" x="${x}" y="${y}" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse"><path d="M0 0H${cell}M0 0V${cell}" stroke="${C.i700}" stroke-width="2" opacity=".7"/><rect x="-4" y="-4" width="8" height="8" rx="2" fill="${C.i700}"/><rect x="${o}" y="${o}" width="${t}" height="${t}" rx="5" fill="${C.i800}" stroke="${C.i700}" stroke-width="1.2"/></pattern>`;
  const tiles: string[] = [];
  const hot: string[] = [];
  const picks = new Set<string>();
  while (picks.size < lit) picks.add(`${r.int(0, cols - 1)},${r.int(0, rows - 1)}`);
  for (const key of [...picks].sort()) {
    const [i, j] = key.split(",").map(Number) as [number, number];
    const d = s`M${x + i * cell + o} ${y + j * cell + o}h${t}v${t}h${-t}z`;
    if (r.chance(0.45)) hot.push(d);
    else tiles.push(d);
  }
  // one routed net through the channels
  let ci = r.int(0, 2);
  let cj = r.int(1, rows - 1);
  const pts: [number, number][] = [[x + ci * cell, y + cj * cell]];
  while (ci < cols) {
    if (r.chance(0.6)) ci += r.int(1, 3);
    else cj = Math.max(1, Math.min(rows - 1, cj + (r.chance(0.5) ? 1 : -1) * r.int(1, 2)));
    ci = Math.min(ci, cols);
    pts.push([x + ci * cell, y + cj * cell]);
  }
  const net = pts.map(([px, py], i) => `${i ? "H" : "M"}${px}${i ? `V${py}` : ` ${py}`}`).join("");
  return g([
    `<defs>${pat}</defs>`,
    s`<rect x="${x}" y="${y}" width="${cols * cell}" height="${rows * cell}" fill="url(#${id})"/>`,
    tiles.length ? path(tiles.join(""), C.i500, 'opacity=".75"') : "",
    hot.length ? path(hot.join(""), C.mint, 'opacity=".8"') : "",
    withNet ? stroke(net, C.mint, 3, 'opacity=".9"') + circle(at(pts, 0)[0], at(pts, 0)[1], 5, C.mint) : "",
  ]);
}

/** A PCB outline with mounting holes. */
export function board(x: number, y: number, w: number, h: number, fill: string = C.i800): string {
  const holes = [
    [x + 18, y + 18],
    [x + w - 18, y + 18],
    [x + 18, y + h - 18],
    [x + w - 18, y + h - 18],
  ] as const;
  return (
    s`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${fill}" stroke="${C.i500}" stroke-width="1.5"/>` +
    holes
      .map(([hx, hy]) => circle(hx, hy, 7, C.ink, s`stroke="${C.lav}" stroke-opacity=".5" stroke-width="2"`))
      .join("")
  );
}

/** An eye diagram: many overlapping bit transitions, with a hexagonal mask. */
export function eye(x: number, y: number, w: number, h: number, r: Rng, n = 26): string {
  const paths: string[] = [];
  const top = y + h * 0.18;
  const bot = y + h * 0.82;
  const ui = w / 2;
  for (let i = 0; i < n; i++) {
    const levels = [r.chance(0.5), r.chance(0.5), r.chance(0.5)];
    const lv = (b: boolean) => (b ? top : bot) + r.range(-h * 0.035, h * 0.035);
    const j = () => r.range(-ui * 0.06, ui * 0.06);
    const [a, b, c] = levels as [boolean, boolean, boolean];
    const x0 = x;
    const xA = x + ui * 0.5 + j();
    const xB = x + ui * 1.5 + j();
    const ya = lv(a);
    const yb = lv(b);
    const yc = lv(c);
    paths.push(
      s`M${x0} ${ya}L${xA - ui * 0.3} ${ya}C${xA - ui * 0.05} ${ya} ${xA + ui * 0.05} ${yb} ${xA + ui * 0.3} ${yb}L${xB - ui * 0.3} ${yb}C${xB - ui * 0.05} ${yb} ${xB + ui * 0.05} ${yc} ${xB + ui * 0.3} ${yc}L${x + w} ${yc}`,
    );
  }
  const cx = x + ui;
  const cy = y + h / 2;
  const mw = ui * 0.38;
  const mh = h * 0.2;
  return g([
    stroke(paths.join(""), C.mint, 1.6, 'opacity=".35"'),
    path(
      poly(
        [
          [cx - mw, cy],
          [cx - mw / 2, cy - mh],
          [cx + mw / 2, cy - mh],
          [cx + mw, cy],
          [cx + mw / 2, cy + mh],
          [cx - mw / 2, cy + mh],
        ],
        true,
      ),
      C.i500,
      s`fill-opacity=".25" stroke="${C.lav}" stroke-width="1.5" stroke-dasharray="5 4"`,
    ),
  ]);
}

/** A feed-forward network graph: layers of nodes, edges in one path, a few hot edges. */
export function nnGraph(x: number, y: number, w: number, h: number, layers: number[], r: Rng, nodeR = 11): string {
  const pos = layers.map((n, li) =>
    range(n).map(
      (i) =>
        [x + (w * li) / (layers.length - 1), y + h / 2 + (i - (n - 1) / 2) * Math.min(h / Math.max(...layers), 58)] as [
          number,
          number,
        ],
    ),
  );
  let edges = "";
  let hotEdges = "";
  const hotNodes = new Set<string>();
  for (let li = 0; li < pos.length - 1; li++) {
    const A = at(pos, li);
    const B = at(pos, li + 1);
    for (const [ai, a] of A.entries()) {
      for (const [bi, b] of B.entries()) {
        const d = s`M${a[0]} ${a[1]}L${b[0]} ${b[1]}`;
        if (r.chance(0.12)) {
          hotEdges += d;
          hotNodes.add(`${li},${ai}`);
          hotNodes.add(`${li + 1},${bi}`);
        } else edges += d;
      }
    }
  }
  const nodes: string[] = [];
  pos.forEach((L, li) => {
    L.forEach(([nx, ny], i) => {
      const hot = hotNodes.has(`${li},${i}`);
      nodes.push(circle(nx, ny, nodeR, hot ? C.mint : C.i800, s`stroke="${hot ? C.mint : C.lav}" stroke-width="2"`));
    });
  });
  return g([stroke(edges, C.i500, 1.2, 'opacity=".55"'), stroke(hotEdges, C.mint, 2, 'opacity=".85"'), ...nodes]);
}

/** A heat map: cells shaded by a smooth field with a few peaks; cold cells are left out. */
export function heat(
  x: number,
  y: number,
  cols: number,
  rows: number,
  cell: number,
  peaks: [number, number, number][],
  r: Rng,
  noise = 0.15,
): string {
  const layers: string[][] = [[], [], [], []];
  const colors = [C.i700, C.i500, C.lav, C.mint];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      let v = r.range(0, noise);
      for (const [px, py, amp] of peaks) v += amp * Math.exp(-((i - px) ** 2 + (j - py) ** 2) / 3.2);
      const k = v > 0.85 ? 3 : v > 0.6 ? 2 : v > 0.35 ? 1 : v > 0.12 ? 0 : -1;
      if (k >= 0)
        at(layers, k).push(s`M${x + i * cell + 1} ${y + j * cell + 1}h${cell - 2}v${cell - 2}h${-(cell - 2)}z`);
    }
  }
  return layers
    .map((d, k) => (d.length ? path(d.join(""), at(colors, k), s`opacity="${0.45 + k * 0.15}"`) : ""))
    .join("");
}

/** A smooth data line over a plot area, sampled from f(t) in [0,1]. */
export function plotLine(
  x: number,
  y: number,
  w: number,
  h: number,
  f: (t: number) => number,
  n: number,
  color: string,
  width = 2.5,
  extra = "",
): string {
  const pts: [number, number][] = range(n + 1).map((i) => [x + (w * i) / n, y + h - f(i / n) * h]);
  return stroke(smooth(pts), color, width, extra);
}

/** Horizontal grid lines for a chart panel. */
export function gridLines(x: number, y: number, w: number, h: number, n: number): string {
  let d = "";
  for (let i = 0; i <= n; i++) d += s`M${x} ${y + (h * i) / n}H${x + w}`;
  return stroke(d, C.i700, 1, 'opacity=".8"');
}

/** PCB traces: orthogonal routes with 45° corners. */
export function route(pts: [number, number][]): string {
  let d = s`M${at(pts, 0)[0]} ${at(pts, 0)[1]}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = at(pts, i - 1);
    const [qx, qy] = at(pts, i);
    const dx = qx - px;
    const dy = qy - py;
    const k = Math.min(Math.abs(dx), Math.abs(dy));
    d += s`L${px + Math.sign(dx) * k} ${py + Math.sign(dy) * k}L${qx} ${qy}`;
  }
  return d;
}
