/**
 * JavaScript a visitor's browser loads before the first interaction, per prerendered
 * page of both builds (the server build's client folder, and the static test build,
 * 404.html included): the scripts the HTML names (module script, modulepreloads) and
 * everything they import statically, counted as the brotli files the server sends (not the
 * modules React Router's route manifest names for later navigations).
 * Budget: 120 KB. Lazily imported chunks (the form schemas with the phone rules, and in
 * the static build the EmailJS and Firebase code) load when a form is first used; they
 * must never be among a form page's initial scripts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { anOpenJob } from "../support/content-picks.ts";
import { STATIC_DIR } from "../support/static-env.ts";
import { BUILD_DIR, ROOT } from "../support/site-server.ts";

const BUDGET_BYTES = 120 * 1024;
const FORM_PAGES = ["/contact", anOpenJob().path];
/** The chunks that belong to a form in use, never to a page load. */
const LAZY_CHUNK = /\/assets\/(schemas|emailjs-client|firebase-upload|send-[\w]+)-[\w-]+\.js$/;

const BUILDS = [
  {
    name: "server build",
    dir: join(ROOT, BUILD_DIR, "client"),
    made: `npm run build (BUILD_DIR=${BUILD_DIR})`,
    lazy: ["schemas"],
  },
  {
    name: "static build",
    dir: join(ROOT, STATIC_DIR),
    made: "npm run build:static with the values of tests/support/static-env.ts",
    lazy: ["schemas", "send-contact", "send-application", "emailjs-client", "firebase-upload"],
    extraPages: ["/404.html"],
  },
];

function htmlFile(dir: string, path: string): string {
  if (path.endsWith(".html")) return join(dir, path);
  return join(dir, path === "/" ? "index.html" : `${path}/index.html`);
}

/**
 * The HTML without React Router's route manifest (`window.__reactRouterManifest = {…}`):
 * the server build's names every route's modules so that a later navigation finds them,
 * and a browser loads those only when the visitor goes there.
 */
function withoutRouteManifest(html: string): string {
  const start = html.indexOf("window.__reactRouterManifest");
  if (start === -1) return html;
  const open = html.indexOf("{", start);
  let depth = 0;
  let inString = false;
  for (let i = open; i < html.length; i++) {
    const char = html[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return html.slice(0, start) + html.slice(i + 1);
  }
  throw new Error("the route manifest in the HTML does not end");
}

/** The JS files a page loads up front: named in the HTML (not its route manifest), then their static imports. */
function initialScripts(dir: string, html: string): Set<string> {
  const found = new Set<string>();
  const queue = [...withoutRouteManifest(html).matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]);
  while (queue.length > 0) {
    const asset = queue.pop() as string;
    if (found.has(asset)) continue;
    found.add(asset);
    const code = readFileSync(join(dir, asset), "utf8");
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) queue.push(`/assets/${m[1]}`);
  }
  return found;
}

function brotliSize(dir: string, asset: string): number {
  const file = join(dir, `${asset}.br`);
  return existsSync(file) ? statSync(file).size : statSync(join(dir, asset)).size;
}

function requireBuild(build: (typeof BUILDS)[number]) {
  if (!existsSync(join(build.dir, "index.html")))
    throw new Error(`No ${build.name} in ${build.dir}: ${build.made} first (npm test does).`);
}

describe.each(BUILDS)("JavaScript budget of the $name", (build) => {
  const pages = [...prerenderPaths(), ...(build.extraPages ?? [])];

  it.each(pages)("%s loads at most 120 KB of brotli JavaScript before the first interaction", (path) => {
    requireBuild(build);
    const html = readFileSync(htmlFile(build.dir, path), "utf8");
    const scripts = initialScripts(build.dir, html);
    const total = [...scripts].reduce((sum, asset) => sum + brotliSize(build.dir, asset), 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(
      [...scripts].some((asset) => /\/entry\.client-/.test(asset)),
      "the entry module is counted",
    ).toBe(true);
    expect(total, `${path}: ${(total / 1024).toFixed(1)} KB in ${scripts.size} files`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });

  it("keeps the form schemas and the sending code (EmailJS, Firebase, send-*) out of the form pages' initial scripts", () => {
    requireBuild(build);
    // The chunks exist under these names, so not finding them below means something.
    const assets = readdirSync(join(build.dir, "assets"));
    for (const name of build.lazy) {
      expect(
        assets.some((file) => file.startsWith(`${name}-`) && file.endsWith(".js")),
        `${name}-*.js is built`,
      ).toBe(true);
    }
    for (const path of FORM_PAGES) {
      const scripts = [...initialScripts(build.dir, readFileSync(htmlFile(build.dir, path), "utf8"))];
      expect(scripts.length, `${path} loads scripts`).toBeGreaterThan(0);
      expect(
        scripts.filter((asset) => LAZY_CHUNK.test(asset)),
        path,
      ).toEqual([]);
    }
  });
});
