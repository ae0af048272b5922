/**
 * A STAND-IN for GitHub's OAuth web application flow (`github.com/login/oauth/…`), for tests
 * only. It is not GitHub: it knows one OAuth app, has no users and no API.
 *
 * Why: the server build signs editors in to /admin/ through GitHub's OAuth flow
 * (server/cms-sign-in.ts, CMS_OAUTH_HOST), and these machines have no internet. So this
 * small node:http server on loopback answers the two calls of that flow as GitHub documents
 * them ("Authorizing OAuth apps", "Troubleshooting authorization request errors",
 * "Troubleshooting OAuth app access token request errors"), and records the exchanges:
 *
 * - `GET /login/oauth/authorize?client_id&redirect_uri&scope&state`: a client id it does not
 *   know gets a 404 page, as on GitHub. A `redirect_uri`, when given, must have the
 *   registered callback URL's host and port and its path or one below it; otherwise the
 *   window goes to the registered callback with `error=redirect_uri_mismatch`. Then, by
 *   `mode`: "approve" (default; an editor who authorized the app before, whom GitHub sends
 *   straight back) redirects to the redirect URI with a `code` and the `state`; "consent"
 *   shows a page of its own with "Authorize" and "Cancel" links, as GitHub asks a first-time
 *   user (so a browser commits a document of this origin before it comes back); "deny"
 *   redirects with `error=access_denied` and the `state`, as when the user cancels.
 * - `POST /login/oauth/access_token` with `client_id`, `client_secret`, `code` and
 *   `redirect_uri` (a form body, a JSON body or the query, as GitHub takes them): a wrong id
 *   or secret is `incorrect_client_credentials`; a code it did not issue to this client,
 *   one already exchanged or older than ten minutes is `bad_verification_code`; a
 *   `redirect_uri` other than the one the code was issued for is `redirect_uri_mismatch`.
 *   Otherwise a new token, `{"access_token":"gho_…","scope":"…","token_type":"bearer"}`.
 *   JSON with `Accept: application/json`, else form-encoded (GitHub's default); errors
 *   answer 200, as GitHub's do.
 * - Any other path: 404; another method on the exchange: 405.
 *
 * Behaviours a test sets: `mode`; `exchange` = "hang" (never answers, until `stop()`),
 * `{ status, body, contentType }` (answers every exchange so), or "normal";
 * `register(app)` changes the app it knows (a rotated secret, another callback URL).
 * `exchanges` holds every exchange with its parameters and what it was answered.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const AUTHORIZE_PATH = "/login/oauth/authorize";
export const ACCESS_TOKEN_PATH = "/login/oauth/access_token";
/** GitHub's codes expire after ten minutes. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const MAX_BODY_BYTES = 64 * 1024;

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** The "Authorization callback URL" of the app's settings. */
  callbackUrl: string;
}

export interface RecordedExchange {
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parameters as GitHub reads them: the body's (form or JSON), else the query's. */
  params: Record<string, string>;
  status: number;
  /** The answer's body as sent. */
  body: string;
}

export type ExchangeBehaviour = "normal" | "hang" | { status: number; body: string; contentType?: string };

export interface GitHubOAuthStandIn {
  /** http://127.0.0.1:<port>: what CMS_OAUTH_HOST gets. */
  origin: string;
  port: number;
  /** How the authorize step answers: straight back, a consent page, or the user cancels. */
  mode: "approve" | "consent" | "deny";
  exchange: ExchangeBehaviour;
  /** Every POST to the exchange, in arrival order (not those left hanging). */
  exchanges: RecordedExchange[];
  /** Every token issued, in order. */
  tokens: string[];
  register(app: OAuthApp): void;
  /** Forgets exchanges and behaviours (mode "approve", exchange "normal"); codes issued stay valid. */
  reset(): void;
  stop(): Promise<void>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string | undefined;
  scope: string;
  issuedAt: number;
  used: boolean;
}

export async function startGitHubOAuthStandIn(app: OAuthApp): Promise<GitHubOAuthStandIn> {
  let registered = app;
  const codes = new Map<string, IssuedCode>();
  /** Sign-ins waiting on the consent page, by the id its links carry. */
  const pending = new Map<string, { redirectUri: string; state: string | null; scope: string }>();
  const exchanges: RecordedExchange[] = [];
  const tokens: string[] = [];

  const standIn: GitHubOAuthStandIn = {
    origin: "",
    port: 0,
    mode: "approve",
    exchange: "normal",
    exchanges,
    tokens,
    register(next) {
      registered = next;
    },
    reset() {
      standIn.mode = "approve";
      standIn.exchange = "normal";
      exchanges.length = 0;
    },
    stop: async () => {},
  };

  /** GitHub's redirect back: to the redirect URI (or the registered callback), with the state. */
  function sendBack(res: ServerResponse, target: string, params: Record<string, string>, state: string | null) {
    const url = new URL(target);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (state !== null) url.searchParams.set("state", state);
    res.writeHead(302, { Location: url.href, "Cache-Control": "no-store" }).end();
  }

  function approve(res: ServerResponse, redirectUri: string, state: string | null, scope: string, given: boolean) {
    const code = randomBytes(10).toString("hex");
    codes.set(code, {
      clientId: registered.clientId,
      redirectUri: given ? redirectUri : undefined,
      scope,
      issuedAt: Date.now(),
      used: false,
    });
    sendBack(res, redirectUri, { code }, state);
  }

  function authorize(res: ServerResponse, query: URLSearchParams): void {
    if (query.get("client_id") !== registered.clientId) return page(res, 404, "Not Found", "<p>No such app.</p>");
    const state = query.get("state");
    const given = query.get("redirect_uri");
    if (given !== null && !underCallback(given, registered.callbackUrl)) {
      return sendBack(
        res,
        registered.callbackUrl,
        {
          error: "redirect_uri_mismatch",
          error_description: "The redirect_uri MUST match the registered callback URL for this application.",
          error_uri:
            "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch",
        },
        state,
      );
    }
    const redirectUri = given ?? registered.callbackUrl;
    const scope = query.get("scope") ?? "";
    if (standIn.mode === "deny") return deny(res, redirectUri, state);
    if (standIn.mode === "approve") return approve(res, redirectUri, state, scope, given !== null);
    const id = randomBytes(8).toString("hex");
    pending.set(id, { redirectUri, state, scope });
    page(
      res,
      200,
      "Authorize application",
      `<h1>Authorize the content editor</h1><p>It asks for: ${escape(scope)}</p>` +
        `<p><a id="authorize" href="${AUTHORIZE_PATH}/decision?request=${id}&amp;allow=1">Authorize</a> ` +
        `<a id="cancel" href="${AUTHORIZE_PATH}/decision?request=${id}&amp;allow=0">Cancel</a></p>`,
    );
  }

  function deny(res: ServerResponse, redirectUri: string, state: string | null) {
    sendBack(
      res,
      redirectUri,
      {
        error: "access_denied",
        error_description: "The user has denied your application access.",
        error_uri:
          "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied",
      },
      state,
    );
  }

  /** The consent page's two links. */
  function decide(res: ServerResponse, query: URLSearchParams): void {
    const request = pending.get(query.get("request") ?? "");
    if (!request) return page(res, 404, "Not Found", "<p>This request has expired.</p>");
    pending.delete(query.get("request") ?? "");
    if (query.get("allow") === "1") return approve(res, request.redirectUri, request.state, request.scope, true);
    deny(res, request.redirectUri, request.state);
  }

  /** GitHub's token exchange, its checks in GitHub's order. */
  function answerExchange(params: Record<string, string>): Record<string, string> {
    if (params.client_id !== registered.clientId || params.client_secret !== registered.clientSecret)
      return {
        error: "incorrect_client_credentials",
        error_description: "The client_id and/or client_secret passed are incorrect.",
        error_uri:
          "/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials",
      };
    const issued = codes.get(params.code ?? "");
    if (
      !issued ||
      issued.used ||
      issued.clientId !== params.client_id ||
      Date.now() - issued.issuedAt > CODE_LIFETIME_MS
    )
      return {
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
        error_uri:
          "/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code",
      };
    if (issued.redirectUri !== undefined && params.redirect_uri !== issued.redirectUri)
      return {
        error: "redirect_uri_mismatch",
        error_description: "The redirect_uri MUST match the registered callback URL for this application.",
        error_uri: "/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch2",
      };
    issued.used = true;
    const token = `gho_${randomBytes(27).toString("base64url").replace(/[-_]/g, "A").slice(0, 36)}`;
    tokens.push(token);
    return { access_token: token, scope: issued.scope, token_type: "bearer" };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (req.method === "GET" && url.pathname === AUTHORIZE_PATH) return authorize(res, url.searchParams);
    if (req.method === "GET" && url.pathname === `${AUTHORIZE_PATH}/decision`) return decide(res, url.searchParams);
    if (url.pathname !== ACCESS_TOKEN_PATH) {
      req.resume();
      return page(res, 404, "Not Found", "<p>Not Found</p>");
    }
    if (req.method !== "POST") {
      req.resume();
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    const headers = headersOf(req);
    const raw = await readBody(req);
    const behaviour = standIn.exchange;
    // Left open: the connection ends when the test stops the stand-in.
    if (behaviour === "hang") return;
    const params = { ...Object.fromEntries(url.searchParams), ...paramsOf(raw, headers["content-type"] ?? "") };
    let status = 200;
    let body: string;
    let contentType: string;
    if (behaviour !== "normal") {
      ({ status, body } = behaviour);
      contentType = behaviour.contentType ?? "application/json; charset=utf-8";
    } else {
      const answer = answerExchange(params);
      const json = /\bapplication\/json\b/.test(headers.accept ?? "");
      body = json ? JSON.stringify(answer) : new URLSearchParams(answer).toString();
      contentType = json ? "application/json; charset=utf-8" : "application/x-www-form-urlencoded; charset=utf-8";
    }
    exchanges.push({ headers, params, status, body });
    res.writeHead(status, { "Content-Type": contentType, "Cache-Control": "no-store" });
    res.end(body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  standIn.port = (server.address() as AddressInfo).port;
  standIn.origin = `http://127.0.0.1:${standIn.port}`;
  standIn.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return standIn;
}

/** GitHub's rule: the same host and port as the callback URL, and its path or one below it. */
export function underCallback(redirectUri: string, callbackUrl: string): boolean {
  if (!URL.canParse(redirectUri)) return false;
  const given = new URL(redirectUri);
  const registered = new URL(callbackUrl);
  const base = registered.pathname.replace(/\/$/, "");
  return (
    given.protocol === registered.protocol &&
    given.host === registered.host &&
    (given.pathname === registered.pathname || given.pathname.startsWith(`${base}/`))
  );
}

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`,
  );
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/** A form or JSON body's string parameters; anything else has none. */
function paramsOf(raw: string, contentType: string): Record<string, string> {
  if (/^application\/x-www-form-urlencoded\b/i.test(contentType)) return Object.fromEntries(new URLSearchParams(raw));
  if (/^application\/json\b/i.test(contentType)) {
    try {
      const value = JSON.parse(raw) as unknown;
      if (typeof value !== "object" || value === null) return {};
      return Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
    } catch {
      return {};
    }
  }
  return {};
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) break;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
