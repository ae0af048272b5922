/**
 * What every prerendered page's HTML must hold, read from the built files (build/client)
 * as the server and nginx send them, without JavaScript and before any layout:
 *
 * - one main heading with text;
 * - the footer's links to every section and service, and no link into the site without
 *   a name (text, aria-label or a described image);
 * - at most one picture marked to be fetched first (`fetchpriority="high"`), never lazy;
 * - no character of its text that only one of Fontsource's whole files of Inter holds (our
 *   cuts hold the site's own characters), so that a page of our own text never sends the
 *   browser to one of those files; and none that no file of Inter holds, which a fallback
 *   font of another design would draw;
 * - one bullet: no list in the page's main content (outside its menus) with the browser's
 *   own bullets; a list of text takes the tick bullet (`.ticks`), a list laid out as cards
 *   or links has a class of its own;
 * - one capitalisation for every heading: Title Case, as the specification writes its own
 *   ("Area of Expertise", "Preferred Education"), except the headings it writes in capitals
 *   (SEMICONDUCTOR SERVICES, BUSINESS METRICS…), which stay so.
 *
 * And on each openings list, the team filter's counts are in the HTML (no JavaScript, any
 * host): each team's link shows, and says to a screen reader, the number of cards its list has.
 *
 * The browser tests open one page of each kind for what the layout decides (the menu
 * without JavaScript, the faces a page needs beyond its text, which picture is painted
 * largest); these rules hold for each page's own content, so they run over every page.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { UNITS } from "../../app/lib/units.ts";
import { STATIC_PAGES } from "../../app/pages.ts";
import { BUILD_DIR, ROOT } from "../support/site-server.ts";
import { FOOTER_LINKS } from "../support/footer-links.ts";
import { pointsOf } from "../support/unicode-range.ts";

const client = join(ROOT, BUILD_DIR, "client");
const pages = prerenderPaths();
const htmlOf = (path: string) => readFileSync(join(client, path === "/" ? "index.html" : `${path}/index.html`), "utf8");

type Document = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.findAll>[number];

const byTag = (root: Document | Element, tag: string) =>
  DomUtils.findAll((el) => el.name === tag, root.type === "root" ? root.children : [root]);
const textOf = (el: Element) => DomUtils.textContent(el).replace(/\s+/g, " ").trim();
const hasAncestor = (el: Element, tag: string): boolean => {
  for (let node = DomUtils.getParent(el); node; node = DomUtils.getParent(node)) {
    if (node.type === "tag" && node.name === tag) return true;
  }
  return false;
};

/**
 * The faces of Inter in the built stylesheet, as code points: our own cuts (inter-core,
 * inter-greek-core) and Fontsource's whole files for the rest of each script.
 */
function interFaces(): { cuts: Set<number>; whole: Set<number> } {
  const assets = join(client, "assets");
  const css = readdirSync(assets)
    .filter((f) => f.endsWith(".css"))
    .map((f) => readFileSync(join(assets, f), "utf8"))
    .join("\n");
  const cuts = new Set<number>();
  const whole = new Set<number>();
  for (const [rule] of css.matchAll(/@font-face\s*\{[^}]*\}/g)) {
    if (!rule.includes("Inter Variable")) continue;
    const into = /inter-(greek-)?core-[\w-]+\.woff2/.test(rule) ? cuts : whole;
    for (const p of pointsOf(/unicode-range:\s*([^;}]+)/.exec(rule)?.[1] ?? "")) into.add(p);
  }
  return { cuts, whole };
}

/** The text a visitor's browser lays out: the body, less scripts, styles and templates. */
function shownText(doc: Document): string {
  const body = byTag(doc, "body")[0];
  if (!body) return "";
  const skip = new Set(["script", "style", "template"]);
  let text = "";
  const walk = (nodes: typeof body.children) => {
    for (const node of nodes) {
      if (node.type === "text") text += node.data;
      else if (node.type === "tag" && !skip.has(node.name)) walk(node.children);
    }
  };
  walk(body.children);
  return text;
}

/** Words a Title Case heading may leave in lower case: articles, conjunctions, short prepositions. */
const MINOR_WORDS = new Set(
  "a an the and but or nor for so yet as at by in of on to up via vs with from into per than over".split(" "),
);

/**
 * The words of a heading that break Title Case: a word (or a piece of a hyphenated one)
 * that starts with a lower-case letter, unless it is a minor word inside the heading or a
 * unit after a number ("at 22 nm"). A heading in capitals is the specification's own.
 */
function notTitleCase(heading: string): string[] {
  if (heading === heading.toUpperCase()) return [];
  const words = heading.split(/\s+/);
  return words.filter((word, i) => {
    const afterColon = i > 0 && (words[i - 1] ?? "").endsWith(":");
    return word.split(/[-/]/).some((piece) => {
      const bare = piece.replace(/^[("'‘“]+|[)"'’”:,.?!;]+$/g, "").replace(/['’]s$/, "");
      if (!/^\p{Ll}/u.test(bare)) return false;
      if (MINOR_WORDS.has(bare) && i > 0 && !afterColon) return false;
      return !(UNITS as readonly string[]).includes(bare);
    });
  });
}

describe("every built page", () => {
  const { cuts, whole } = interFaces();

  it("finds our cuts of Inter and Fontsource's whole files in the built stylesheet", () => {
    // Without them every page below would pass or fail for the wrong reason.
    expect(cuts.has("A".codePointAt(0) as number), "the core holds printable ASCII").toBe(true);
    expect(whole.has("é".codePointAt(0) as number), "Fontsource's Latin file holds é").toBe(true);
  });

  it.each(pages)("%s: a main heading, the footer's links, named links, one picture first, our characters", (path) => {
    const doc = parseDocument(htmlOf(path), { decodeEntities: true });

    const headings = byTag(doc, "h1");
    expect(headings.map(textOf), "main headings").toHaveLength(1);
    expect(textOf(headings[0] as Element), "the main heading's text").not.toBe("");
    const main = byTag(doc, "main")[0];
    const plainLists = ["ul", "ol"]
      .flatMap((tag) => (main ? byTag(main, tag) : []))
      .filter((list) => !list.attribs.class)
      .filter((list) => !hasAncestor(list, "nav"))
      .map((list) => textOf(list).slice(0, 80));
    expect(plainLists, "lists with the browser's own bullets").toEqual([]);

    const everyHeading = ["h1", "h2", "h3", "h4"].flatMap((tag) => byTag(doc, tag).map(textOf));
    const miscased = everyHeading.filter((text) => notTitleCase(text).length > 0);
    expect(miscased, "headings not in Title Case").toEqual([]);

    const footer = byTag(doc, "footer")[0];
    expect(footer, "a footer").toBeDefined();
    const footerLinks = byTag(footer as Element, "a").map(textOf);
    expect(footerLinks, "the footer's links").toEqual(expect.arrayContaining(FOOTER_LINKS));

    const unnamed = byTag(doc, "a")
      .filter((a) => a.attribs.href?.startsWith("/"))
      .filter((a) => {
        const label = a.attribs["aria-label"]?.trim();
        const described = byTag(a, "img").some((img) => (img.attribs.alt ?? "").trim() !== "");
        return !textOf(a) && !label && !described;
      })
      .map((a) => DomUtils.getOuterHTML(a).slice(0, 160));
    expect(unnamed, "links into the site without a name").toEqual([]);

    const first = byTag(doc, "img").filter((img) => img.attribs.fetchpriority === "high");
    expect(first.length, "pictures marked to be fetched first").toBeLessThanOrEqual(1);
    for (const img of first) expect(img.attribs.loading, `${img.attribs.src} is fetched first`).not.toBe("lazy");

    const outside = new Set<string>();
    const lacking = new Set<string>();
    for (const char of shownText(doc)) {
      const point = char.codePointAt(0) as number;
      if (/[ \t\n\r\f]/.test(char)) continue;
      const named = `${char} (U+${point.toString(16).toUpperCase()})`;
      if (whole.has(point) && !cuts.has(point)) outside.add(named);
      // Drawn from a fallback font in a different design, beside Inter.
      if (!whole.has(point) && !cuts.has(point)) lacking.add(named);
    }
    expect([...outside], "characters only Fontsource's whole files hold").toEqual([]);
    expect([...lacking], "characters no file of Inter holds").toEqual([]);
  });
});

describe("the openings lists, as prerendered", () => {
  const lists = STATIC_PAGES.filter((page) => page.openings).map((page) => page.path);
  const hasClass = (el: Element, name: string) => (el.attribs.class ?? "").split(/\s+/).includes(name);
  /** The text a sighted visitor sees: without what is clipped for screen readers only. */
  const shownTextOf = (el: Element): string =>
    el.children
      .map((node) => {
        if (node.type === "text") return node.data;
        if (node.type !== "tag" || hasClass(node, "visually-hidden")) return "";
        return shownTextOf(node);
      })
      .join("");
  const cardsOn = (path: string) =>
    byTag(parseDocument(htmlOf(path)), "li").filter((li) => hasClass(li, "job-card")).length;

  it.each(lists)("%s: each team in the filter shows and says how many cards its list has", (path) => {
    const doc = parseDocument(htmlOf(path), { decodeEntities: true });
    const filter = byTag(doc, "nav").find((nav) => nav.attribs["aria-labelledby"] === "job-lists-title");
    expect(filter, "the team filter").toBeDefined();
    const links = byTag(filter as Element, "a");
    expect(links.length, "teams in the filter").toBeGreaterThan(1);
    for (const link of links) {
      const href = link.attribs.href ?? "";
      expect(lists, `${href} is an openings list`).toContain(href);
      const cards = cardsOn(href);
      const hidden = DomUtils.findAll((el) => hasClass(el, "visually-hidden"), [link]);
      const shownText = shownTextOf(link).trim();
      expect(shownText, `the count shown for ${href}`).toMatch(new RegExp(`\\D${cards}$`));
      const spoken = cards === 0 ? "no openings" : `${cards} opening${cards === 1 ? "" : "s"}`;
      const team = shownText.replace(/\s*\d+$/, "");
      expect(hidden.map(textOf).join(""), `what a screen reader hears for ${href}`).toBe(`${team}, ${spoken}`);
    }
  });
});
