/**
 * The request handler: health check, then static files, then React Router for
 * everything else (unknown paths, form posts), with compression and security headers.
 */

import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { createRequest } from "@remix-run/node-fetch-server";
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import { MAX_CV_BYTES } from "../app/forms/rules.ts";
import type { FormServices, RequestFacts } from "../app/services.server.ts";
import { CSP_MANIFEST, contentSecurityPolicy, nonceSource } from "./csp.ts";
import { CACHE, setSecurityHeaders } from "./headers.ts";
import { capBody, clientAddress, publicOrigin } from "./request-facts.ts";
import { StaticFiles } from "./static-files.ts";

export interface AppOptions {
  /** The built site (production), or a loader of the current build (development, via Vite). */
  build: { dir: string } | { load: () => Promise<ServerBuild> };
  mode: "development" | "production" | "test";
  services: FormServices;
  /** Whether X-Forwarded-* headers come from a proxy we trust. */
  trustProxy: boolean;
}

/** The largest request body accepted: one CV plus the form's other fields and multipart framing. */
export const MAX_BODY_BYTES = MAX_CV_BYTES + 64 * 1024;

/** The context keys, exported by app/entry.server.tsx so both sides hold the same objects. */
interface EntryExports {
  servicesContext: RouterContext<FormServices>;
  requestContext: RouterContext<RequestFacts>;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export async function createApp({ build: source, mode, services, trustProxy }: AppOptions) {
  const loadBuild =
    "load" in source
      ? source.load
      : await (async () => {
          const built = (await import(pathToFileURL(join(source.dir, "server", "index.js")).href)) as ServerBuild;
          const open = openActionOrigins(built);
          return async () => open;
        })();
  const handleRequest = createRequestHandler(loadBuild, mode);
  // In development Vite serves the files; in production they come from memory.
  const staticFiles = "dir" in source ? new StaticFiles(join(source.dir, "client"), readPolicies(source.dir)) : null;

  return async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
    setSecurityHeaders((name, value) => res.setHeader(name, value));
    const url = new URL(req.url ?? "/", "http://localhost");

    if (url.pathname === "/healthz") {
      // Healthy means the store answers, not just that the process is up.
      let healthy = true;
      try {
        await services.store.ping();
      } catch (error) {
        healthy = false;
        console.error("Health check: the store does not answer:", error);
      }
      res.writeHead(healthy ? 200 : 503, { "Content-Type": "application/json", "Cache-Control": CACHE.none });
      res.end(JSON.stringify({ status: healthy ? "ok" : "store unavailable", store: services.store.dialect }));
      return;
    }
    // One URL per page: /about/ answers with a permanent redirect to /about.
    if (url.pathname.length > 1 && url.pathname.endsWith("/") && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(308, { Location: url.pathname.replace(/\/+$/, "") + url.search }).end();
      return;
    }
    // A page with a query (e.g. ?sent=1 after a form) is rendered, not served as a file.
    const renderPage = url.search !== "" && !url.pathname.startsWith("/assets/");
    if (!renderPage && staticFiles?.serve(req, res, url.pathname)) return;

    // Behind a trusted proxy the URL is the one the visitor used (https, public host).
    let request = createRequest(req, res, { trustProxy });
    let bodyTooLarge = () => false;
    if (request.body) {
      const capped = capBody(request.body, MAX_BODY_BYTES);
      bodyTooLarge = capped.exceeded;
      request = new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body: capped.body,
        signal: request.signal,
        duplex: "half",
      } as RequestInit);
    }
    const keys = (await loadBuild()).entry.module as unknown as EntryExports;
    // A fresh nonce per rendered page: its inline scripts carry it, nothing else can.
    const nonce = randomBytes(18).toString("base64");
    const context = new RouterContextProvider();
    context.set(keys.servicesContext, services);
    context.set(keys.requestContext, {
      clientAddress: clientAddress(req, trustProxy),
      publicOrigin: publicOrigin(req, trustProxy),
      bodyTooLarge,
      nonce,
    });
    const response = await handleRequest(request, context);
    if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)]));
    }
    if (!req.readableEnded) drainUnreadBody(req, res);
    await sendCompressed(req, res, response);
  };
}

/**
 * React Router refuses a cross-origin form post with a bare 400 before any action runs.
 * Our actions make the same check themselves (app/forms/submit.server.ts) and answer with
 * a message the visitor can read, honouring TRUST_PROXY and ALLOWED_ORIGINS; so the
 * framework's own check is opened here. See docs/decisions/0004.
 */
export function openActionOrigins(build: ServerBuild): ServerBuild {
  return { ...build, allowedActionOrigins: ["**"] };
}

/** The prerendered pages' policies, written by the build (scripts/postbuild.ts). */
function readPolicies(buildDir: string): Record<string, string> {
  const file = join(buildDir, CSP_MANIFEST);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
}

/** Beyond this a refused upload is cut off instead of read to the end. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * The answer came before the whole body was read (an oversized upload). Browsers only
 * show an answer once they have sent everything, so read and discard the rest (up to a
 * ceiling), then close the connection, instead of resetting it mid-upload.
 */
function drainUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader("Connection", "close");
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) req.destroy();
  });
  req.resume();
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
