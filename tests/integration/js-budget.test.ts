/**
 * JavaScript a visitor's browser loads before the first interaction, per prerendered
 * page: the scripts the HTML names (module script, modulepreloads) and everything they
 * import statically, counted as the brotli files the server sends. Budget: 120 KB.
 * Lazily imported chunks (the phone rules, loaded when a form is first used) are not counted.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { BUILD_DIR, ROOT } from "./helpers/site.ts";

const BUDGET_BYTES = 120 * 1024;
const client = join(ROOT, BUILD_DIR, "client");

/** The JS files a page loads up front: named in the HTML, then their static imports. */
function initialScripts(html: string): Set<string> {
  const found = new Set<string>();
  const queue = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]);
  while (queue.length > 0) {
    const asset = queue.pop() as string;
    if (found.has(asset)) continue;
    found.add(asset);
    const code = readFileSync(join(client, asset), "utf8");
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) queue.push(`/assets/${m[1]}`);
  }
  return found;
}

function brotliSize(asset: string): number {
  const file = join(client, `${asset}.br`);
  return existsSync(file) ? statSync(file).size : statSync(join(client, asset)).size;
}

describe("JavaScript budget", () => {
  const pages = prerenderPaths();
  it.each(pages)("%s loads at most 120 KB of brotli JavaScript before the first interaction", (path) => {
    const html = readFileSync(join(client, path === "/" ? "index.html" : `${path}/index.html`), "utf8");
    const scripts = initialScripts(html);
    const total = [...scripts].reduce((sum, asset) => sum + brotliSize(asset), 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total, `${path}: ${(total / 1024).toFixed(1)} KB in ${scripts.size} files`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  });

  it("keeps the phone rules out of the initial scripts of the form pages", () => {
    for (const path of ["/contact", "/careers/jobs/vlsi/dft-engineer-all-levels"]) {
      const html = readFileSync(join(client, `${path}/index.html`), "utf8");
      const names = [...initialScripts(html)].join(" ");
      expect(names, path).not.toMatch(/\/schemas-/);
    }
  });
});
