/**
 * After `react-router build`: writes sitemap.xml and robots.txt, then brotli and gzip
 * copies of every text file in build/client, so the server (or nginx with
 * gzip_static/brotli_static) sends them without compressing per request. The server
 * build gets its 'Not Found...' page as 404.html (scripts/build/not-found-page.ts). The static
 * build (BUILD_TARGET=static) gets its own 404.html, host headers and the services'
 * origins in its CSP, and is published as build/static (scripts/build/static-build.ts).
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { prerenderPaths } from "../../app/content/paths.ts";
import { readBuildSettings, writeBuildSettings } from "../../common/settings.ts";
import {
  CSP_MANIFEST,
  contentSecurityPolicy,
  inlineScriptHashes,
  NGINX_CSP_MAP,
  nginxCspMap,
} from "../../server/csp.ts";
import { buildTargetFromEnv, staticOutDir, staticWorkDir } from "../../common/build-target.ts";
import { readPublicConfig } from "../../app/forms/static-submit/public-config.ts";
import { readCmsSettings, writeAdminPage } from "./admin-page.ts";
import { readRawContent } from "./content-files.ts";
import { writeOgImages } from "./og-images.ts";
import { writeNotFoundPage } from "./not-found-page.ts";
import { startScriptsAfterLoad } from "./page-html.ts";
import {
  checkCvLifecycle,
  finishNotFoundPage,
  printFormChunkSizes,
  publish,
  staticBuildEnv,
  staticConnectSources,
  writeHostHeaders,
} from "./static-build.ts";

const target = buildTargetFromEnv(process.env);
// The same validated settings the pages were prerendered with (common/settings.ts).
const settings = readBuildSettings(process.env);
const { siteUrl } = settings;
const BUILD_DIR = target === "static" ? staticWorkDir(process.env) : (process.env.BUILD_DIR ?? "build");
const CLIENT_DIR = join(BUILD_DIR, "client");
// STATIC_DIR lets the tests' static build (pointed at local stand-ins) sit beside the real one.
const staticDir = staticOutDir(process.env);
// The static build's pages send forms to EmailJS and Firebase Storage from the browser.
const connect = target === "static" ? staticConnectSources(readPublicConfig(staticBuildEnv())) : [];
if (target === "static") {
  checkCvLifecycle(process.env);
  finishNotFoundPage(CLIENT_DIR);
} else {
  await writeNotFoundPage(BUILD_DIR);
}
const COMPRESS = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".data",
  ".txt",
  ".xml",
  ".webmanifest",
  ".ico",
  ".yml",
]);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

// Read once: each call reads the content folders (and each opening's dates).
const pagePaths = prerenderPaths();
const today = new Date().toISOString().slice(0, 10);
const urls = pagePaths
  .map((path) => `  <url><loc>${siteUrl}${path === "/" ? "/" : path}</loc><lastmod>${today}</lastmod></url>`)
  .join("\n");
writeFileSync(
  join(CLIENT_DIR, "sitemap.xml"),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
writeFileSync(join(CLIENT_DIR, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`);

const ogCount = await writeOgImages(CLIENT_DIR, pagePaths, siteUrl);

// Each prerendered page gets a policy allowing exactly its own inline scripts: as a
// <meta> tag (so any static host can serve it) and in csp.json for our server's header;
// and its JavaScript started after its load event and first paint (page-html.ts).
const policies: Record<string, string> = {};
for (const file of walk(CLIENT_DIR)) {
  if (!file.endsWith(".html")) continue;
  const html = startScriptsAfterLoad(readFileSync(file, "utf8"), file);
  const hashes = inlineScriptHashes(html);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(hashes, { meta: true, connect })}">`;
  // After the charset declaration, which must come within the first 1024 bytes.
  const withMeta = html.replace(/<meta charset="utf-8"\s*\/?>/i, (tag) => `${tag}${meta}`);
  if (withMeta === html) throw new Error(`postbuild: no <meta charset> in ${file}`);
  writeFileSync(file, withMeta);
  policies[`/${relative(CLIENT_DIR, file).split(sep).join("/")}`] = contentSecurityPolicy(hashes, { connect });
}
// The browser editor at /admin/ (decision 0051): its page, bundle and configuration, each
// with the editor's own policy. After the pages above: its page is none of theirs.
const educationProfiles = Object.keys(Object.values(readRawContent(join("app", "content")).education)[0] ?? {});
const adminPolicies = writeAdminPage(CLIENT_DIR, readCmsSettings(process.env), educationProfiles);
Object.assign(policies, adminPolicies);
// A static host's headers, the editor's own policy among them (static-build.ts).
if (target === "static") writeHostHeaders(CLIENT_DIR, adminPolicies);
writeFileSync(join(CLIENT_DIR, "..", CSP_MANIFEST), `${JSON.stringify(policies, null, 2)}\n`);
// The same policies for nginx in front of the replicas (deploy/nginx.conf includes it).
if (target === "server")
  writeFileSync(join(BUILD_DIR, NGINX_CSP_MAP), nginxCspMap(policies, contentSecurityPolicy([])));
// The server and the purge hold their retention periods to these (decision 0010).
if (target === "server") writeBuildSettings(BUILD_DIR, settings);

// Compressed on libuv's thread pool, every file at once, so the copies share the cores.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const toCompress = walk(CLIENT_DIR).filter((file) => COMPRESS.has(extname(file)) && statSync(file).size >= 256);
const sizes = await Promise.all(
  toCompress.map(async (file) => {
    const body = readFileSync(file);
    const [br, gz] = await Promise.all([
      brotliAsync(body, {
        params: {
          // The editor's 2 MB bundle at the highest quality would take seconds of every build for a few per cent.
          [constants.BROTLI_PARAM_QUALITY]: body.length > 1_000_000 ? 9 : 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    return { before: body.length, after: br.length };
  }),
);
const count = sizes.length;
const before = sizes.reduce((sum, s) => sum + s.before, 0);
const after = sizes.reduce((sum, s) => sum + s.after, 0);
console.log(
  `postbuild: sitemap with ${pagePaths.length} URLs; CSP for ${Object.keys(policies).length} pages; ${ogCount} Open Graph images; compressed ${count} files, ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
printFormChunkSizes(CLIENT_DIR);
if (target === "static") {
  publish(CLIENT_DIR, staticDir);
  rmSync(BUILD_DIR, { recursive: true, force: true });
  console.log(`Static build: ${staticDir}/ is ready for any static host (see README, "Static build").`);
}
