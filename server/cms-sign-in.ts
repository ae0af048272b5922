/**
 * Signing in to the browser editor with a GitHub account, in the server build
 * (docs/decisions/0052): the server's two steps of GitHub's OAuth web application flow, for
 * the sign-in window that Sveltia CMS opens (its "server-side" flow, the one Netlify and
 * Decap CMS use).
 *
 * 1. `GET /admin/auth?provider=github&scope=…` keeps a random `state` in a short-lived
 *    cookie that only the callback receives, and sends the window on to GitHub's
 *    `/login/oauth/authorize`.
 * 2. GitHub sends it back to `GET /admin/auth/callback?code=…&state=…`. The state is held
 *    to the cookie, the code exchanged for a token by a POST to GitHub's
 *    `/login/oauth/access_token` carrying the client secret (which never leaves this
 *    process), and the window gets a page that hands the outcome to the editor's window:
 *    it posts `authorizing:github` to the window that opened it, waits for the editor's
 *    echo, then posts `authorization:github:success:{"token":…}` (or `…:error:{"error":…}`).
 *
 * Every failure is such an error message, worded for an editor, and a log line for the
 * operator; never a crash. The page runs no inline script: its one script is a file
 * (CMS_SIGN_IN_SCRIPT_PATH) and the outcome is data in the page.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { CMS_SIGN_IN_CALLBACK_PATH, CMS_SIGN_IN_PATHS, CMS_SIGN_IN_SCRIPT_PATH } from "../common/admin-page.ts";
import type { Logger } from "./log.ts";
import { PLAIN_PAGE_STYLE_SOURCE, sendPlainPage } from "./plain-page.ts";
import type { RequestFacts } from "./request-facts.ts";
import { escapeHtml } from "./visitor-text.ts";

export interface CmsSignInOptions {
  /** The company's GitHub OAuth app; without it every sign-in says it is not set up here. */
  client?: { id: string; secret: string };
  /** Where GitHub's OAuth pages and token exchange are: https://github.com (tests: a stand-in). */
  oauthHost: string;
  /** The longest the token exchange may take, answer included. */
  exchangeTimeoutMs: number;
  log: Logger;
}

/** Answers a GET or HEAD of one of CMS_SIGN_IN_PATHS; the pipeline has decided the request's facts. */
export type CmsSignInRoute = (
  req: IncomingMessage,
  res: ServerResponse,
  target: { pathname: string; search: string },
  facts: RequestFacts,
) => Promise<void>;

const SIGN_IN_PATHS = new Set(CMS_SIGN_IN_PATHS);

export function isCmsSignInPath(pathname: string): boolean {
  return SIGN_IN_PATHS.has(pathname);
}

/** The one backend the editor is configured with; its name is part of every message. */
const PROVIDER = "github";
/** What the editor asks for: `repo,user`, or `public_repo,user`; nothing else is passed on to GitHub. */
const GRANTABLE_SCOPES = new Set(["repo", "public_repo", "user", "read:user", "user:email"]);
const DEFAULT_SCOPE = "repo,user";
/** The state's cookie: sent back only to the callback, gone after ten minutes (GitHub's codes last as long). */
const STATE_COOKIE = "cms_sign_in_state";
const STATE_MAX_AGE_SECONDS = 600;
/** 32 random bytes, base64url. */
const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** GitHub's codes are 20 hex digits today; room for a longer format, never a megabyte in a POST. */
const CODE_PATTERN = /^[\x21-\x7e]{1,512}$/;
/** A token as the editor will send it in a header: printable ASCII. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,1024}$/;
/** GitHub's answer to the exchange is a few hundred bytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** What went wrong, as the editor reads it in the editor's sign-in screen and the window. */
interface Failure {
  status: number;
  /** Machine-readable; not one of the codes the editor translates, so it shows `message`. */
  code: string;
  message: string;
}

const AGAIN = "Close this window and press “Sign In with GitHub” in the content editor again.";
const LATER =
  "Try again in a few minutes. If it keeps happening, sign in with an access token and tell whoever runs the website.";
const ASK_SETUP =
  "Ask whoever runs the website to check its GitHub sign-in settings; until then, sign in with an access token.";

const FAILURES = {
  notSetUp: {
    status: 404,
    code: "not-set-up",
    message:
      "Signing in with GitHub is not set up on this website. Close this window and choose “Sign In Using Access Token” instead.",
  },
  wrongProvider: {
    status: 400,
    code: "wrong-provider",
    message: `This website signs editors in with GitHub only. ${AGAIN}`,
  },
  wrongScope: {
    status: 400,
    code: "wrong-scope",
    message: `The sign-in asked GitHub for permissions this website does not ask for. ${AGAIN}`,
  },
  noState: {
    status: 400,
    code: "sign-in-expired",
    message: `This sign-in took longer than ten minutes, or was started in another browser. ${AGAIN}`,
  },
  stateMismatch: {
    status: 400,
    code: "state-mismatch",
    message: `This sign-in is not the one this browser started, so it was stopped to keep your account safe. ${AGAIN}`,
  },
  noCode: {
    status: 400,
    code: "no-code",
    message: `GitHub sent this window back without a sign-in code. ${AGAIN}`,
  },
  denied: {
    status: 403,
    code: "denied",
    message:
      "You did not allow the content editor to use your GitHub account, so you are not signed in. To sign in, press “Sign In with GitHub” again and choose “Authorize”.",
  },
  codeUsed: {
    status: 400,
    code: "code-expired",
    message: `The sign-in code from GitHub had expired or was already used. ${AGAIN}`,
  },
  unverifiedEmail: {
    status: 403,
    code: "unverified-email",
    message:
      "GitHub will not sign in an account whose main e-mail address is not verified. Verify it in your GitHub settings (Emails), then press “Sign In with GitHub” again.",
  },
  refusedSetup: {
    status: 502,
    code: "github-refused-setup",
    message: `GitHub did not accept this website's sign-in settings. ${ASK_SETUP}`,
  },
  badAnswer: {
    status: 502,
    code: "github-bad-answer",
    message: `GitHub answered in a way the website did not understand. ${LATER}`,
  },
  unreachable: {
    status: 502,
    code: "github-unreachable",
    message: `The website could not reach GitHub to finish signing you in. ${LATER}`,
  },
  timeout: {
    status: 504,
    code: "github-timeout",
    message: `GitHub took too long to answer, so signing in was stopped. ${LATER}`,
  },
} as const satisfies Record<string, Failure>;

/** GitHub's errors in the exchange (its "troubleshooting OAuth app access token request errors"). */
const EXCHANGE_ERRORS: Record<string, Failure> = {
  bad_verification_code: FAILURES.codeUsed,
  incorrect_client_credentials: FAILURES.refusedSetup,
  redirect_uri_mismatch: FAILURES.refusedSetup,
  unverified_user_email: FAILURES.unverifiedEmail,
};

/** GitHub's errors on the way back from its sign-in page ("troubleshooting authorization request errors"). */
const AUTHORIZE_ERRORS: Record<string, Failure> = {
  access_denied: FAILURES.denied,
  redirect_uri_mismatch: FAILURES.refusedSetup,
  application_suspended: FAILURES.refusedSetup,
};

export function cmsSignInRoute(options: CmsSignInOptions): CmsSignInRoute {
  const { client, log } = options;
  if (!client)
    log.info(
      "Editor sign-in with GitHub is off: CMS_OAUTH_CLIENT_ID and CMS_OAUTH_CLIENT_SECRET are not set; editors sign in with access tokens.",
    );
  /** A failure, logged once for the operator (GitHub's own words in fields), for the editor's page. */
  const fail: Fail = (failure, level, why, fields = {}) => {
    log[level]({ signIn: failure.code, ...fields }, `Editor sign-in failed: ${why}`);
    return failure;
  };
  return async (req, res, { pathname, search }, facts) => {
    if (pathname === CMS_SIGN_IN_SCRIPT_PATH) return sendScript(req, res);
    const query = new URLSearchParams(search);
    if (!client) return sendPage(req, res, fail(FAILURES.notSetUp, "info", "not set up"));
    if (pathname !== CMS_SIGN_IN_CALLBACK_PATH) return start(req, res, query, facts, { ...options, client }, fail);
    const outcome = await finish(req, query, facts, { ...options, client }, fail);
    // Whatever the outcome, the state has had its one use.
    sendPage(req, res, outcome, stateCookie("", { secure: facts.protocol === "https:", maxAge: 0 }));
  };
}

type Fail = (failure: Failure, level: "info" | "warn" | "error", why: string, fields?: object) => Failure;
type WithClient = CmsSignInOptions & { client: { id: string; secret: string } };

/** Step 1: the state in its cookie, and the window sent to GitHub. */
function start(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  facts: RequestFacts,
  { client, oauthHost }: WithClient,
  fail: Fail,
): void {
  if (single(query, "provider") !== PROVIDER)
    return sendPage(req, res, fail(FAILURES.wrongProvider, "info", "the editor asked for another provider"));
  const scope = grantableScope(query.getAll("scope"));
  if (!scope) return sendPage(req, res, fail(FAILURES.wrongScope, "info", "the editor asked for other scopes"));
  const state = randomBytes(32).toString("base64url");
  const authorize = new URL("/login/oauth/authorize", oauthHost);
  authorize.search = new URLSearchParams({
    client_id: client.id,
    redirect_uri: callbackUrl(facts),
    scope,
    state,
  }).toString();
  res.writeHead(302, {
    Location: authorize.href,
    "Set-Cookie": stateCookie(state, { secure: facts.protocol === "https:", maxAge: STATE_MAX_AGE_SECONDS }),
    ...WINDOW_HEADERS,
    "Content-Length": "0",
  });
  res.end();
}

/** Step 2: the state checked, the code exchanged; the outcome as the editor's message. */
async function finish(
  req: IncomingMessage,
  query: URLSearchParams,
  facts: RequestFacts,
  options: WithClient,
  fail: Fail,
): Promise<{ token: string } | Failure> {
  const kept = cookieValues(req.headers.cookie, STATE_COOKIE);
  if (kept.length === 0) return fail(FAILURES.noState, "info", "no state cookie (expired, or another browser)");
  const state = single(query, "state");
  if (kept.length > 1 || !state || !sameState(kept[0] ?? "", state))
    return fail(FAILURES.stateMismatch, "warn", "the state does not match the cookie's");
  // GitHub's own refusals come back with the state: believed only for a sign-in this browser began.
  const error = single(query, "error");
  if (error !== undefined) {
    const failure = AUTHORIZE_ERRORS[error] ?? FAILURES.badAnswer;
    return fail(failure, failure === FAILURES.denied ? "info" : "error", "GitHub refused the sign-in", {
      githubError: printable(error),
      githubDescription: printable(single(query, "error_description") ?? ""),
    });
  }
  const code = single(query, "code");
  if (!code || !CODE_PATTERN.test(code)) return fail(FAILURES.noCode, "info", "no code from GitHub");
  return exchange(code, callbackUrl(facts), options, fail);
}

/**
 * The code for a token: a POST to GitHub with the client secret, within the deadline. A
 * failure is GitHub's refusal, an answer that is not one, no connection or no answer in time.
 */
async function exchange(
  code: string,
  redirectUri: string,
  { client, oauthHost, exchangeTimeoutMs }: WithClient,
  fail: Fail,
): Promise<{ token: string } | Failure> {
  let status: number;
  let text: string;
  try {
    // One deadline for the connection, GitHub's answer and its body.
    const signal = AbortSignal.timeout(exchangeTimeoutMs);
    const response = await fetch(new URL("/login/oauth/access_token", oauthHost), {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        client_id: client.id,
        client_secret: client.secret,
        code,
        redirect_uri: redirectUri,
      }).toString(),
      redirect: "error",
      signal,
    });
    status = response.status;
    text = await readCapped(response, MAX_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") {
      const why = `GitHub did not answer the token exchange within ${exchangeTimeoutMs} ms`;
      return fail(FAILURES.timeout, "error", why, { oauthHost });
    }
    const why = `GitHub could not be reached for the token exchange (${reasonOf(error)})`;
    return fail(FAILURES.unreachable, "error", why, { oauthHost });
  }
  const answer = parseJsonObject(text);
  if (status === 200 && typeof answer?.access_token === "string" && TOKEN_PATTERN.test(answer.access_token))
    return { token: answer.access_token };
  if (status === 200 && typeof answer?.error === "string") {
    const failure = EXCHANGE_ERRORS[answer.error] ?? FAILURES.badAnswer;
    const editorsOwn = failure === FAILURES.codeUsed || failure === FAILURES.unverifiedEmail;
    return fail(failure, editorsOwn ? "info" : "error", "GitHub refused the token exchange", {
      githubError: printable(answer.error),
      githubDescription: printable(typeof answer.error_description === "string" ? answer.error_description : ""),
    });
  }
  const why = `GitHub's answer to the token exchange was not a token (HTTP ${status})`;
  return fail(FAILURES.badAnswer, "error", why, { oauthHost });
}

// ── The pages the window gets ─────────────────────────────────────────────────────────

/**
 * Every answer to the window. Its opener policy keeps the editor's window its opener: the
 * window comes back here from GitHub's page, and a policy other than `unsafe-none` (the
 * site's `same-origin`, or even the editor's `same-origin-allow-popups`) would put it in
 * a browsing context group of its own, without `window.opener` (decision 0052).
 */
const WINDOW_HEADERS = {
  "Cross-Origin-Opener-Policy": "unsafe-none",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  // The callback's address holds GitHub's one-time code: never sent on as a Referer.
  "Referrer-Policy": "no-referrer",
} as const;

/** The page's one script is the file; its outcome is a data block, which no policy runs. */
const PAGE_POLICY = `default-src 'none'; script-src 'self'; style-src ${PLAIN_PAGE_STYLE_SOURCE}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** The outcome as the editor expects it from the window: `authorization:github:<success|error>:<JSON>`. */
function signInMessage(outcome: { token: string } | Failure): string {
  if ("token" in outcome)
    return `authorization:${PROVIDER}:success:${JSON.stringify({ token: outcome.token, provider: PROVIDER })}`;
  return `authorization:${PROVIDER}:error:${JSON.stringify({ error: outcome.message, errorCode: outcome.code, provider: PROVIDER })}`;
}

function sendPage(req: IncomingMessage, res: ServerResponse, outcome: { token: string } | Failure, cookie?: string) {
  const signedIn = "token" in outcome;
  const text = signedIn
    ? "You are signed in to the content editor. This window closes by itself; if it stays open, close it and go back to the editor."
    : outcome.message;
  const page = {
    title: signedIn ? "Signed in" : "Not signed in",
    headHtml: `<script type="application/json" id="sign-in-result">${jsonInHtml(signInMessage(outcome))}</script>\n`,
    bodyHtml: `<p id="sign-in-status">${escapeHtml(text)}</p>`,
    endHtml: `<script src="${CMS_SIGN_IN_SCRIPT_PATH}"></script>\n`,
  };
  sendPlainPage(req, res, signedIn ? 200 : outcome.status, page, {
    "Content-Security-Policy": PAGE_POLICY,
    ...WINDOW_HEADERS,
    ...(cookie ? { "Set-Cookie": cookie } : {}),
  });
}

/**
 * Runs in the sign-in window (served as CMS_SIGN_IN_SCRIPT_PATH, never inline): hands the
 * outcome the page carries to the editor by the editor's handshake, then leaves closing the
 * window to the editor. Only a window of this origin that opened this one gets it: the
 * first message may reach only this origin, and the outcome goes only to an echo from the
 * opener at this origin. Sent as its own source text, so it uses nothing outside itself,
 * and has no type annotations: the file a browser gets reads as this one does.
 */
function signInWindow() {
  const status = document.getElementById("sign-in-status");
  const data = document.getElementById("sign-in-result");
  // The address holds GitHub's one-time code: keep it out of the window's history.
  history.replaceState(null, "", location.pathname);
  const opener = window.opener;
  if (!data || !opener) {
    if (status && /:success:/.test(data?.textContent ?? ""))
      status.textContent =
        "This window has lost the content editor that opened it. Close it, open the editor again and press “Sign In with GitHub”.";
    return;
  }
  const outcome = JSON.parse(data.textContent ?? '""');
  const handshake = "authorizing:github";
  window.addEventListener("message", function answer(event) {
    if (event.source !== opener || event.origin !== location.origin || event.data !== handshake) return;
    window.removeEventListener("message", answer);
    opener.postMessage(outcome, event.origin);
  });
  opener.postMessage(handshake, location.origin);
}

const SCRIPT = Buffer.from(`"use strict";\n(${signInWindow.toString()})();\n`, "utf8");

function sendScript(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    "Content-Type": "text/javascript; charset=utf-8",
    "Content-Length": String(SCRIPT.length),
    "Cache-Control": "no-cache",
    "X-Robots-Tag": "noindex",
  });
  res.end(req.method === "HEAD" ? undefined : SCRIPT);
}

// ── Small pieces ──────────────────────────────────────────────────────────────────────

/** Where GitHub sends the window back: this site's public origin, as the request's facts say. */
function callbackUrl(facts: RequestFacts): string {
  return `${facts.publicOrigin}${CMS_SIGN_IN_CALLBACK_PATH}`;
}

function stateCookie(value: string, { secure, maxAge }: { secure: boolean; maxAge: number }): string {
  return [
    `${STATE_COOKIE}=${value}`,
    `Path=${CMS_SIGN_IN_CALLBACK_PATH}`,
    `Max-Age=${maxAge}`,
    "HttpOnly",
    // Sent with GitHub's redirect back (a top-level GET), never with another site's request.
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** A parameter given exactly once; undefined when missing or repeated (`state=a&state=b`). */
function single(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

/** The scope asked for, if each of its parts is one the editor needs; none asked: `repo,user`. */
function grantableScope(asked: string[]): string | undefined {
  if (asked.length === 0) return DEFAULT_SCOPE;
  if (asked.length > 1 || asked[0] === undefined) return undefined;
  const parts = asked[0].split(/[ ,]+/).filter(Boolean);
  if (parts.length === 0 || !parts.every((part) => GRANTABLE_SCOPES.has(part))) return undefined;
  return parts.join(",");
}

/** Every value of one cookie in a Cookie header (a browser may send a name twice, from two paths). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header.split(";").flatMap((pair) => {
    const eq = pair.indexOf("=");
    return eq > 0 && pair.slice(0, eq).trim() === name ? [pair.slice(eq + 1).trim()] : [];
  });
}

/** The state kept against the state returned, in constant time; both must look like one we made. */
function sameState(kept: string, returned: string): boolean {
  if (!STATE_PATTERN.test(kept) || !STATE_PATTERN.test(returned)) return false;
  return timingSafeEqual(Buffer.from(kept), Buffer.from(returned));
}

/** At most `limit` bytes of the body as text; more is an answer we do not read. */
async function readCapped(response: Response, limit: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return "";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Why a fetch failed, from its cause (ECONNREFUSED, ENOTFOUND, a TLS error). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return printable(cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
}

/** Text from elsewhere made safe for one log field: printable, at most 200 characters. */
function printable(value: string): string {
  const clean = value.replace(/[^\x20-\x7e]/g, "?");
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** A JSON value inside <script type="application/json">: nothing in it can end the element or start markup. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
