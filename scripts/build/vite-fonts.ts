/**
 * The site's one font, Inter (self-hosted from @fontsource-variable/inter), split so the
 * first paint waits for as few bytes as possible (decisions 0019 and 0035).
 *
 * Fontsource's Latin file (48 KB) covers far more than the site's own text needs. Before
 * each build (and when the dev server starts) this plugin writes app/styles/generated/:
 * - `inter-core.woff2`: Inter with only the characters of ASCII and of the site's own text
 *   (every character in app/content, app/routes, app/components and app/forms, what the
 *   stylesheets draw with `content`, such as the testimonials' quote mark, and the bullet
 *   the browser draws for a list: a page that shows one character outside the core
 *   downloads the whole 48 KB Latin file), the
 *   weights the stylesheets use (CORE_WEIGHTS) and the OpenType features a browser applies
 *   by itself plus tabular figures (CORE_FEATURES); 19 KB instead of 29; root.tsx
 *   preloads it;
 * - `inter-<subset>-core.woff2`: the same cut of another of Fontsource's script subsets,
 *   where the site's text uses one of its characters (the Ω of two case studies: 1 KB
 *   instead of the Greek file's 19 KB);
 * - `inter.css`: the @font-face rules: each cut for exactly its characters, Fontsource's
 *   file for the rest of that subset's range, and Fontsource's other subsets as they are.
 *   A browser downloads a face only when the page uses a character of its range, so a
 *   visitor typing "José" or "Łódź" into a form still gets Inter for it.
 * Files are rewritten only when their content changes, so the dev server does not reload
 * in a loop. The folder is generated; git ignores it.
 */
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Plugin } from "vite";

type SubsetFont = (
  font: Buffer,
  text: string,
  options: {
    targetFormat: "woff2";
    keepFeatures?: string[];
    variationAxes?: Record<string, { min: number; max: number }>;
  },
) => Promise<Buffer>;
const subsetFont = createRequire(import.meta.url)("subset-font") as SubsetFont;

const FONTSOURCE = "@fontsource-variable/inter";
const SOURCE_DIRS = ["app/content", "app/routes", "app/components", "app/forms"];
export const GENERATED_DIR = "app/styles/generated";
/** The weights app's stylesheets ask for (tests/unit/fonts.test.ts holds them to it). */
export const CORE_WEIGHTS = { min: 400, max: 800 };
/**
 * What browsers apply to Latin text unasked (kerning, ligatures, contextual alternates,
 * composition and marks, local forms), and `tnum` for the counters' figures.
 */
const CORE_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"];

/** Inclusive code point ranges, as in a `unicode-range`. */
type Range = [number, number];

function parseUnicodeRange(value: string): Range[] {
  return value.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const start = Number.parseInt(from as string, 16);
    return [start, to === undefined ? start : Number.parseInt(to, 16)];
  });
}

function formatUnicodeRange(points: number[]): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const ranges: Range[] = [];
  for (const point of sorted) {
    const last = ranges.at(-1);
    if (last && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(",");
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith(GENERATED_DIR) ? [] : filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/**
 * The text a stylesheet draws itself: its `content` strings, CSS escapes (`\201C`)
 * decoded. Only those: the box-drawing rules and symbols of its comments are never shown.
 */
export function cssContentText(css: string): string {
  const strings = [...css.matchAll(/(?<![\w-])content\s*:\s*([^;}]+)/g)].flatMap(([, value]) =>
    [...(value as string).matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map(([, a, b]) => a ?? b ?? ""),
  );
  return strings
    .join("")
    .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\(.)/g, "$1");
}

/**
 * What the browser draws in the page's font without its being in any source: the bullet
 * of a list with the default markers (the privacy page's). Laying out such a list asks
 * for the face that holds it.
 */
const BROWSER_DRAWN = "\u2022";

/**
 * Every character the site shows from its own source, and all of printable ASCII: the
 * text of the TypeScript and YAML under SOURCE_DIRS, the `content` of every stylesheet in app/,
 * and what the browser draws itself.
 */
export function siteCharacters(root: string): Set<number> {
  const points = new Set<number>();
  for (let p = 0x20; p <= 0x7e; p++) points.add(p);
  const add = (text: string) => {
    for (const char of text) {
      const point = char.codePointAt(0) as number;
      if (point >= 0x20) points.add(point);
    }
  };
  for (const file of SOURCE_DIRS.flatMap((dir) => filesUnder(join(root, dir), /\.(tsx?|yaml)$/)))
    add(readFileSync(file, "utf8"));
  for (const file of filesUnder(join(root, "app"), /\.css$/)) add(cssContentText(readFileSync(file, "utf8")));
  add(BROWSER_DRAWN);
  return points;
}

interface Face {
  file: string;
  range: Range[];
  /** The `unicode-range` as Fontsource wrote it. */
  rangeText: string;
}

/** Fontsource's upright variable faces (one per script subset), in its order. */
function fontsourceFaces(packageDir: string): Face[] {
  const css = readFileSync(join(packageDir, "wght.css"), "utf8");
  return [...css.matchAll(/@font-face\s*\{[^}]*\}/g)].map(([rule]) => {
    const file = /url\(\.\/files\/([\w.-]+\.woff2)\)/.exec(rule)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(rule)?.[1];
    if (!file || !range) throw new Error(`vite-fonts: cannot read ${FONTSOURCE}/wght.css (${rule.slice(0, 80)}…)`);
    return { file, range: parseUnicodeRange(range), rangeText: range.trim() };
  });
}

// Every face declares the core's weights, not only the core: a browser first picks the faces
// whose weights are nearest the one asked for, then the one covering the character. Were
// the rest declared 100-900, text asked for at 900 (<strong> inside a 600 heading is
// "bolder") would skip the core and download Fontsource's whole Latin file.
const WEIGHTS = `${CORE_WEIGHTS.min} ${CORE_WEIGHTS.max}`;

function fontFace(src: string, unicodeRange: string): string {
  return [
    "@font-face {",
    '  font-family: "Inter Variable";',
    "  font-style: normal;",
    "  font-display: swap;",
    `  font-weight: ${WEIGHTS};`,
    `  src: url("${src}") format("woff2-variations");`,
    `  unicode-range: ${unicodeRange};`,
    "}",
  ].join("\n");
}

function writeIfChanged(file: string, content: string | Buffer): void {
  if (existsSync(file) && readFileSync(file).equals(Buffer.from(content))) return;
  writeFileSync(file, content);
}

/** The code points of a face's range. */
function pointsOf(ranges: Range[]): number[] {
  return ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));
}

/**
 * The file of a face's cut to the site's characters: `inter-core.woff2` for the Latin one
 * (root.tsx preloads it), `inter-<subset>-core.woff2` for another script's (the Greek Ω
 * of two case studies), fetched only by a page that shows one of its characters.
 */
function coreFileOf(face: Face, latin: Face): string {
  if (face === latin) return "inter-core.woff2";
  const subset = /^inter-([\w-]+)-wght-normal\.woff2$/.exec(face.file)?.[1];
  if (!subset) throw new Error(`vite-fonts: unexpected Fontsource file name ${face.file}`);
  return `inter-${subset}-core.woff2`;
}

export async function writeFonts(root: string): Promise<void> {
  const packageDir = dirname(createRequire(join(root, "package.json")).resolve(`${FONTSOURCE}/package.json`));
  const fontsource = fontsourceFaces(packageDir);
  const latin = fontsource.find((face) => face.file === "inter-latin-wght-normal.woff2");
  if (!latin) throw new Error(`vite-fonts: ${FONTSOURCE} has no inter-latin-wght-normal.woff2`);
  const outDir = join(root, GENERATED_DIR);
  mkdirSync(outDir, { recursive: true });

  const fromOut = (file: string) =>
    relative(outDir, join(packageDir, "files", file))
      .split("\\")
      .join("/");
  const used = siteCharacters(root);
  // Latin first: its cut is the core every page uses. A character in two faces' ranges
  // goes to the first cut that takes it.
  const claimed = new Set<number>();
  const rules = ["/* Generated by scripts/build/vite-fonts.ts; do not edit. */"];
  for (const face of [latin, ...fontsource.filter((face) => face !== latin)]) {
    const points = pointsOf(face.range);
    const cut = points.filter((point) => used.has(point) && !claimed.has(point));
    if (cut.length === 0) {
      rules.push(fontFace(fromOut(face.file), face.rangeText));
      continue;
    }
    for (const point of cut) claimed.add(point);
    const coreFile = coreFileOf(face, latin);
    const subset = await subsetFont(readFileSync(join(packageDir, "files", face.file)), String.fromCodePoint(...cut), {
      targetFormat: "woff2",
      keepFeatures: CORE_FEATURES,
      variationAxes: { wght: CORE_WEIGHTS },
    });
    writeIfChanged(join(outDir, coreFile), subset);
    rules.push(fontFace(`./${coreFile}`, formatUnicodeRange(cut)));
    const rest = points.filter((point) => !claimed.has(point));
    if (rest.length > 0) rules.push(fontFace(fromOut(face.file), formatUnicodeRange(rest)));
  }
  writeIfChanged(join(outDir, "inter.css"), `${rules.join("\n\n")}\n`);
}

/** One cut per process: `react-router build` runs the client and the server build in one. */
const written = new Map<string, Promise<void>>();

export function interFonts(root: string): Plugin {
  return {
    name: "blueberry-inter-fonts",
    async buildStart() {
      if (!written.has(root)) written.set(root, writeFonts(root));
      await written.get(root);
    },
  };
}
