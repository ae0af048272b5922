/**
 * The font split of scripts/build/vite-fonts.ts, on the real Fontsource package: a core file
 * far smaller than Fontsource's Latin file, whose range holds every character of the
 * site's own text; Fontsource's Latin file for the rest of its range only (so a page of
 * our text never downloads it); and the core and the rest together exactly Fontsource's
 * Latin range, so no character a visitor types loses Inter. The same for another script
 * the site's text uses (the case studies' Greek Ω): a cut of its own for those characters.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CORE_WEIGHTS,
  cssContentText,
  GENERATED_DIR,
  siteCharacters,
  writeFonts,
} from "../../scripts/build/vite-fonts.ts";
import { pointsOf } from "../support/unicode-range.ts";

const ROOT = join(import.meta.dirname, "../..");
const FONTSOURCE_FILES = join(ROOT, "node_modules/@fontsource-variable/inter/files");
const FONTSOURCE_LATIN = join(FONTSOURCE_FILES, "inter-latin-wght-normal.woff2");

/** The code points of one of Fontsource's files, as its wght.css declares them. */
function fontsourceRangeOf(file: string): Set<number> {
  const css = readFileSync(join(ROOT, "node_modules/@fontsource-variable/inter/wght.css"), "utf8");
  const rule = [...css.matchAll(/@font-face\s*\{[^}]*\}/g)].find(([text]) => text.includes(`/${file})`))?.[0];
  return pointsOf(/unicode-range:\s*([^;]+);/.exec(rule ?? "")?.[1] ?? "");
}

interface Face {
  src: string;
  range: Set<number>;
}

function facesOf(css: string): Face[] {
  return [...css.matchAll(/@font-face \{[^}]*\}/g)].map(([rule]) => ({
    src: /src: url\("([^"]+)"\)/.exec(rule)?.[1] ?? "",
    range: pointsOf(/unicode-range: ([^;]+);/.exec(rule)?.[1] ?? ""),
  }));
}

describe("the Inter split written before each build", () => {
  // A copy of the app's source text in a temporary project, so the test writes nothing into the checkout.
  let project: string;
  let faces: Face[];
  let latinRange: Set<number>;

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), "fonts-test-"));
    cpSync(join(ROOT, "app"), join(project, "app"), {
      recursive: true,
      filter: (source) => !source.includes(GENERATED_DIR),
    });
    cpSync(join(ROOT, "package.json"), join(project, "package.json"));
    // The package resolves from the checkout's node_modules.
    cpSync(join(ROOT, "node_modules/@fontsource-variable"), join(project, "node_modules/@fontsource-variable"), {
      recursive: true,
    });
    await writeFonts(project);
    faces = facesOf(readFileSync(join(project, GENERATED_DIR, "inter.css"), "utf8"));
    latinRange = fontsourceRangeOf("inter-latin-wght-normal.woff2");
  }, 60_000);
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("the core file is far smaller than Fontsource's Latin file", () => {
    const core = statSync(join(project, GENERATED_DIR, "inter-core.woff2")).size;
    expect(core).toBeGreaterThan(5_000);
    expect(core).toBeLessThan(0.7 * statSync(FONTSOURCE_LATIN).size);
  });

  it("the core face covers every character of the site's content and printable ASCII", () => {
    const core = faces[0];
    expect(core?.src).toBe("./inter-core.woff2");
    for (let p = 0x20; p <= 0x7e; p++) expect(core?.range.has(p), `U+${p.toString(16)}`).toBe(true);
    // Characters the site's text uses beyond ASCII: the en dash (content) and the middle dot (home page).
    for (const char of ["–", "·"]) expect(core?.range.has(char.codePointAt(0) as number), char).toBe(true);
  });

  it("the core face covers what the stylesheets draw with `content` (the testimonials' opening quote mark)", () => {
    // Missed, it sent every testimonials page to Fontsource's whole 48 KB Latin file.
    expect(readFileSync(join(ROOT, "app/styles/pages/testimonials.css"), "utf8")).toContain('content: "“"');
    expect(faces[0]?.range.has(0x201c)).toBe(true);
  });

  it("the core face covers the bullet the browser draws for a list (the privacy page's)", () => {
    expect(faces[0]?.range.has("•".codePointAt(0) as number)).toBe(true);
  });

  it("core and rest never overlap, and together are exactly Fontsource's Latin range", () => {
    const [core, rest] = faces;
    expect(rest?.src).toMatch(/inter-latin-wght-normal\.woff2$/);
    const overlap = [...(core?.range ?? [])].filter((p) => rest?.range.has(p));
    expect(overlap).toEqual([]);
    const union = new Set([...(core?.range ?? []), ...(rest?.range ?? [])]);
    expect([...union].sort((a, b) => a - b)).toEqual([...latinRange].sort((a, b) => a - b));
  });

  it("no Fontsource file is needed for a character the site shows: another script's (the case studies' Ω) gets a cut of its own", () => {
    const omega = "Ω".codePointAt(0) as number;
    const used = siteCharacters(project);
    // Two case studies write "50 Ω"; without its cut each of them fetched the 19 KB Greek file.
    expect(used.has(omega)).toBe(true);
    const greekCut = faces.find((face) => face.src === "./inter-greek-core.woff2");
    expect(greekCut?.range).toEqual(new Set([omega]));
    const greekCutBytes = statSync(join(project, GENERATED_DIR, "inter-greek-core.woff2")).size;
    expect(greekCutBytes).toBeLessThan(0.2 * statSync(join(FONTSOURCE_FILES, "inter-greek-wght-normal.woff2")).size);

    // Every Fontsource face now leaves out every character of the site's own text.
    const fontsourceFaces = faces.filter((face) => face.src.includes("@fontsource-variable"));
    expect(fontsourceFaces.length).toBeGreaterThanOrEqual(7);
    const needed = fontsourceFaces.flatMap((face) =>
      [...used]
        .filter((point) => face.range.has(point))
        .map((point) => `${face.src.split("/").at(-1)}: U+${point.toString(16)}`),
    );
    expect(needed).toEqual([]);

    // The Greek cut and the rest of Fontsource's Greek file are exactly its range.
    const greekRange = fontsourceRangeOf("inter-greek-wght-normal.woff2");
    expect(greekRange.size).toBeGreaterThan(100);
    const greekRest = faces.find((face) => face.src.endsWith("/inter-greek-wght-normal.woff2"));
    expect(greekRest?.range.has(omega)).toBe(false);
    const union = new Set([...(greekCut?.range ?? []), ...(greekRest?.range ?? [])]);
    expect([...union].sort((a, b) => a - b)).toEqual([...greekRange].sort((a, b) => a - b));
  });

  it("every face declares the weights the core was cut to, and every weight the stylesheets ask for is among them", () => {
    const css = readFileSync(join(project, GENERATED_DIR, "inter.css"), "utf8");
    // Every face, so no weight can pass the core by for Fontsource's whole Latin file.
    const weights = [...css.matchAll(/font-weight: ([^;]+);/g)].map((m) => m[1]);
    expect(weights.length).toBeGreaterThan(2);
    expect(new Set(weights)).toEqual(new Set([`${CORE_WEIGHTS.min} ${CORE_WEIGHTS.max}`]));
    // Every stylesheet of the app (generated ones aside): a weight outside the cut would
    // be drawn at the nearest one the file holds, not the one asked for.
    const sheets = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? entry.name === "generated"
            ? []
            : sheets(join(dir, entry.name))
          : entry.name.endsWith(".css")
            ? [join(dir, entry.name)]
            : [],
      );
    const outside: string[] = [];
    for (const file of sheets(join(ROOT, "app"))) {
      for (const [, value] of readFileSync(file, "utf8").matchAll(/font-weight:\s*([^;]+);/g)) {
        const weights = (value as string)
          .split(/\s+/)
          .map((word) => (word === "bold" ? 700 : word === "normal" ? 400 : Number(word)));
        if (weights.some((w) => !Number.isFinite(w) || w < CORE_WEIGHTS.min || w > CORE_WEIGHTS.max))
          outside.push(`${file.slice(ROOT.length + 1)}: font-weight: ${value}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("keeps Fontsource's other scripts (Latin Extended, Cyrillic, Greek, Vietnamese)", () => {
    const others = faces.slice(2).map((face) => face.src.split("/").at(-1));
    expect(others).toEqual(
      expect.arrayContaining([
        "inter-latin-ext-wght-normal.woff2",
        "inter-cyrillic-wght-normal.woff2",
        "inter-greek-wght-normal.woff2",
        "inter-vietnamese-wght-normal.woff2",
      ]),
    );
  });
});

describe("the text a stylesheet draws (cssContentText)", () => {
  it("reads `content` strings in either quote, with CSS escapes decoded", () => {
    expect(cssContentText(`q::before { content: "“"; } q::after { content: '\\201D'; }`)).toBe("“”");
    expect(cssContentText(`a::after { content: "\\2192 next" attr(title) " \\"x\\""; }`)).toBe('→next "x"');
  });

  it("leaves out comments and other properties: their characters are never shown", () => {
    expect(
      cssContentText("/* ─── Testimonials ≥ 2 ─── */ .card { justify-content: space-between; font-family: 'Ω'; }"),
    ).toBe("");
    expect(cssContentText('.x::before { content: ""; }')).toBe("");
  });
});
