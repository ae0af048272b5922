/**
 * The Node server as a browser, a CDN or a deploy meets it: every content page built,
 * caching and compression right, security headers on every answer, real 404s, a health
 * check, one URL per page, and a clean stop on SIGTERM with nothing on stderr.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prerenderPaths, slugsIn } from "../../app/content/paths.ts";
import { anOpenJob } from "../support/content-picks.ts";
import { BUILD_DIR, ROOT, type Site, startSite } from "../support/site-server.ts";

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: number;
}

/** A GET of `path` exactly as written (Node's client would resolve dot segments in a URL string). */
function raw(site: Site, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(site.origin);
  return new Promise((resolve, reject) => {
    get({ hostname, port, path, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    }).on("error", reject);
  });
}

let site: Site;
beforeAll(async () => {
  site = await startSite();
  return () => site.stop();
}, 120_000);

describe("the build", () => {
  it("holds the prerendered HTML of every page, one for each case study, job and service file, and each service's case studies", () => {
    const paths = prerenderPaths();
    for (const [folder, prefix] of [
      ["case-studies", "/casestudies/"],
      ["jobs", "/careers/jobs/vlsi/"],
      ["services", "/services/"],
      ["services", "/casestudies/service/"],
    ] as const) {
      // The pages one level below the prefix: /casestudies/service/… is not a case study.
      const pages = paths
        .filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes("/"))
        .map((p) => p.slice(prefix.length));
      expect(pages.sort(), `${prefix} pages`).toEqual(slugsIn(folder));
    }
    for (const path of paths) {
      const file = join(ROOT, BUILD_DIR, "client", path === "/" ? "index.html" : `${path}/index.html`);
      expect(existsSync(file), file).toBe(true);
    }
  });
});

describe("caching and compression", () => {
  it("serves hashed assets as immutable for a year, compressed with brotli", async () => {
    const assets = readdirSync(join(ROOT, BUILD_DIR, "client", "assets")).filter((f) => f.endsWith(".js"));
    const answer = await raw(site, `/assets/${assets[0]}`, { "Accept-Encoding": "br, gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toMatch(/javascript/);
  });

  it("revalidates HTML on every request with an ETag, answering 304 when unchanged", async () => {
    const first = await raw(site, "/about", { "Accept-Encoding": "gzip" });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(first.headers.etag).toMatch(/^".+"$/);
    const again = await raw(site, "/about", { "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);
  });

  it("sends uncompressed bytes to a client that asks for none", async () => {
    const answer = await raw(site, "/");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.bytes);
  });

  it("compresses pages the server renders on request too (a case study that does not exist)", async () => {
    const answer = await raw(site, "/casestudies/no-such-study", { "Accept-Encoding": "br" });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBe("br");
  });
});

describe("answers", () => {
  it.each(["/", "/contact", "/no-such-page", "/healthz", "/assets/missing.js"])(
    "%s carries the security headers",
    async (path) => {
      const { headers } = await raw(site, path);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
    },
  );

  it.each([
    "/no-such-page",
    "/casestudies/no-such-study",
    "/careers/jobs/vlsi/no-such-job",
    "/services/no-such-service",
  ])("%s answers 404", async (path) => {
    expect((await raw(site, path)).status).toBe(404);
  });

  it("answers the health check after touching the store", async () => {
    const res = await fetch(`${site.origin}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", store: "sqlite" });
  });

  it("redirects a trailing slash to the one URL of the page", async () => {
    const answer = await raw(site, "/about/");
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe("/about");
  });

  // Plain paths are looked up without the URL parser (server/app.ts); every other target
  // must still get what the parser makes of it.
  it.each([
    ["/about/index.html", "/about"],
    ["/%61bout", "/about"],
    ["/./about", "/about"],
    ["/careers/../about", "/about"],
    ["/about/.", "/about/"],
    ["/index.html", "/"],
  ])("%s gets what the URL parser makes of it (%s)", async (target, parsed) => {
    const [odd, plain] = await Promise.all([raw(site, target), raw(site, parsed)]);
    expect(odd.status).toBe(plain.status);
    expect(odd.headers.etag).toBe(plain.headers.etag);
    expect(odd.headers.location).toBe(plain.headers.location);
    expect(odd.bytes).toBe(plain.bytes);
  });

  it("reads //about as the path //about (no page: 404), never as the host 'about' with the home page", async () => {
    const answer = await raw(site, "//about");
    expect(answer.status).toBe(404);
    expect(answer.headers.etag).toBeUndefined();
  });

  it("gives each of 60 concurrent answers of one file its own request id", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => raw(site, "/about")));
    const ids = answers.map((a) => a.headers["x-request-id"]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(ids).size).toBe(60);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves sitemap.xml and robots.txt", async () => {
    const sitemap = await (await fetch(`${site.origin}/sitemap.xml`)).text();
    for (const path of prerenderPaths()) expect(sitemap).toContain(`${path === "/" ? "" : path}</loc>`);
    const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });
});

describe("content security policy", () => {
  const scriptSrc = (policy: string) => policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";

  it("allows a prerendered page's inline scripts by hash, in the header and in a meta tag, never unsafe-inline", async () => {
    const res = await fetch(`${site.origin}/services/fpga-design`);
    const html = await res.text();
    const header = res.headers.get("content-security-policy") ?? "";
    expect(scriptSrc(header)).toMatch(/'sha256-[A-Za-z0-9+/=]{44}'/);
    expect(scriptSrc(header)).not.toContain("unsafe-inline");
    expect(header).toContain("frame-ancestors 'none'");
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(scriptSrc(meta)).toBe(scriptSrc(header));
    // Every inline script of the page is covered by one of the hashes.
    const { inlineScriptHashes } = await import("../../server/csp.ts");
    for (const hash of inlineScriptHashes(html)) expect(header).toContain(hash);
  });

  it("gives a page the server renders a fresh nonce that its inline scripts carry", async () => {
    const first = await fetch(`${site.origin}/contact?sent=1`);
    const html = await first.text();
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*ld\+json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    const second = await fetch(`${site.origin}/contact?sent=1`);
    await second.text();
    expect(second.headers.get("content-security-policy")).not.toContain(String(nonce));
  });
});

describe("queries and unknown paths: files, not renders", () => {
  it.each(["/about?utm_source=newsletter&utm_medium=email", "/contact?x=1", "/?sent=1", "/careers/jobs?applied=1"])(
    "%s gets the page's file: a query the page does not read changes nothing",
    async (target) => {
      const [withQuery, page] = await Promise.all([raw(site, target), raw(site, target.split("?")[0] as string)]);
      expect([withQuery.status, withQuery.headers.etag]).toEqual([200, page.headers.etag]);
      expect(withQuery.headers["content-security-policy"]).not.toMatch(/'nonce-/);
      expect(withQuery.bytes).toBe(page.bytes);
    },
  );

  it.each(["/contact?sent=1", `${anOpenJob().path}?utm_source=x&applied=1`])(
    "%s, a query the page reads, is rendered (a nonce, no ETag)",
    async (target) => {
      const answer = await raw(site, target);
      expect(answer.status).toBe(200);
      expect(answer.headers["content-security-policy"]).toMatch(/'nonce-/);
      expect(answer.headers.etag).toBeUndefined();
    },
  );

  it("answers every path that is no page with the one 'Not Found...' file, 404, never stored, its own hashes", async () => {
    const paths = ["/no-such-page", "/careers/no-such-list", "/a/b/c?x=1", "/404", "/404.html", "/about.html"];
    const answers = await Promise.all(paths.map(async (path) => ({ path, res: await fetch(`${site.origin}${path}`) })));
    const bodies = new Set<string>();
    for (const { path, res } of answers) {
      expect([path, res.status, res.headers.get("cache-control")]).toEqual([path, 404, "no-store"]);
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("content-security-policy")).toMatch(/'sha256-/);
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
    const [body] = bodies;
    expect(body).toContain("Not Found...");
    expect(body).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("the render quota (RATE_LIMIT_RENDERS_PER_MINUTE=3)", () => {
  it("renders three pages for a client, then answers 429 with Retry-After; files and the 404 file still go out", async () => {
    const limited = await startSite({ env: { RATE_LIMIT_RENDERS_PER_MINUTE: "3" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${limited.origin}/contact?sent=${i}`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await fetch(`${limited.origin}/casestudies/no-such-study`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect((await fetch(`${limited.origin}/about?x=1`)).status).toBe(200);
      expect((await fetch(`${limited.origin}/no-such-page`)).status).toBe(404);
      expect(limited.stderr()).toBe("");
    } finally {
      await limited.stop();
    }
  }, 60_000);
});

describe("stopping", () => {
  it("stops cleanly on SIGTERM with exit code 0 and nothing on stderr", async () => {
    const other = await startSite();
    expect((await fetch(`${other.origin}/`)).status).toBe(200);
    expect(await other.stop()).toBe(0);
    expect(other.stderr()).toBe("");
  }, 60_000);
});

describe("the browser editor at /admin/ (decision 0051)", () => {
  it("serves its page at /admin/, with the slash, and sends /admin there", async () => {
    const page = await fetch(`${site.origin}/admin/`, { redirect: "manual" });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/admin/sveltia-cms.js"></script>');
    // Its configuration from an absolute path: the page works at /admin/ and nowhere else.
    expect(html).toContain('<link rel="cms-config-url" type="application/yaml" href="/admin/config.yml">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    for (const path of ["/admin", "/admin?from=bookmark"]) {
      const answer = await raw(site, path);
      expect(answer.status, path).toBe(308);
      expect(answer.headers.location, path).toBe(path.replace("/admin", "/admin/"));
    }
  });

  it("has its own headers: not indexed, a sign-in window may report back, scripts only from our origin and never inline or eval'd, and talks only to us and the git host's API", async () => {
    for (const path of ["/admin/", "/admin/sveltia-cms.js", "/admin/config.yml"]) {
      const { headers } = await raw(site, path);
      expect(headers["x-robots-tag"], path).toBe("noindex");
      expect(headers["cross-origin-opener-policy"], path).toBe("same-origin-allow-popups");
      const csp = String(headers["content-security-policy"]);
      const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
      expect(directive("script-src"), path).toBe("script-src 'self'");
      expect(directive("connect-src"), path).toBe("connect-src 'self' data: blob: https://api.github.com");
      expect(directive("frame-ancestors"), path).toBe("frame-ancestors 'none'");
    }
    // A public page keeps the site's own.
    const about = await raw(site, "/about");
    expect(about.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(about.headers["x-robots-tag"]).toBeUndefined();
  });

  it("serves the editor's bundle and fonts from our origin: the bundle names no CDN", async () => {
    const bundle = await (await fetch(`${site.origin}/admin/sveltia-cms.js`)).text();
    expect(bundle.length).toBeGreaterThan(1_000_000);
    expect(bundle).not.toContain("cdn.jsdelivr.net/fontsource");
    // Its viewport tag lets a phone zoom (it would pin the scale at 1).
    expect(bundle).toContain("`initial-scale=1`,`interactive-widget=resizes-content`");
    expect(bundle).not.toContain("maximum-scale");
    const fonts = [...bundle.matchAll(/\/admin\/fonts\/[\w.-]+\.woff2/g)].map(([path]) => path);
    expect(new Set(fonts).size).toBe(3);
    for (const font of new Set(fonts)) {
      const answer = await fetch(`${site.origin}${font}`);
      expect(answer.status, font).toBe(200);
      expect((await answer.arrayBuffer()).byteLength, font).toBeGreaterThan(10_000);
    }
    const config = await fetch(`${site.origin}/admin/config.yml`);
    expect(config.headers.get("content-type")).toBe("application/yaml; charset=utf-8");
    expect(await config.text()).toContain("folder: app/content/jobs");
  });

  it("is nowhere on the public site: not in the sitemap, linked from no page, its code loaded by none", () => {
    const client = join(BUILD_DIR, "client");
    const sitemap = readFileSync(join(client, "sitemap.xml"), "utf8");
    expect(sitemap).not.toContain("/admin");
    const pages = walkFiles(client).filter(
      (file) => file.endsWith(".html") && !file.includes(`${join(client, "admin")}`),
    );
    expect(pages.length).toBeGreaterThan(40);
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      expect(html, file).not.toMatch(/\/admin\b|sveltia/i);
    }
    for (const file of walkFiles(join(client, "assets")).filter((f) => f.endsWith(".js"))) {
      expect(readFileSync(file, "utf8"), file).not.toMatch(/sveltia|cms-config-url/i);
    }
  });
});

function walkFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walkFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
