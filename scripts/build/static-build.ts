/**
 * The steps `npm run build:static` adds after the shared postbuild work (decision 0006):
 * the 'Not Found...' page as 404.html, a `_headers` file with the headers a `<meta>` CSP
 * cannot carry, the folder published as build/static, and the size of the form code
 * that loads only when a form is used.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { type PublicConfig, serviceOrigins } from "../../app/forms/static-submit/public-config.ts";
import { readBuildSettings } from "../../common/settings.ts";
import { STATIC_NOT_FOUND_PATH } from "../../common/build-target.ts";
import { ADMIN_HEADERS, ADMIN_PATH } from "../../common/admin-page.ts";
import { CACHE, SECURITY_HEADERS } from "../../server/headers.ts";

/**
 * The environment the static build reads its public identifiers from: a `.env` file in
 * the project folder if there is one, with the real environment taking precedence.
 */
export function staticBuildEnv(): Record<string, string | undefined> {
  const file = ".env";
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  return { ...fromFile, ...process.env };
}

/** The origins the static build's pages call from the browser (for connect-src). */
export function staticConnectSources(config: PublicConfig): string[] {
  const { emailjs, storage } = serviceOrigins(config);
  return [emailjs, storage];
}

/**
 * The static build's privacy notice says the bucket deletes CVs after the applications'
 * retention period (RETENTION_APPLICATION_DAYS, as the notice was rendered with); the
 * shipped lifecycle rule must say the same, or the notice would promise what nothing does.
 */
export function checkCvLifecycle(env: Record<string, string | undefined>, file = "firebase/cv-lifecycle.json"): void {
  const days = readBuildSettings(env).retentionDays.application;
  const rules = JSON.parse(readFileSync(file, "utf8")) as { rule: Array<{ condition: { age?: number } }> };
  const age = rules.rule[0]?.condition.age;
  if (age !== days) {
    throw new Error(
      `${file} deletes CVs after ${age} days, but the privacy notice says ${days} (RETENTION_APPLICATION_DAYS): make them agree.`,
    );
  }
}

function walkHtml(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walkHtml(path);
    return entry.name.endsWith(".html") ? [path] : [];
  });
}

/** The page's stylesheet links in <head>, before the <noscript> one, in order. */
function headStylesheets(html: string): string[] {
  const head = html.slice(0, html.search(/<noscript>|<\/head>/));
  return head.match(/<link rel="stylesheet" href="[^"]+"\/>/g) ?? [];
}

/**
 * The prerendered 'Not Found...' page becomes 404.html; its route folder and data go.
 *
 * The host sends 404.html for `/casestudies/nope` too, where the browser's router matches
 * the case study route. Hydrating, React renders that route's stylesheet links in <head>
 * (a job page has the form's), and one missing from the HTML is a hydration error that
 * throws the page away; one too many is skipped. So 404.html links every stylesheet any
 * page links, after its own (root.tsx's HydrateFallback renders the screen itself).
 */
export function finishNotFoundPage(clientDir: string): void {
  const name = STATIC_NOT_FOUND_PATH.slice(1);
  const pages = walkHtml(clientDir).filter((file) => !file.startsWith(join(clientDir, name)));
  const everyStylesheet = [...new Set(pages.flatMap((file) => headStylesheets(readFileSync(file, "utf8"))))];
  const html = readFileSync(join(clientDir, name, "index.html"), "utf8");
  const own = headStylesheets(html);
  const last = own.at(-1);
  if (!last) throw new Error("static build: the 'Not Found...' page links no stylesheet");
  const missing = everyStylesheet.filter((link) => !own.includes(link));
  writeFileSync(join(clientDir, "404.html"), html.replace(last, `${last}${missing.join("")}`));
  rmSync(join(clientDir, name), { recursive: true });
  rmSync(join(clientDir, `${name}.data`), { force: true });
  // React Router's fallback for unknown paths; 404.html plays that part here.
  rmSync(join(clientDir, "__spa-fallback.html"), { force: true });
}

/** One rule of the `_headers` file: a path pattern, the headers it detaches (`! Name`), then those it sets. */
export interface HostHeadersRule {
  path: string;
  detach: string[];
  headers: Record<string, string>;
}

/** The paths of the browser editor's rules: its page and every file under it (decision 0051). */
export const ADMIN_HEADER_PATHS = [ADMIN_PATH, `${ADMIN_PATH}*`] as const;

/**
 * The headers every answer should carry that a page's `<meta>` policy cannot: HSTS,
 * frame-ancestors and the rest, in the `_headers` format that Netlify and Cloudflare
 * Pages read from the published folder (deploy/static-host/ has the same for nginx).
 *
 * The browser editor at /admin/ gets its own opener policy, policy, noindex and caching
 * (common/admin-page.ts; `adminPolicy` is the one the build wrote for its page). A request
 * gets the headers of every rule that matches it, in the file's order, and a header set by
 * two rules is sent with both values joined; so each editor rule first detaches every
 * header it sets (`! Name`, Cloudflare Pages' documented way to drop a header an earlier
 * rule added), and the editor ends up with its own values once, never the site's
 * `same-origin` beside them (decision 0051).
 */
export function hostHeaders(adminPolicy: string): HostHeadersRule[] {
  const everywhere: Record<string, string> = {};
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    // The page's own <meta> policy carries everything but frame-ancestors; a second,
    // header policy with only that adds it (browsers enforce both).
    everywhere[name] = name === "Content-Security-Policy" ? "frame-ancestors 'none'" : value;
  }
  const editor: Record<string, string> = { ...ADMIN_HEADERS, "Content-Security-Policy": adminPolicy };
  return [
    { path: "/*", detach: [], headers: everywhere },
    { path: "/assets/*", detach: [], headers: { "Cache-Control": CACHE.immutable } },
    // After the catch-all, whose headers a detach can only take away once they are added.
    ...ADMIN_HEADER_PATHS.map((path) => ({ path, detach: Object.keys(editor), headers: editor })),
  ];
}

/**
 * Writes `_headers`; `adminPolicies` are the editor's policies by URL path, as
 * writeAdminPage (admin-page.ts) returns them.
 */
export function writeHostHeaders(clientDir: string, adminPolicies: Record<string, string>): void {
  const adminPolicy = adminPolicies[`${ADMIN_PATH}index.html`];
  if (!adminPolicy) throw new Error(`static build: no policy for the editor's page ${ADMIN_PATH}index.html`);
  const lines: string[] = ["# Response headers for static hosts that read this file (Netlify, Cloudflare Pages)."];
  for (const rule of hostHeaders(adminPolicy)) {
    lines.push(rule.path);
    for (const name of rule.detach) lines.push(`  ! ${name}`);
    for (const [name, value] of Object.entries(rule.headers)) lines.push(`  ${name}: ${value}`);
  }
  writeFileSync(join(clientDir, "_headers"), `${lines.join("\n")}\n`);
}

/** Replaces the published folder with the finished client folder. */
export function publish(clientDir: string, outDir: string): void {
  rmSync(outDir, { recursive: true, force: true });
  renameSync(clientDir, outDir);
}

/**
 * The form code that loads only when a form is used, with its size (brotli where present).
 * Only chunks some other script imports count: the bundler still writes the other build's
 * submit path as files, but nothing in this build refers to them.
 */
export function formChunkSizes(clientDir: string): Array<{ file: string; bytes: number; brotli: number | null }> {
  const assets = join(clientDir, "assets");
  const scripts = readdirSync(assets).filter((file) => file.endsWith(".js"));
  const code = new Map(scripts.map((file) => [file, readFileSync(join(assets, file), "utf8")]));
  const lazy = /^(schemas|send-contact|send-application|emailjs-client|firebase-upload)-[\w-]+\.js$/;
  // Live: every other script, then each lazy chunk a live script names, until none is added.
  const live = new Set(scripts.filter((file) => !lazy.test(file)));
  for (let added = true; added;) {
    added = false;
    for (const file of scripts) {
      if (live.has(file)) continue;
      if ([...live].some((other) => code.get(other)?.includes(file))) {
        live.add(file);
        added = true;
      }
    }
  }
  return scripts
    .filter((file) => lazy.test(file) && live.has(file))
    .map((file) => {
      const br = join(assets, `${file}.br`);
      return {
        file,
        bytes: statSync(join(assets, file)).size,
        brotli: existsSync(br) ? statSync(br).size : null,
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

export function printFormChunkSizes(clientDir: string): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log("Form code loaded only when a form is first used:");
  for (const chunk of formChunkSizes(clientDir)) {
    console.log(
      `  ${chunk.file.padEnd(40)} ${kb(chunk.bytes).padStart(9)}  ${chunk.brotli === null ? "" : `${kb(chunk.brotli)} brotli`}`,
    );
  }
}
