/**
 * The banner and hero art in the built pages of both builds (app/components/decorative-art.tsx):
 * inline SVG, hidden from assistive technology, so that the browser never takes the
 * decorative art for the page's largest contentful paint; no <img> of it and no preload
 * of it, which would put it on the slow link before the text; and its markup only in the
 * HTML, never in the JavaScript every visitor downloads.
 *
 * And a case study's art (scripts/art/case-studies.ts) draws what its text says the work
 * has: the parts the generator marks (data-part) are counted against the copy.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { caseStudies, pictureMarkup } from "../support/content-picks.ts";
import { STATIC_DIR } from "../support/static-env.ts";
import { BUILD_DIR, ROOT } from "../support/site-server.ts";

const ART_DIRS = ["public/images/banners", "public/images/hero"];

const BUILDS = [
  { name: "server build", dir: join(ROOT, BUILD_DIR, "client"), extraPages: [] as string[] },
  { name: "static build", dir: join(ROOT, STATIC_DIR), extraPages: ["/404.html"] },
];

function htmlOf(dir: string, path: string): string {
  const file = path.endsWith(".html") ? join(dir, path) : join(dir, path === "/" ? "index.html" : `${path}/index.html`);
  if (!existsSync(file)) throw new Error(`${file} is missing: build first (npm test does).`);
  return readFileSync(file, "utf8");
}

/** A long path of each art file: text that only that file's markup contains. */
const artFingerprints = ART_DIRS.flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".svg"))
    .map((f) => {
      const markup = readFileSync(join(ROOT, dir, f), "utf8");
      const longest = [...markup.matchAll(/ d="([^"]{40,})"/g)]
        .map((m) => m[1] as string)
        .sort((a, b) => b.length - a.length)[0];
      if (!longest) throw new Error(`${dir}/${f} has no path to recognise it by`);
      return { file: `${dir}/${f}`, text: longest.slice(0, 60) };
    }),
);

describe.each(BUILDS)("decorative art in the $name", (build) => {
  it.each([...prerenderPaths(), ...build.extraPages])(
    "%s draws its art as inline SVG, hidden, never fetched first",
    (path) => {
      const html = htmlOf(build.dir, path);
      const art = [...html.matchAll(/<div class="(banner__art|hero__art)" aria-hidden="true"><svg [^>]*>/g)];
      expect(art, "one piece of art, inline").toHaveLength(1);
      expect(art[0]?.[0]).toContain('preserveAspectRatio="');
      expect(html).not.toMatch(/<img[^>]*class="(banner__art|hero__art)"/);
      expect(html).not.toMatch(/<link[^>]*rel="preload"[^>]*\/images\/(banners|hero)\//);
    },
  );

  it("the art's markup is in no JavaScript file", () => {
    const assets = join(build.dir, "assets");
    const scripts = readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    const carrying = scripts.flatMap((script) => {
      const code = readFileSync(join(assets, script), "utf8");
      return artFingerprints.filter((art) => code.includes(art.text)).map((art) => `${script}: ${art.file}`);
    });
    expect(carrying).toEqual([]);
  });
});

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/** The count the copy gives in `pattern`'s group, whether written as a numeral or a word. */
function countInCopy(copy: string, pattern: RegExp): number {
  const written = pattern.exec(copy)?.[1];
  if (!written) throw new Error(`the copy no longer says ${pattern}: update the art and this test together`);
  const count = /^\d+$/.test(written) ? Number(written) : NUMBER_WORDS.indexOf(written.toLowerCase());
  if (count < 0) throw new Error(`"${written}" is not a count`);
  return count;
}

function markedParts(markup: string, kind: string): number {
  return markup.split(`data-part="${kind}"`).length - 1;
}

/**
 * The case study whose picture is the battery-management scene, the one that marks its
 * parts: the first whose picture marks AFE chips. Its file is the editors' to delete; the
 * art then has no text to count against, and the checks below are skipped, saying so.
 */
const batteryManagement = caseStudies().find(
  ({ value }) => value.image.src.endsWith(".svg") && pictureMarkup(value.image.src).includes('data-part="afe"'),
);

const artTitle = batteryManagement
  ? "the battery-management case study's art"
  : "the battery-management case study's art: skipped, no case study's picture marks AFE chips";

describe.skipIf(!batteryManagement)(artTitle, () => {
  const copy = JSON.stringify(batteryManagement?.value);
  const markup = batteryManagement ? pictureMarkup(batteryManagement.value.image.src) : "";

  it("the BMS art draws the two AFE chips its text describes", () => {
    const afes = countInCopy(copy, /(\w+) cell-monitoring AFEs in a daisy chain/);
    expect(afes).toBe(2);
    expect(markedParts(markup, "afe")).toBe(afes);
  });

  it.each([
    { kind: "cell-group", says: /all (\w+) cell voltages/ },
    { kind: "mosfet", says: /(\w+) MOSFETs in parallel/ },
  ])("the BMS art draws as many $kind parts as its text says ($says)", ({ kind, says }) => {
    expect(markedParts(markup, kind)).toBe(countInCopy(copy, says));
  });

  it("the BMS art draws the one MCU its text describes", () => {
    expect(copy).toMatch(/ Cortex-M4 MCU(?!s)/);
    expect(markedParts(markup, "mcu")).toBe(1);
  });
});
