/**
 * The static build (decision 0006) on the nginx server block we ship
 * (deploy/static-host/nginx.conf), run on Debian's nginx as our child process on a free
 * loopback port: clean URLs without redirects, real 404s with the 'Not Found...' page,
 * caching, the security headers on every answer (the same in server/headers.ts, the
 * shipped nginx snippet and the `_headers` file the build writes, so none can drift), and
 * each page's own CSP <meta> allowing exactly the EmailJS and storage origins of its build.
 *
 * Serves the test static build (STATIC_DIR of tests/support/static-env.ts; `npm test`
 * builds it after the server build). nginx is a prerequisite of `npm test`: without it
 * these tests fail with tests/support/nginx.ts's message, never skip.
 */
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderPaths } from "../../app/content/paths.ts";
import { adminContentSecurityPolicy } from "../../common/admin-page.ts";
import { openJobs } from "../support/content-picks.ts";
import { CACHE, SECURITY_HEADERS } from "../../server/headers.ts";
import { EMAILJS_ORIGIN, ROOT, STATIC_DIR, STORAGE_ORIGIN } from "../support/static-env.ts";
import { findNginx, NGINX_MISSING, type RunningNginx, startNginx } from "../support/nginx.ts";

const BUILD = join(ROOT, STATIC_DIR);
const DEPLOY = join(ROOT, "deploy/static-host");

/** What every answer must carry: the server's headers, with the CSP only keeping frame-ancestors. */
const EXPECTED_HEADERS: Record<string, string> = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).map(([name, value]) => [
    name,
    name === "Content-Security-Policy" ? "frame-ancestors 'none'" : value,
  ]),
);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The site's pages: every HTML file but the browser editor's (decision 0051, checked on its own). */
const htmlFiles = () => walk(BUILD).filter((file) => file.endsWith(".html") && !file.startsWith(join(BUILD, "admin")));
const urlOf = (file: string) => `/${relative(BUILD, file).split(sep).join("/")}`;

let nginx: RunningNginx | undefined;
/** A second nginx on a folder with a page that exists only as `x.html`. */
let htmlOnly: RunningNginx | undefined;
let htmlOnlyDir: string | undefined;

beforeAll(async () => {
  if (!findNginx()) throw new Error(NGINX_MISSING);
  if (!existsSync(join(BUILD, "index.html")) || !existsSync(join(BUILD, "404.html"))) {
    throw new Error(
      `No static test build in ${STATIC_DIR}/: npm test builds it ("Build (static, for the tests)"); by hand, ` +
        "run npm run build:static with the values of tests/support/static-env.ts.",
    );
  }
  nginx = await startNginx({ serverBlockFile: join(DEPLOY, "nginx.conf"), root: BUILD, includeDir: DEPLOY });
  htmlOnlyDir = mkdtempSync(join(tmpdir(), "blueberry-static-host-"));
  writeFileSync(join(htmlOnlyDir, "only-html.html"), "<!doctype html><title>only as .html</title>\n");
  cpSync(join(BUILD, "404.html"), join(htmlOnlyDir, "404.html"));
  // nginx's workers run as another user; mkdtemp makes the folder private.
  chmodSync(htmlOnlyDir, 0o755);
  for (const file of readdirSync(htmlOnlyDir)) chmodSync(join(htmlOnlyDir, file), 0o644);
  htmlOnly = await startNginx({ serverBlockFile: join(DEPLOY, "nginx.conf"), root: htmlOnlyDir, includeDir: DEPLOY });
}, 30_000);

afterAll(async () => {
  await Promise.all([nginx?.stop(), htmlOnly?.stop()]);
  if (htmlOnlyDir) rmSync(htmlOnlyDir, { recursive: true, force: true });
});

/** One GET, never following a redirect. */
async function get(path: string, server = nginx) {
  if (!server) throw new Error("nginx is not running");
  const response = await fetch(`${server.base}${path}`, { redirect: "manual" });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

function expectSecurityHeaders(headers: Headers, what: string) {
  for (const [name, value] of Object.entries(EXPECTED_HEADERS)) {
    expect(headers.get(name), `${name} on ${what}`).toBe(value);
  }
}

/** The rules of the `_headers` file the build wrote, in order: a path, the headers it detaches (`! Name`), those it sets. */
function headersFileRules(): Array<{ path: string; detach: string[]; headers: Record<string, string> }> {
  const rules: Array<{ path: string; detach: string[]; headers: Record<string, string> }> = [];
  for (const line of readFileSync(join(BUILD, "_headers"), "utf8").split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), detach: [], headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) throw new Error(`_headers: a header before any path: ${line}`);
    const detach = /^\s+!\s*(\S+)\s*$/.exec(line);
    if (detach) {
      rule.detach.push(detach[1] as string);
      continue;
    }
    const colon = line.indexOf(":");
    if (colon < 0) throw new Error(`_headers: neither a header nor a detach: ${line}`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/**
 * The headers a host that reads `_headers` sends for `path`, by the rules Cloudflare Pages
 * documents: every rule whose pattern matches (`*` matches anything, even nothing) applies,
 * in the file's order; `! Name` takes away what earlier rules set; a header set again is
 * joined to the earlier value with a comma.
 */
function headersFileAnswer(rules: ReturnType<typeof headersFileRules>, path: string): Record<string, string> {
  const sent = new Map<string, { name: string; value: string }>();
  for (const rule of rules) {
    const pattern = new RegExp(
      `^${rule.path
        .split("*")
        .map((part) => part.replace(/[.?+^$()[\]{}|\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    if (!pattern.test(path)) continue;
    for (const name of rule.detach) sent.delete(name.toLowerCase());
    for (const [name, value] of Object.entries(rule.headers)) {
      const earlier = sent.get(name.toLowerCase());
      sent.set(name.toLowerCase(), { name, value: earlier ? `${earlier.value}, ${value}` : value });
    }
  }
  return Object.fromEntries([...sent.values()].map(({ name, value }) => [name, value]));
}

const aCaseStudy = prerenderPaths().find((path) => path.startsWith("/casestudies/")) as string;
const anAsset = () => {
  const asset = readdirSync(join(BUILD, "assets")).find((file) => /^entry\.client-[\w-]+\.js$/.test(file));
  if (!asset) throw new Error(`no entry.client-*.js in ${STATIC_DIR}/assets`);
  return `/assets/${asset}`;
};

describe("pages on the shipped nginx configuration", () => {
  it("serves /about as about/index.html with status 200, without a redirect, and /about/ too", async () => {
    const file = readFileSync(join(BUILD, "about/index.html"), "utf8");
    for (const path of ["/about", "/about/"]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("location"), `${path} redirects`).toBeNull();
      expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
      expect(answer.body === file, `${path} is about/index.html`).toBe(true);
    }
  });

  it("serves a case study page at its URL, and the home page at /", async () => {
    const study = await get(aCaseStudy);
    expect(study.status).toBe(200);
    expect(study.body).toBe(readFileSync(join(BUILD, `${aCaseStudy.slice(1)}/index.html`), "utf8"));
    const home = await get("/");
    expect(home.status).toBe(200);
    expect(home.body).toBe(readFileSync(join(BUILD, "index.html"), "utf8"));
  });

  it("serves /x from x.html when there is no x/ folder, without a redirect", async () => {
    const answer = await get("/only-html", htmlOnly);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.body).toContain("<title>only as .html</title>");
  });

  async function expectNotFound(path: string) {
    const answer = await get(path);
    expect(answer.status, `${path} status`).toBe(404);
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.body).toBe(readFileSync(join(BUILD, "404.html"), "utf8"));
    expect(answer.body).toContain("Not Found...");
    expect(answer.headers.get("cache-control")).toBe(CACHE.revalidate);
  }

  it.each(["/no/such/page", "/casestudies/nope", "/about/nope", "/assets/nope-12345678.js", "/404.html"])(
    "answers %s with status 404 and the 'Not Found...' page",
    expectNotFound,
  );

  // `/404` would otherwise find 404.html through `$uri.html` and answer 200 (a soft 404).
  it("answers /404 with status 404 too", () => expectNotFound("/404"));
});

describe("caching", () => {
  it("caches hashed assets for a year, immutable", async () => {
    const answer = await get(anAsset());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/javascript/);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(CACHE.immutable).toBe("public, max-age=31536000, immutable");
  });

  it.each(["/", "/about", "/about/", "/contact"])(
    "makes browsers revalidate the HTML of %s (no-cache)",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-cache");
    },
  );
});

describe("security headers", () => {
  it("every answer carries server/headers.ts's headers, the CSP header keeping only frame-ancestors 'none'", async () => {
    const paths = ["/", "/about", "/about/", aCaseStudy, anAsset(), "/favicon.svg", "/sitemap.xml", "/no/such/page"];
    for (const path of paths) expectSecurityHeaders((await get(path)).headers, path);
    expectSecurityHeaders((await get("/only-html", htmlOnly)).headers, "/only-html");
  });

  it("the shipped nginx snippet sets exactly those headers", () => {
    const conf = readFileSync(join(DEPLOY, "blueberry-static-headers.conf"), "utf8");
    const set = Object.fromEntries(
      [...conf.matchAll(/^\s*add_header\s+([\w-]+)\s+"([^"]*)"\s+always;/gm)].map((m) => [m[1], m[2]]),
    );
    expect(set).toEqual(EXPECTED_HEADERS);
  });

  it("the _headers file the build writes sets exactly those headers, and a year's caching for /assets/*", () => {
    const rules = headersFileRules();
    expect(rules.find((rule) => rule.path === "/*")).toEqual({ path: "/*", detach: [], headers: EXPECTED_HEADERS });
    expect(rules.find((rule) => rule.path === "/assets/*")).toEqual({
      path: "/assets/*",
      detach: [],
      headers: { "Cache-Control": "public, max-age=31536000, immutable" },
    });
    // What a page answers with on a host that applies the file (the editor's rules match none of these).
    expect(headersFileAnswer(rules, "/about")).toEqual(EXPECTED_HEADERS);
    expect(headersFileAnswer(rules, "/no/such/page")).toEqual(EXPECTED_HEADERS);
    expect(headersFileAnswer(rules, anAsset())).toEqual({ ...EXPECTED_HEADERS, "Cache-Control": CACHE.immutable });
  });

  it("the _headers file gives the editor at /admin/ its own opener policy, policy, noindex and caching, each once, the site's other headers kept (decision 0051)", () => {
    const rules = headersFileRules();
    // The editor's header policy is its page's <meta> policy with frame-ancestors, which a <meta> cannot carry.
    const page = readFileSync(join(BUILD, "admin/index.html"), "utf8");
    const metaPolicy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1] ?? "";
    expect(metaPolicy).toContain("script-src 'self';");
    const expected = {
      ...EXPECTED_HEADERS,
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
      "Content-Security-Policy": `${metaPolicy}; frame-ancestors 'none'`,
      "X-Robots-Tag": "noindex",
      "Cache-Control": "no-cache",
    };
    expect(expected["Content-Security-Policy"]).toBe(adminContentSecurityPolicy(["https://api.github.com"]));
    for (const path of ["/admin/", "/admin/index.html", "/admin/sveltia-cms.js", "/admin/config.yml"]) {
      expect(headersFileAnswer(rules, path), path).toEqual(expected);
    }
    // Each editor rule comes after the catch-all and detaches every header it sets, so
    // neither the catch-all's values nor a second editor rule's are joined to its own.
    const catchAll = rules.findIndex((rule) => rule.path === "/*");
    for (const path of ["/admin/", "/admin/*"]) {
      const index = rules.findIndex((rule) => rule.path === path);
      expect(index, path).toBeGreaterThan(catchAll);
      expect([...(rules[index]?.detach ?? [])].sort(), path).toEqual(Object.keys(rules[index]?.headers ?? {}).sort());
    }
  });

  it("the _headers file stays within Cloudflare Pages' limits: at most 100 rules, no line over 2,000 characters", () => {
    const text = readFileSync(join(BUILD, "_headers"), "utf8");
    expect(headersFileRules().length).toBeLessThanOrEqual(100);
    for (const line of text.split("\n")) expect(line.length, line.slice(0, 60)).toBeLessThanOrEqual(2000);
  });
});

describe("the browser editor's page in the static build (decision 0051)", () => {
  it("carries the editor's own policy as a <meta>: scripts from this origin only, talking to this origin and the git host's API", () => {
    const html = readFileSync(join(BUILD, "admin/index.html"), "utf8");
    const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)];
    expect(metas).toHaveLength(1);
    const policy = metas[0]?.[1] ?? "";
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' data: blob: https://api.github.com;");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toContain("frame-ancestors");
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it("is served at /admin/ by the shipped nginx, /admin redirects there; the editor's opener policy and noindex, the site's other headers kept", async () => {
    const page = await get("/admin/");
    expect(page.status).toBe(200);
    expect(page.body).toBe(readFileSync(join(BUILD, "admin/index.html"), "utf8"));
    const expected = {
      ...EXPECTED_HEADERS,
      "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
      "X-Robots-Tag": "noindex",
    };
    for (const [name, value] of Object.entries(expected)) expect(page.headers.get(name), name).toBe(value);
    const redirect = await get("/admin");
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get("location")).toMatch(/\/admin\/$/);
    expect((await get("/admin/sveltia-cms.js")).status).toBe(200);
    // A public page keeps the site's own.
    expect((await get("/about")).headers.get("x-robots-tag")).toBeNull();
  });
});

describe("every HTML page of the static build", () => {
  it("carries its own CSP <meta>: its inline scripts' hashes, and connect-src naming this build's EmailJS and storage origins", () => {
    const files = htmlFiles();
    expect(files.length, "pages in the build").toBeGreaterThanOrEqual(prerenderPaths().length);
    for (const file of files) {
      const html = readFileSync(file, "utf8");
      const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"/g)];
      expect(metas, `${urlOf(file)}: one CSP <meta>`).toHaveLength(1);
      const policy = new Map(
        (metas[0]?.[1] ?? "").split(";").map((d) => {
          const [name = "", ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(policy.get("connect-src"), `${urlOf(file)} connect-src`).toEqual([
        "'self'",
        EMAILJS_ORIGIN,
        STORAGE_ORIGIN,
      ]);
      const scriptSources = policy.get("script-src") ?? [];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
        const attributes = match[1] ?? "";
        if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) continue;
        const hash = `'sha256-${createHash("sha256")
          .update(match[2] ?? "")
          .digest("base64")}'`;
        expect(scriptSources, `${urlOf(file)}: an inline script's hash`).toContain(hash);
      }
    }
  });

  // The forms keep `method="post"` to their own page, which React Router's client action
  // needs; the static host has no server there (nginx answers "405 Not Allowed"). So the
  // HTML's submit button is disabled until the page is hydrated and sends the form itself;
  // without JavaScript the form is hidden and an e-mail address offered
  // (tests/e2e-static/no-javascript.spec.ts).
  it("has no form that can be sent to a server of ours before the page sends it itself", () => {
    const sendable: string[] = [];
    let posting = 0;
    for (const file of htmlFiles()) {
      const pageUrl = new URL(urlOf(file).replace(/index\.html$/, ""), "https://site.invalid");
      for (const match of readFileSync(file, "utf8").matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
        const attributes = match[1] ?? "";
        const method = /\smethod="([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase() ?? "get";
        const action = /\saction="([^"]*)"/i.exec(attributes)?.[1] ?? "";
        const target = new URL(action, pageUrl);
        const ours = target.origin === pageUrl.origin || ["localhost", "127.0.0.1"].includes(target.hostname);
        if (method !== "post" || !ours) continue;
        posting++;
        const buttons = [...(match[2] ?? "").matchAll(/<button\b([^>]*)>/gi)].map((b) => b[1] ?? "");
        const submits = buttons.filter((b) => /\stype="submit"/i.test(b) || !/\stype=/i.test(b));
        if (submits.length === 0 || submits.some((b) => !/\sdisabled(=""|\s|$)/i.test(b))) {
          sendable.push(`${urlOf(file)}: <form${attributes}>`);
        }
      }
    }
    expect(posting, "the contact page and the job pages have a form").toBeGreaterThanOrEqual(1 + openJobs().length);
    expect(sendable).toEqual([]);
  });
});
