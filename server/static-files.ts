/**
 * The static half of the site: prerendered HTML, route data, hashed assets and public
 * files from build/client, read into memory at start with the brotli and gzip copies
 * made by `scripts/build/postbuild.ts`. Answers GET and HEAD with ETag revalidation.
 */
import { ADMIN_HEADERS, ADMIN_PATH, isAdminPath } from "../common/admin-page.ts";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { CACHE, SECURITY_HEADERS } from "./headers.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  // The editor's configuration (/admin/config.yml).
  ".yml": "application/yaml; charset=utf-8",
};

/**
 * One encoding of a file and every header its answer carries, as writeHead's flat list,
 * ending in the request id's name and a slot for its value.
 */
interface Variant {
  body: Buffer;
  headers: string[];
}

/** Sends `headers` with the request's id in its last slot. */
function writeHeadWithId(res: ServerResponse, status: number, headers: string[], requestId: string): void {
  // One list per file, reused: writeHead reads it before returning, and nothing else runs
  // in between, so no two requests ever see each other's id. A copy per request was a
  // measurable share of a static file's CPU (docs/decisions/0029).
  headers[headers.length - 1] = requestId;
  res.writeHead(status, headers);
}

interface StaticFile {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** The headers of a 304 (no body, no length), with the request id's slot. */
  notModified: string[];
  etag: string;
}

/**
 * The 'Not Found...' page made by the build (scripts/build/not-found-page.ts): sent, with status
 * 404 and never stored by a cache, for a path no page has; never at its own path.
 */
export const NOT_FOUND_FILE = "/404.html";

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith("/assets/")) return CACHE.immutable;
  if (urlPath.endsWith(".html") || urlPath.endsWith(".data")) return CACHE.revalidate;
  return CACHE.day;
}

export class StaticFiles {
  /** By URL path: each file's own, and a prerendered page's directory too (/about for /about/index.html). */
  private readonly files = new Map<string, StaticFile>();
  /** The 'Not Found...' page, if the build made one. */
  private readonly notFound: StaticFile | undefined;

  constructor(clientDir: string, policies: Record<string, string> = {}) {
    const all = walk(clientDir);
    const present = new Set(all);
    for (const full of all) {
      if (full.endsWith(".br") || full.endsWith(".gz")) continue;
      const urlPath = `/${relative(clientDir, full).split(sep).join("/")}`;
      const body = readFileSync(full);
      const br = present.has(`${full}.br`) ? readFileSync(`${full}.br`) : undefined;
      const gzip = present.has(`${full}.gz`) ? readFileSync(`${full}.gz`) : undefined;
      const type = TYPES[extname(full)] ?? "application/octet-stream";
      const notFound = urlPath === NOT_FOUND_FILE;
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      // A 404 is not kept: the page may exist by the next visit.
      const cacheControl = notFound ? CACHE.none : cacheControlFor(urlPath);
      const csp = policies[urlPath];
      // The editor's page and files: its own opener policy, never indexed (common/admin-page.ts).
      const admin = isAdminPath(urlPath) ? ADMIN_HEADERS : {};
      // Every answer's headers, built once: one writeHead with a list costs far less per
      // request than a dozen setHeader calls (decision 0029).
      const common = [
        ...Object.entries({
          ...SECURITY_HEADERS,
          ...(csp ? { "Content-Security-Policy": csp } : {}),
          "Content-Type": type,
          "Cache-Control": cacheControl,
          ...admin,
        }).flat(),
        ...(notFound ? [] : ["ETag", etag]),
        "Vary",
        "Accept-Encoding",
      ];
      const variant = (bytes: Buffer, encoding?: string): Variant => ({
        body: bytes,
        headers: [
          ...common,
          ...(encoding ? ["Content-Encoding", encoding] : []),
          "Content-Length",
          String(bytes.length),
          "X-Request-Id",
          "",
        ],
      });
      const file: StaticFile = {
        identity: variant(body),
        br: br && variant(br, "br"),
        gzip: gzip && variant(gzip, "gzip"),
        notModified: [...common, "X-Request-Id", ""],
        etag,
      };
      if (notFound) {
        this.notFound = file;
        continue;
      }
      this.files.set(urlPath, file);
      // A prerendered page answers at its directory's path too (no file can have that path);
      // the editor's page at /admin/, with the slash, where its own addresses resolve.
      if (urlPath === `${ADMIN_PATH}index.html`) this.files.set(ADMIN_PATH, file);
      else if (urlPath.endsWith("/index.html")) this.files.set(urlPath.slice(0, -"/index.html".length) || "/", file);
    }
  }

  get size(): number {
    return this.files.size;
  }

  /** The file for a URL path: the file itself, or the prerendered page at that path. */
  find(pathname: string): StaticFile | undefined {
    if (!pathname.includes("%")) return this.files.get(pathname);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    return this.files.get(decoded);
  }

  /**
   * Sends the file if there is one, with the security headers, its own CSP and the
   * request's id; returns false to let the next handler answer.
   */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string, requestId: string): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const file = this.find(pathname);
    if (!file) return false;
    if (req.headers["if-none-match"] === file.etag) {
      writeHeadWithId(res, 304, file.notModified, requestId);
      res.end();
      return true;
    }
    send(req, res, 200, file, requestId);
    return true;
  }

  /** Sends the 'Not Found...' page with status 404; false if the build has none. */
  serveNotFound(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
    if (!this.notFound) return false;
    send(req, res, 404, this.notFound, requestId);
    return true;
  }
}

/** The file's encoding the client takes (brotli, gzip, or none). */
function send(req: IncomingMessage, res: ServerResponse, status: number, file: StaticFile, requestId: string): void {
  const accepted = req.headers["accept-encoding"] ?? "";
  const variant =
    (file.br && /\bbr\b/.test(accepted) && file.br) ||
    (file.gzip && /\bgzip\b/.test(accepted) && file.gzip) ||
    file.identity;
  writeHeadWithId(res, status, variant.headers, requestId);
  res.end(req.method === "HEAD" ? undefined : variant.body);
}
