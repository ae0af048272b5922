/**
 * The "floor" of a page for `npm run bench:web`: the same prerendered HTML with every
 * script removed (each `<script>` element, each `<link rel="modulepreload">` and script
 * preload) and its stylesheets inlined (each `<link rel="stylesheet" href="/assets/….css">`
 * becomes a `<style>` holding that file). What the page costs over its floor is what its
 * JavaScript and its separate CSS requests cost.
 *
 * The floors are written into the bench build's client folder under FLOOR_PREFIX, a path
 * the site does not use, so our own server serves them like any prerendered page, from
 * memory, with the build's precompressed copies. Each one gets its page's policy in the
 * build's policy file (server/csp.ts) with the hashes of its `<style>` elements added to
 * `style-src`: the policy allows no inline style otherwise. The same change goes into the
 * `<meta>` policy the build writes into every page, which browsers enforce as well.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { CSP_MANIFEST, hashSource, type nginxCspMap } from "../../server/csp.ts";
import { BenchError } from "./processes.ts";

/** The build's policies: the shape server/csp.ts hands to nginx, read by our server too. */
type Policies = Parameters<typeof nginxCspMap>[0];

/** URL prefix of the floor pages; the site has no page there (app/pages.ts). */
export const FLOOR_PREFIX = "/__floor";

export interface FloorPage {
  /** The page it is the floor of. */
  page: string;
  /** Where our server serves it. */
  path: string;
  /** Stylesheets now inlined. */
  inlined: string[];
  /** The CSP hash sources of its `<style>` elements, as added to its policy. */
  styleHashes: string[];
  htmlBytes: number;
}

/** A page's URL path to its file in the client folder, as the prerender writes it. */
export function pageFile(clientDir: string, path: string): string {
  return join(clientDir, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
}

export function floorPath(page: string): string {
  return page === "/" ? FLOOR_PREFIX : `${FLOOR_PREFIX}${page}`;
}

/** The key of a file in the policy file: its path under the client folder, from "/". */
function policyKey(path: string): string {
  return path === "/" ? "/index.html" : `${path}/index.html`;
}

interface Tag {
  text: string;
  attributes: Map<string, string>;
}

/** Every `<name …>` start tag in `html`, with its attributes (names lower-cased). */
function startTags(html: string, name: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attributes = new Map<string, string>();
    for (const a of (match[1] ?? "").matchAll(/([^\s=/"'>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
      attributes.set((a[1] ?? "").toLowerCase(), a[2] ?? a[3] ?? a[4] ?? "");
    tags.push({ text: match[0], attributes });
  }
  return tags;
}

const relTokens = (tag: Tag) => (tag.attributes.get("rel") ?? "").toLowerCase().split(/\s+/);

/**
 * The policy with `hashes` added to its style-src (kept otherwise); without a style-src,
 * one that starts from default-src, which it would have fallen back to.
 */
export function withStyleHashes(policy: string, hashes: string[]): string {
  const directives = policy
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);
  const sourcesOf = (name: string) => {
    const directive = directives.find((d) => d.split(/\s+/)[0]?.toLowerCase() === name);
    return directive?.split(/\s+/).slice(1);
  };
  const styleSources = sourcesOf("style-src");
  const extended = `style-src ${[...(styleSources ?? sourcesOf("default-src") ?? []), ...hashes].join(" ")}`;
  if (!styleSources) return [...directives, extended].join("; ");
  return directives.map((d) => (d.split(/\s+/)[0]?.toLowerCase() === "style-src" ? extended : d)).join("; ");
}

/**
 * A stylesheet's relative url()s resolved against its own URL, since inlined they would
 * resolve against the page's (the build writes absolute /assets/ URLs today).
 */
function absoluteUrls(css: string, sheetUrl: string): string {
  return css.replace(/url\(\s*(["']?)([^"')]+)\1\s*\)/g, (whole, quote: string, url: string) =>
    /^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(url)
      ? whole
      : `url(${quote}${new URL(url, `http://site${sheetUrl}`).pathname}${quote})`,
  );
}

/** The floor of one prerendered page's HTML; `readAsset` gives a file of the client folder by URL path. */
export function floorHtml(
  html: string,
  readAsset: (urlPath: string) => string,
): { html: string; inlined: string[]; styleHashes: string[] } {
  let out = html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "");
  const inlined: string[] = [];
  for (const tag of startTags(out, "link")) {
    const rel = relTokens(tag);
    const href = tag.attributes.get("href") ?? "";
    const as = (tag.attributes.get("as") ?? "").toLowerCase();
    if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) {
      out = out.replace(tag.text, "");
    } else if (rel.includes("stylesheet") && /^\/assets\/[^?#]+\.css$/.test(href)) {
      const css = absoluteUrls(readAsset(href), href);
      if (/<\/style/i.test(css)) throw new BenchError(`floor: ${href} contains "</style", it cannot be inlined`);
      const media = tag.attributes.get("media");
      // A function replacement: CSS may hold "$&" and the like.
      out = out.replace(tag.text, () => `<style${media ? ` media="${media}"` : ""}>${css}</style>`);
      inlined.push(href);
    }
  }
  // A preload of a stylesheet now inlined would fetch bytes nothing uses.
  for (const tag of startTags(out, "link"))
    if (
      relTokens(tag).includes("preload") &&
      (tag.attributes.get("as") ?? "").toLowerCase() === "style" &&
      inlined.includes(tag.attributes.get("href") ?? "")
    )
      out = out.replace(tag.text, "");
  const styleHashes = [
    ...new Set([...out.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map((m) => hashSource(m[1] ?? ""))),
  ];
  // The build's <meta> policy is enforced as well as the header: it needs the same hashes.
  for (const tag of startTags(out, "meta")) {
    if ((tag.attributes.get("http-equiv") ?? "").toLowerCase() !== "content-security-policy") continue;
    const policy = withStyleHashes(tag.attributes.get("content") ?? "", styleHashes);
    out = out.replace(tag.text, () => `<meta http-equiv="Content-Security-Policy" content="${policy}">`);
  }
  return { html: out, inlined, styleHashes };
}

function compressed(body: Buffer): { br: Buffer; gz: Buffer } {
  // As the build compresses its pages (scripts/build/postbuild.ts), so page and floor cost the same per byte.
  return {
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz: gzipSync(body, { level: 9 }),
  };
}

/**
 * Writes the floor of each page into `buildDir`'s client folder and its policy into the
 * build's policy file; floors of an earlier run are removed first. Call before the server
 * starts: it reads both once, at start.
 */
export function writeFloorPages(buildDir: string, pages: string[]): FloorPage[] {
  const clientDir = join(buildDir, "client");
  const manifestFile = join(buildDir, CSP_MANIFEST);
  if (!existsSync(manifestFile)) throw new BenchError(`floor: no ${manifestFile}; build again.`);
  const policies = JSON.parse(readFileSync(manifestFile, "utf8")) as Policies;
  for (const key of Object.keys(policies)) if (key.startsWith(`${FLOOR_PREFIX}/`)) delete policies[key];
  rmSync(join(clientDir, FLOOR_PREFIX.slice(1)), { recursive: true, force: true });

  const readAsset = (urlPath: string) => {
    const file = join(clientDir, urlPath.slice(1));
    if (!existsSync(file)) throw new BenchError(`floor: the page links ${urlPath}, which is not in ${clientDir}`);
    return readFileSync(file, "utf8");
  };
  const floors: FloorPage[] = [];
  for (const page of pages) {
    const policy = policies[policyKey(page)];
    if (policy === undefined) throw new BenchError(`floor: ${CSP_MANIFEST} has no policy for ${policyKey(page)}`);
    const floor = floorHtml(readFileSync(pageFile(clientDir, page), "utf8"), readAsset);
    const path = floorPath(page);
    const file = pageFile(clientDir, path);
    mkdirSync(dirname(file), { recursive: true });
    const body = Buffer.from(floor.html, "utf8");
    const { br, gz } = compressed(body);
    writeFileSync(file, body);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    policies[policyKey(path)] = withStyleHashes(policy, floor.styleHashes);
    floors.push({ page, path, inlined: floor.inlined, styleHashes: floor.styleHashes, htmlBytes: br.length });
  }
  writeFileSync(manifestFile, `${JSON.stringify(policies, null, 2)}\n`);
  return floors;
}

/**
 * Asks the running server for each floor: a page without scripts, sent with a policy that
 * allows each of its styles. Throws naming what is wrong (an old server that ignores the
 * policy file, a floor written after it started).
 */
export async function checkFloorsServed(base: string, floors: FloorPage[]): Promise<void> {
  for (const floor of floors) {
    const response = await fetch(`${base}${floor.path}`, { headers: { "Accept-Encoding": "br, gzip" } });
    const html = await response.text();
    if (response.status !== 200) throw new BenchError(`floor: ${floor.path} answered ${response.status}`);
    if (/<script\b|modulepreload/i.test(html)) throw new BenchError(`floor: ${floor.path} still has scripts`);
    const policy = response.headers.get("content-security-policy") ?? "";
    const missing = floor.styleHashes.filter((hash) => !policy.includes(hash));
    if (missing.length > 0)
      throw new BenchError(
        `floor: the server sends ${floor.path} without its style hashes (${missing.join(" ")}) in its Content-Security-Policy, so its styles would be blocked; policy sent: ${policy || "none"}`,
      );
  }
}
