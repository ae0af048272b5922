/**
 * The request handler: health check, then static files, then React Router for
 * everything else (unknown paths, form posts), with compression and security headers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { createRequest } from "@remix-run/node-fetch-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { CACHE, setSecurityHeaders } from "./headers.ts";
import { StaticFiles } from "./static-files.ts";

export interface AppOptions {
  buildDir: string;
  mode: "development" | "production" | "test";
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export async function createApp({ buildDir, mode }: AppOptions) {
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, mode);
  const staticFiles = new StaticFiles(join(buildDir, "client"));

  return async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders((name, value) => res.setHeader(name, value));
    const url = new URL(req.url ?? "/", "http://localhost");

    if (url.pathname === "/healthz") {
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": CACHE.none });
      res.end(JSON.stringify({ status: "ok" }));
      return;
    }
    // One URL per page: /about/ answers with a permanent redirect to /about.
    if (url.pathname.length > 1 && url.pathname.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(308, { Location: url.pathname.replace(/\/+$/, "") + url.search }).end();
      return;
    }
    if (staticFiles.serve(req, res, url.pathname)) return;

    const request = createRequest(req, res);
    const response = await handleRequest(request);
    await sendCompressed(req, res, response);
  };
}

/** Writes a fetch Response, compressing text bodies on the fly for dynamic answers. */
async function sendCompressed(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", response.ok ? CACHE.revalidate : CACHE.none);
  const accepted = String(req.headers["accept-encoding"] ?? "");
  const type = headers.get("Content-Type") ?? "";
  const encoding =
    response.body && !headers.has("Content-Encoding") && COMPRESSIBLE.test(type)
      ? /\bbr\b/.test(accepted)
        ? "br"
        : /\bgzip\b/.test(accepted)
          ? "gzip"
          : null
      : null;
  if (encoding) {
    headers.set("Content-Encoding", encoding);
    headers.append("Vary", "Accept-Encoding");
    headers.delete("Content-Length");
  }
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  res.writeHead(response.status, response.statusText);

  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const compressor =
    encoding === "br"
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === "gzip"
        ? createGzip({ level: 6 })
        : null;
  const out = compressor ?? res;
  if (compressor) compressor.pipe(res);
  for await (const chunk of response.body) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  out.end();
}
