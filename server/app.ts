/**
 * The request handler, the one pipeline every request passes through: security headers;
 * the health checks (server/health.ts); signed CV links; the editor's sign-in with GitHub
 * (server/cms-sign-in.ts); the methods a path allows (server/route-methods.ts);
 * static files from memory; then React Router, with the request's facts decided once
 * (server/request-facts.ts) and every route action behind the form guard
 * (server/form-guard.ts); dynamic answers compressed on the way out.
 *
 * Each request gets an id (server/request-facts.ts), echoed as `X-Request-Id` and carried
 * by every log line written while it is handled (server/log.ts); each one that is not a
 * static file or a health check gets one access line when its answer is finished, and
 * every request is counted for the metrics (server/metrics.ts).
 */

import { ADMIN_PATH, CMS_SIGN_IN_CALLBACK_PATH } from "../common/admin-page.ts";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { constants } from "node:zlib";
import { sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { MAX_CV_BYTES } from "../common/limits.ts";
import { type FormContexts, type FormServices, formContextsOf } from "../common/form-services.ts";
import { CSP_MANIFEST, contentSecurityPolicy, nonceSource } from "./csp.ts";
import { type FormGuard, guardActions } from "./form-guard.ts";
import { CACHE, setSecurityHeaders } from "./headers.ts";
import { answerHealth, isHealthPath } from "./health.ts";
import { log as processLog, type Logger, withRequestId } from "./log.ts";
import type { SiteMetrics } from "./metrics.ts";
import { randomBytesPooled } from "./random-pool.ts";
import { toFetchRequest } from "./fetch-request.ts";
import { type ProxyHeaders, type RequestFacts, requestFacts, requestIdOf } from "./request-facts.ts";
import { parseTarget, sameOriginPath, type Target } from "./request-target.ts";
import type { RenderLimit } from "./render-limit.ts";
import { readsQuery } from "../common/page-queries.ts";
import { ALWAYS_ALLOWED, type AllowedMethods, allowedMethods } from "./route-methods.ts";
import { APPLICANT_DATA_PATH, CV_LINK_PATH, type CvLinkRoute } from "./signed-links.ts";
import { type CmsSignInRoute, isCmsSignInPath } from "./cms-sign-in.ts";
import { StaticFiles } from "./static-files.ts";
import type { StoreConnection } from "./submissions/store-types.ts";

export interface AppOptions {
  /** The built site (production), or a loader of the current build (development, via Vite). */
  build: { dir: string } | { load: () => Promise<ServerBuild> };
  mode: "development" | "production" | "test";
  /** What route actions get (common/form-services.ts). */
  services: FormServices;
  /** The store the health checks ask (server/health.ts). */
  store: StoreConnection;
  /** Which forwarded headers a proxy we trust sets (TRUST_PROXY). */
  proxy: ProxyHeaders;
  /** Origin check and rate limit, put in front of every route action. */
  formGuard: FormGuard;
  /** Serves the signed CV links of `/cv/<token>` (server/signed-links.ts); without it they are 404s. */
  cvLinks?: CvLinkRoute;
  /** Editors' sign-in with GitHub under /admin/auth (server/cms-sign-in.ts); without it those paths are no pages. */
  cmsSignIn?: CmsSignInRoute;
  /** Counts requests and refused form posts; without it nothing is counted. */
  metrics?: SiteMetrics;
  /** Where the access lines and failures go; default the process's logger. */
  log?: Logger;
  /** Each client's quota of rendered pages (server/render-limit.ts); without it, none. */
  renderLimit?: RenderLimit;
}

/** The largest request body accepted: one CV plus the form's other fields and multipart framing. */
export const MAX_BODY_BYTES = MAX_CV_BYTES + 64 * 1024;

/**
 * Rendered answers compressed as they stream (prerendered files come precompressed).
 * Brotli at quality 5: near its best ratio for HTML while still fast enough per request.
 */
const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } } }) as unknown as (
  // Typed as Express middleware; Node's own request and response are all it uses.
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

interface PreparedBuild {
  build: ServerBuild;
  methods: AllowedMethods;
  keys: FormContexts;
}

/** The built app as the pipeline uses it, and what the handler was given. */
interface AppParts extends AppOptions {
  log: Logger;
  /** The current build, its form guard in front of every action (development: it changes). */
  loadBuild: () => Promise<PreparedBuild>;
  handleRequest: ReturnType<typeof createRequestHandler>;
  /** Production only: the files served from memory, and the one build's route table. */
  staticFiles: StaticFiles | null;
  routes: { methods: AllowedMethods; manifestPath: string } | null;
}

/** The build's server entry, loaded once (production) or through the given loader (development). */
async function rawBuildLoader(source: AppOptions["build"]): Promise<() => Promise<ServerBuild>> {
  if ("load" in source) return source.load;
  const built = (await import(pathToFileURL(join(source.dir, "server", "index.js")).href)) as ServerBuild;
  return async () => built;
}

export async function createApp(options: AppOptions) {
  const { build: source, mode, formGuard, log = processLog } = options;
  const loadRawBuild = await rawBuildLoader(source);
  // Each build (one in production, one per change in development) is guarded once.
  const prepared = new WeakMap<ServerBuild, PreparedBuild>();
  async function loadBuild(): Promise<PreparedBuild> {
    const raw = await loadRawBuild();
    let ready = prepared.get(raw);
    if (!ready) {
      const keys = formContextsOf(raw.entry.module);
      ready = {
        build: guardActions(raw, formGuard, (context) => context.get(keys.requestContext)),
        methods: allowedMethods(raw),
        keys,
      };
      prepared.set(raw, ready);
    }
    return ready;
  }
  // In development Vite serves the files; in production they come from memory, and the
  // one build's route table tells a page from an unknown path before React Router runs.
  const built = "dir" in source ? await loadBuild() : null;
  const parts: AppParts = {
    ...options,
    log,
    loadBuild,
    // A built site is one build: handed over as it is, React Router derives its route
    // tables once. Given a function (development), it derives them again for every request.
    handleRequest: createRequestHandler(built ? built.build : async () => (await loadBuild()).build, mode),
    staticFiles: "dir" in source ? new StaticFiles(join(source.dir, "client"), readPolicies(source.dir)) : null,
    routes: built
      ? { methods: built.methods, manifestPath: built.build.routeDiscovery?.manifestPath ?? "/__manifest" }
      : null,
  };

  /**
   * Every request: its id, then the pipeline; a failure is logged (with the id) and
   * answered 500. Nothing in here may throw past it: a fault while answering one request
   * is that request's answer, never the process's end (docs/decisions/0031). Static files
   * and health checks get no access line: they are many, cheap and tell an operator little
   * that the request counter does not.
   */
  return async function app(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const requestId = requestIdOf(req, parts.proxy);
      const method = req.method ?? "GET";
      // Most requests are prerendered pages and assets, asked for by a plain path: answered
      // here with one writeHead of headers built at start, before anything is set on the
      // response one by one, and without the URL parser (request-target.ts).
      const target = parseTarget(req.url ?? "/");
      if (typeof target === "object" && target !== null && serveStaticFile(parts, req, res, target, requestId)) {
        parts.metrics?.requestFinished(method, res.statusCode);
        return;
      }
      await answerDynamic(parts, req, res, target, requestId, method);
    } catch (error) {
      answerFailure(res, error, log);
    }
  };
}

/** What the pipeline answers: with the request's id on every log line, and one access line. */
function answerDynamic(
  parts: AppParts,
  req: IncomingMessage,
  res: ServerResponse,
  target: Target | "*" | null,
  requestId: string,
  method: string,
): Promise<void> {
  const { log, metrics } = parts;
  res.setHeader("X-Request-Id", requestId);
  const started = performance.now();
  const path = pathForLog(req.url);
  return withRequestId(requestId, async () => {
    // Set by the pipeline before it answers: "close" can come before its promise settles.
    const answer = { quiet: false };
    res.once("close", () => {
      const status = res.statusCode;
      metrics?.requestFinished(method, status);
      if (answer.quiet && status < 500) return;
      const fields = {
        method,
        path,
        status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (status >= 500) log.error(fields, "request finished");
      else log.info(fields, "request finished");
    });
    // A write the stream refuses (after its end, on a closed socket) is this answer's
    // fault: without a listener Node would make it the process's.
    res.once("error", (error) => log.error(`Answer failed: ${error.message}`));
    try {
      const url = await answerWithoutRendering(parts, req, res, target, answer);
      if (url) await render(parts, req, res, url, answer);
    } catch (error) {
      answerFailure(res, error, log);
    }
  });
}

/**
 * Files and prerendered pages, the one place they are served: a GET or HEAD not of a
 * health check, a CV link or a path with a trailing slash (the pipeline answers those).
 * A page's file answers any query the page does not read (`?utm_source=…`); route data
 * with a query, and a query a page reads (`/contact?sent=1`), are rendered. A path no
 * route but the catch-all matches gets the 'Not Found...' file with status 404
 * (docs/decisions/0033). False: the pipeline answers.
 */
function serveStaticFile(
  parts: AppParts,
  req: IncomingMessage,
  res: ServerResponse,
  target: Target,
  requestId: string,
): boolean {
  const { staticFiles, routes } = parts;
  const { pathname, search } = target;
  if (!staticFiles || !routes || (req.method !== "GET" && req.method !== "HEAD")) return false;
  if (
    search !== "" &&
    !pathname.startsWith("/assets/") &&
    (isRouteData(parts, pathname) || readsQuery(pathname, search))
  )
    return false;
  if (isHealthPath(pathname) || pathname.startsWith(CV_LINK_PATH)) return false;
  if (parts.cmsSignIn && isCmsSignInPath(pathname)) return false;
  // A trailing slash is redirected by the pipeline, and /admin to the editor's page, /admin/.
  if (pathname.length > 1 && pathname.endsWith("/") && pathname !== ADMIN_PATH) return false;
  if (pathname === ADMIN_PATH.slice(0, -1)) return false;
  if (staticFiles.serve(req, res, pathname, requestId)) return true;
  // A path that is no page: only the catch-all route matches it, and it is not one of React
  // Router's own URLs. (A case study that does not exist matches its route, which answers
  // the 404 in its own layout: that is rendered.)
  const unknownPage = decodable(pathname) && !isRouteData(parts, pathname) && routes.methods(pathname) === null;
  return unknownPage && staticFiles.serveNotFound(req, res, requestId);
}

/** React Router's own URLs: a route's data, the route manifest its browser side asks for. */
function isRouteData(parts: AppParts, pathname: string): boolean {
  return pathname.endsWith(".data") || pathname === parts.routes?.manifestPath;
}

/**
 * Everything answered before React Router: security headers, a target that is no path,
 * the health checks, the CV links, the editor's sign-in, methods a path does not take, the
 * trailing-slash redirect. Returns the target when the page is still to be rendered, null
 * when answered.
 */
async function answerWithoutRendering(
  parts: AppParts,
  req: IncomingMessage,
  res: ServerResponse,
  target: Target | "*" | null,
  answer: { quiet: boolean },
): Promise<Target | null> {
  setSecurityHeaders((name, value) => res.setHeader(name, value));
  const method = req.method ?? "GET";
  // A client's mistakes are answered quietly: they are not errors of ours.
  if (target === "*" && method === "OPTIONS") {
    answer.quiet = true;
    answerAllow(req, res, 204, [...ALWAYS_ALLOWED, "POST"]);
    return null;
  }
  if (target === "*" || target === null || !decodable(target.pathname)) {
    answer.quiet = true;
    badRequest(req, res);
    return null;
  }
  // From here on every part of the pipeline sees the target as a path and query, also
  // when the client sent the absolute form.
  req.url = target.pathname + target.search;
  const url = target;

  if (isHealthPath(url.pathname)) {
    answer.quiet = true;
    if (method !== "GET" && method !== "HEAD") answerAllow(req, res, method === "OPTIONS" ? 204 : 405, ALWAYS_ALLOWED);
    else await answerHealth(url.pathname, parts.store, res);
    return null;
  }
  // The CV links in EmailJS mail (docs/decisions/0007): answered here, never by a page.
  if (parts.cvLinks && url.pathname.startsWith(CV_LINK_PATH)) {
    await parts.cvLinks(req, res, url.pathname);
    return null;
  }
  // Editors' sign-in with GitHub (docs/decisions/0052): GET and HEAD, answered here.
  if (parts.cmsSignIn && isCmsSignInPath(url.pathname)) {
    await answerSignIn(parts, req, res, url, answer);
    return null;
  }
  // GET and HEAD go everywhere; anything else only where a route takes it (a form's POST).
  // Where React Router must place the path (`null`), a POST goes on to it.
  if (method !== "GET" && method !== "HEAD") {
    const allowed = (await parts.loadBuild()).methods(url.pathname);
    const refused = allowed ? !allowed.includes(method) : method !== "POST";
    if (method === "OPTIONS" || refused) {
      answerAllow(req, res, method === "OPTIONS" ? 204 : 405, allowed ?? ALWAYS_ALLOWED);
      return null;
    }
  }
  // The editor's page lives at /admin/, with the slash: its own addresses resolve under it.
  if (url.pathname === ADMIN_PATH.slice(0, -1) && (method === "GET" || method === "HEAD")) {
    res.writeHead(308, { Location: ADMIN_PATH + url.search }).end();
    return null;
  }
  // One URL per page: /about/ answers with a permanent redirect to /about, always to a
  // path on this site (`//evil.example//` is not a way to send a visitor elsewhere).
  if (
    url.pathname.length > 1 &&
    url.pathname.endsWith("/") &&
    url.pathname !== ADMIN_PATH &&
    (method === "GET" || method === "HEAD")
  ) {
    res.writeHead(308, { Location: sameOriginPath(url.pathname.replace(/\/+$/, "")) + url.search }).end();
    return null;
  }
  return url;
}

/** A page or a form's answer from React Router, with the request's facts decided once. */
async function render(
  parts: AppParts,
  req: IncomingMessage,
  res: ServerResponse,
  url: Target,
  answer: { quiet: boolean },
): Promise<void> {
  const method = req.method ?? "GET";
  // Who is asking and at which public URL, decided once: the URL React Router sees and
  // the facts the form guard and the actions read agree.
  const facts = factsOrBadRequest(parts, req, res, answer);
  if (!facts) return;
  // An Origin that is not a URL comes from no browser. React Router would answer it with
  // a bare 400 and log a stack; as a URL whose origin is opaque (`about:invalid`), it
  // passes React Router's check and the form guard refuses it with the form's own message
  // (or the rate limit's, for a client over it), without falling back to the Referer.
  if (method === "POST" && req.headers.origin !== undefined && !isOriginValue(req.headers.origin))
    req.headers.origin = "about:invalid";
  // A page rendered rather than served from a file: the one thing a flood of requests can
  // make this process spend its CPU on, so each client has a quota.
  if ((method === "GET" || method === "HEAD") && !isRouteData(parts, url.pathname)) {
    if (await overRenderQuota(parts, facts.clientAddress, res, answer)) return;
  }
  const fetchRequest = await toFetchRequest(req, res, facts, MAX_BODY_BYTES);
  // The client left before its form's body arrived: no one is waiting for an answer.
  if (!fetchRequest) return;
  const { request, bodyTooLarge, bodyArrived } = fetchRequest;
  const { keys } = await parts.loadBuild();
  // A fresh nonce per rendered page: its inline scripts carry it, nothing else can.
  const nonce = randomBytesPooled(18).toString("base64");
  const context = new RouterContextProvider();
  context.set(keys.servicesContext, parts.services);
  context.set(keys.requestContext, {
    clientAddress: facts.clientAddress,
    publicOrigin: facts.publicOrigin,
    bodyTooLarge,
    bodyArrived,
    nonce,
  });
  const response = await parts.handleRequest(request, context);
  // React Router's own 405: a POST to a route without an action.
  if (response.status === 405 && !response.headers.has("Allow"))
    response.headers.set("Allow", ALWAYS_ALLOWED.join(", "));
  if ((response.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    res.setHeader("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)]));
  }
  if (!response.headers.has("Cache-Control")) {
    res.setHeader("Cache-Control", response.ok ? CACHE.revalidate : CACHE.none);
  }
  if (!req.readableEnded) drainUnreadBody(req, res);
  // The forms' posts; the applicant's erasure button is not a submission.
  if (method === "POST" && !url.pathname.startsWith(APPLICANT_DATA_PATH))
    parts.metrics?.formPostAnswered(response.status);
  // A form's answer to its page's script is a few hundred bytes: not worth compressing.
  if (method !== "POST" || (response.headers.get("Content-Type") ?? "").startsWith("text/html"))
    compress(req, res, () => {});
  await sendResponse(res, response);
}

/**
 * The sign-in's start, callback and script (server/cms-sign-in.ts), with the request's
 * facts: the callback's public address and whether its cookie is Secure. A callback costs
 * a call to GitHub, so it counts against the client's quota of rendered pages.
 */
async function answerSignIn(
  parts: AppParts,
  req: IncomingMessage,
  res: ServerResponse,
  url: Target,
  answer: { quiet: boolean },
): Promise<void> {
  const method = req.method ?? "GET";
  if (method !== "GET" && method !== "HEAD") {
    answer.quiet = true;
    answerAllow(req, res, method === "OPTIONS" ? 204 : 405, ALWAYS_ALLOWED);
    return;
  }
  const facts = factsOrBadRequest(parts, req, res, answer);
  if (!facts) return;
  if (url.pathname === CMS_SIGN_IN_CALLBACK_PATH && (await overRenderQuota(parts, facts.clientAddress, res, answer)))
    return;
  await parts.cmsSignIn?.(req, res, url, facts);
}

/** The request's facts; null for a Host that is not a host (no URL can be made), answered with 400. */
function factsOrBadRequest(
  parts: AppParts,
  req: IncomingMessage,
  res: ServerResponse,
  answer: { quiet: boolean },
): RequestFacts | null {
  const facts = requestFacts(req, parts.proxy);
  if (!facts) {
    answer.quiet = true;
    badRequest(req, res);
  }
  return facts;
}

/** True when the client has used up its rendered pages for the minute: then it got a plain 429. */
async function overRenderQuota(
  parts: AppParts,
  clientAddress: string,
  res: ServerResponse,
  answer: { quiet: boolean },
): Promise<boolean> {
  const retryAfter = parts.renderLimit ? await parts.renderLimit.admit(clientAddress) : null;
  if (retryAfter === null) return false;
  answer.quiet = true;
  res.writeHead(429, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": CACHE.none,
    "Retry-After": String(retryAfter),
  });
  res.end("Too many requests: please wait a minute and try again.");
  return true;
}

/** Paths whose rest is a signed token: whoever reads it in a log could open the CV or the applicant's data. */
const TOKEN_PATHS = [CV_LINK_PATH, APPLICANT_DATA_PATH];

/**
 * The path for the access line: no query string (a page's query is the visitor's), no
 * signed link's token, and cut short: a client chooses its length.
 */
function pathForLog(rawUrl: string | undefined): string {
  const path = (rawUrl ?? "/").split("?")[0] ?? "/";
  const tokenPath = TOKEN_PATHS.find((prefix) => path.startsWith(prefix));
  if (tokenPath) return `${tokenPath}…`;
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** A path whose percent-escapes decode (`/%zz` does not): React Router could not match it. */
function decodable(pathname: string): boolean {
  if (!pathname.includes("%")) return true;
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** An Origin header's value as browsers send it: `null`, or a URL (its origin). */
function isOriginValue(value: string): boolean {
  if (value === "null") return true;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A bodiless answer naming the methods a path allows: 204 to OPTIONS, 405 to the rest. */
function answerAllow(req: IncomingMessage, res: ServerResponse, status: 204 | 405, allowed: readonly string[]): void {
  drainUnreadBody(req, res);
  res.writeHead(status, { Allow: allowed.join(", "), "Cache-Control": CACHE.none }).end();
}

/** A request no URL can be made of (its target or its Host): 400, and the connection closed. */
function badRequest(req: IncomingMessage, res: ServerResponse): void {
  drainUnreadBody(req, res);
  res.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": 11,
    "Cache-Control": CACHE.none,
  });
  res.end("Bad Request");
}

/**
 * The last word on a request whose handling failed: logged once, answered 500 if nothing
 * was sent yet, else cut off. It must not throw itself: its caller is the request's end.
 */
function answerFailure(res: ServerResponse, error: unknown, log: Logger): void {
  try {
    log.error({ err: error }, `Request failed: ${error instanceof Error ? error.message : String(error)}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE.none });
    res.end("Unexpected Application Error!");
  } catch {
    res.destroy();
  }
}

/** The prerendered pages' policies, written by the build (scripts/build/postbuild.ts). */
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
