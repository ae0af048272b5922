/**
 * The static half of the site: prerendered HTML, route data, hashed assets and public
 * files from build/client, read into memory at start with the brotli and gzip copies
 * made by `scripts/postbuild.ts`. Answers GET and HEAD with ETag revalidation.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { CACHE } from "./headers.ts";

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
};

interface StaticFile {
  body: Buffer;
  /** A prerendered page's own Content-Security-Policy (its inline scripts' hashes). */
  csp?: string;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

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
  private readonly files = new Map<string, StaticFile>();

  constructor(clientDir: string, policies: Record<string, string> = {}) {
    const all = walk(clientDir);
    const present = new Set(all);
    for (const full of all) {
      if (full.endsWith(".br") || full.endsWith(".gz")) continue;
      const urlPath = `/${relative(clientDir, full).split(sep).join("/")}`;
      const body = readFileSync(full);
      this.files.set(urlPath, {
        body,
        br: present.has(`${full}.br`) ? readFileSync(`${full}.br`) : undefined,
        gzip: present.has(`${full}.gz`) ? readFileSync(`${full}.gz`) : undefined,
        type: TYPES[extname(full)] ?? "application/octet-stream",
        etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
        cacheControl: cacheControlFor(urlPath),
        csp: policies[urlPath],
      });
    }
  }

  get size(): number {
    return this.files.size;
  }

  /** The file for a URL path: the file itself, or the prerendered page at that path. */
  find(pathname: string): StaticFile | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0")) return undefined;
    if (decoded === "/") return this.files.get("/index.html");
    return this.files.get(decoded) ?? this.files.get(`${decoded}/index.html`);
  }

  /** Sends the file if there is one; returns false to let the next handler answer. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const file = this.find(pathname);
    if (!file) return false;

    res.setHeader("Content-Type", file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    res.setHeader("ETag", file.etag);
    res.setHeader("Vary", "Accept-Encoding");
    if (file.csp) res.setHeader("Content-Security-Policy", file.csp);
    if (req.headers["if-none-match"] === file.etag) {
      res.writeHead(304).end();
      return true;
    }
    const accepted = String(req.headers["accept-encoding"] ?? "");
    let body = file.body;
    if (file.br && /\bbr\b/.test(accepted)) {
      body = file.br;
      res.setHeader("Content-Encoding", "br");
    } else if (file.gzip && /\bgzip\b/.test(accepted)) {
      body = file.gzip;
      res.setHeader("Content-Encoding", "gzip");
    }
    res.setHeader("Content-Length", body.length);
    res.writeHead(200);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }
}
