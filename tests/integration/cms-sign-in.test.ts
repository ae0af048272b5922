/**
 * Editors' "Sign In with GitHub" in the server build (server/cms-sign-in.ts,
 * docs/decisions/0052), against the built server and a stand-in of GitHub's OAuth endpoints
 * on loopback (tests/support/stand-ins/github-oauth.ts), over HTTP: the start's redirect and
 * its cookie, the callback's exchange as GitHub documents it, and every way a sign-in can
 * fail answered as a message the editor can act on, logged, and survived. Raw hostile
 * requests to the three paths. Then in Chromium, the window handshake the editor expects,
 * through the editor's real page and its real button, with the opener kept on the way back
 * from another origin's page. The client secret is in no built file, no answer, no log line.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { closedPort } from "../support/mail-smtp.ts";
import { type RunningNginx, startNginxFront } from "../support/nginx.ts";
import { sendRawRequest } from "../support/raw-http.ts";
import { rawRequest } from "../support/request-fuzz.ts";
import { BUILD_DIR, ROOT, type Site, startSites } from "../support/site-server.ts";
import { AUTHORIZE_PATH, type GitHubOAuthStandIn, startGitHubOAuthStandIn } from "../support/stand-ins/github-oauth.ts";
import { logRecords } from "./helpers/log-lines.ts";
import { stackTraceIn, until } from "./helpers/http.ts";

const CLIENT_ID = "Ov23liBlueberryTest0";
/** Distinctive, so that finding it anywhere it must not be is unambiguous. */
const CLIENT_SECRET = `cmssecret${randomBytes(16).toString("hex")}`;
const START = "/admin/auth";
const CALLBACK = "/admin/auth/callback";
const SCRIPT = "/admin/auth/sign-in.js";
const SVELTIA_QUERY = "provider=github&site_id=127.0.0.1&scope=repo%2Cuser";

let standIn: GitHubOAuthStandIn;
/** CMS_OAUTH_* pointing at the stand-in, behind a "trusted proxy" (TRUST_PROXY=true), a 1 s deadline, no render quota. */
let site: Site;
/** No CMS_OAUTH_* at all, and a small quota of rendered pages. */
let unset: Site;
/** CMS_OAUTH_HOST on a port nothing listens on. */
let unreachable: Site;
/** Every answer a test read, headers and body, for the secret's check at the end. */
const seen: string[] = [];

beforeAll(async () => {
  standIn = await startGitHubOAuthStandIn({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: "http://x/",
  });
  const oauth = { CMS_OAUTH_CLIENT_ID: CLIENT_ID, CMS_OAUTH_CLIENT_SECRET: CLIENT_SECRET };
  [site, unset, unreachable] = (await startSites([
    {
      env: {
        ...oauth,
        CMS_OAUTH_HOST: standIn.origin,
        CMS_OAUTH_TIMEOUT_SECONDS: "1",
        TRUST_PROXY: "true",
        RATE_LIMIT_RENDERS_PER_MINUTE: "0",
      },
    },
    { env: { RATE_LIMIT_RENDERS_PER_MINUTE: "3" } },
    { env: { ...oauth, CMS_OAUTH_HOST: `http://127.0.0.1:${await closedPort()}` } },
  ])) as [Site, Site, Site];
  standIn.register({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, callbackUrl: `${site.origin}${CALLBACK}` });
});

afterAll(async () => {
  await Promise.all([site?.stop(), unset?.stop(), unreachable?.stop()]);
  await standIn?.stop();
});

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, { redirect: "manual", headers });
  const answer = { status: res.status, headers: res.headers, body: await res.text() };
  seen.push(`${[...res.headers].map(([n, v]) => `${n}: ${v}`).join("\n")}\n\n${answer.body}`);
  return answer;
}

/** Step 1 as the editor's window takes it: the redirect, its cookie and its state. */
async function begin(on: { origin: string } = site, query = SVELTIA_QUERY, headers: Record<string, string> = {}) {
  const answer = await get(`${on.origin}${START}?${query}`, headers);
  const location = answer.headers.get("location") ?? "";
  const setCookie = answer.headers.get("set-cookie") ?? "";
  return {
    answer,
    location,
    setCookie,
    cookie: setCookie.split(";")[0] ?? "",
    state: location ? (new URL(location).searchParams.get("state") ?? "") : "",
  };
}

/** GitHub's side: the authorize URL answered (the stand-in's mode decides how); where it sends the window. */
async function atGitHub(location: string): Promise<URL> {
  const answer = await fetch(location, { redirect: "manual" });
  return new URL(answer.headers.get("location") ?? "");
}

/** The message the callback's page hands to the editor, and its parts. */
function messageIn(html: string) {
  const data = /<script type="application\/json" id="sign-in-result">([^<]*)<\/script>/.exec(html)?.[1];
  if (data === undefined) throw new Error(`no outcome in the page:\n${html}`);
  const message = JSON.parse(data) as string;
  const [, kind, json] = /^authorization:github:(success|error):(.+)$/.exec(message) ?? [];
  return { message, kind, result: JSON.parse(json ?? "null") as Record<string, string> };
}

/** A whole sign-in over HTTP; `tamper` changes the callback's URL or cookie first. */
async function signIn(tamper: (url: URL, cookie: string) => [URL, string] = (url, cookie) => [url, cookie]) {
  const started = await begin();
  const [url, cookie] = tamper(await atGitHub(started.location), started.cookie);
  const answer = await get(url.href, cookie ? { Cookie: cookie } : {});
  return { ...answer, ...messageIn(answer.body) };
}

function logLinesOf(on: Site) {
  return logRecords(`${on.stdout()}\n${on.stderr()}`);
}

describe("starting a sign-in at /admin/auth", () => {
  it("sends the window to GitHub's authorize page with the app's client id, this site's callback, the editor's scope and a fresh state, kept in a ten-minute HttpOnly cookie only the callback gets", async () => {
    const first = await begin();
    expect(first.answer.status).toBe(302);
    const url = new URL(first.location);
    expect(url.origin + url.pathname).toBe(`${standIn.origin}${AUTHORIZE_PATH}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: `${site.origin}${CALLBACK}`,
      scope: "repo,user",
      state: first.state,
    });
    expect(first.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.setCookie).toBe(
      `cms_sign_in_state=${first.state}; Path=${CALLBACK}; Max-Age=600; HttpOnly; SameSite=Lax`,
    );
    // The window keeps its opener (decision 0052), and nothing keeps this answer.
    expect(first.answer.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(first.answer.headers.get("cache-control")).toBe("no-store");
    expect((await begin()).state).not.toBe(first.state);
  });

  it("behind a trusted proxy on https, names the public https callback and makes the cookie Secure", async () => {
    const started = await begin(site, SVELTIA_QUERY, {
      "X-Forwarded-Proto": "https",
      "X-Forwarded-Host": "www.example.com",
    });
    expect(new URL(started.location).searchParams.get("redirect_uri")).toBe(`https://www.example.com${CALLBACK}`);
    expect(started.setCookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("asks GitHub for the open-authoring scope (public_repo,user) when the editor does, and repo,user when it names none", async () => {
    const open = await begin(site, "provider=github&scope=public_repo%2Cuser");
    expect(new URL(open.location).searchParams.get("scope")).toBe("public_repo,user");
    const none = await begin(site, "provider=github");
    expect(new URL(none.location).searchParams.get("scope")).toBe("repo,user");
  });

  it.each([
    ["provider=gitlab", "wrong-provider"],
    ["site_id=x", "wrong-provider"],
    ["provider=github&provider=github", "wrong-provider"],
    ["provider[]=github", "wrong-provider"],
    ["provider=github&scope=admin%3Aorg", "wrong-scope"],
    ["provider=github&scope=repo%2Cdelete_repo", "wrong-scope"],
    ["provider=github&scope=", "wrong-scope"],
    ["provider=github&scope=repo&scope=user", "wrong-scope"],
  ])("refuses ?%s with the editor's message (%s), no cookie and no trip to GitHub", async (query, code) => {
    const { answer } = await begin(site, query);
    expect(answer.status).toBe(400);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("set-cookie")).toBeNull();
    const { kind, result } = messageIn(answer.body);
    expect(kind).toBe("error");
    expect(result).toMatchObject({ errorCode: code, provider: "github" });
    expect(result.error).toMatch(/press “Sign In with GitHub” in the content editor again\.$/);
  });

  it.each(["POST", "PUT", "DELETE"])(
    "answers %s on the three paths with 405 and Allow, OPTIONS with 204",
    async (method) => {
      for (const path of [START, CALLBACK, SCRIPT]) {
        const refused = await fetch(`${site.origin}${path}`, { method, redirect: "manual" });
        expect([path, refused.status, refused.headers.get("allow")]).toEqual([path, 405, "GET, HEAD, OPTIONS"]);
        const options = await fetch(`${site.origin}${path}`, { method: "OPTIONS" });
        expect([path, options.status]).toEqual([path, 204]);
      }
    },
  );
});

describe("the callback at /admin/auth/callback", () => {
  it("exchanges the code as GitHub documents it and gives the window a page that hands over the token: its policy, its one script file, the cookie spent", async () => {
    const before = standIn.exchanges.length;
    const answer = await signIn();
    expect(answer.status).toBe(200);
    const token = standIn.tokens.at(-1);
    expect(answer.message).toBe(`authorization:github:success:{"token":"${token}","provider":"github"}`);

    const exchange = standIn.exchanges[before];
    expect(standIn.exchanges).toHaveLength(before + 1);
    expect(exchange?.headers.accept).toBe("application/json");
    expect(exchange?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.keys(exchange?.params ?? {}).sort()).toEqual(["client_id", "client_secret", "code", "redirect_uri"]);
    expect(exchange?.params).toMatchObject({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: `${site.origin}${CALLBACK}`,
    });

    const h = answer.headers;
    expect(h.get("content-security-policy")).toMatch(
      /^default-src 'none'; script-src 'self'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(h.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(h.get("cache-control")).toBe("no-store");
    expect(h.get("x-robots-tag")).toBe("noindex");
    expect(h.get("referrer-policy")).toBe("no-referrer");
    expect(h.get("set-cookie")).toBe(`cms_sign_in_state=; Path=${CALLBACK}; Max-Age=0; HttpOnly; SameSite=Lax`);
    // No inline script: one file, and the outcome as a data block.
    const scripts = [...answer.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual(['<script type="application/json" id="sign-in-result">', `<script src="${SCRIPT}">`]);
    expect(answer.body).toContain("<h1>Signed in</h1>");

    const script = await get(`${site.origin}${SCRIPT}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.body).toContain("opener.postMessage(handshake, location.origin)");
  });

  it.each<[string, (url: URL, cookie: string) => [URL, string]]>([
    ["another sign-in's state", (url, cookie) => [withParam(url, "state", "A".repeat(43)), cookie]],
    ["no state", (url, cookie) => [withParam(url, "state", null), cookie]],
    ["the state twice", (url, cookie) => [withParam(url, "state", [url.searchParams.get("state") ?? "", "x"]), cookie]],
    [
      "the cookie's state with one letter changed",
      (url, cookie) => [url, cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"))],
    ],
    ["an empty cookie and an empty state", (url) => [withParam(url, "state", ""), "cms_sign_in_state="]],
    ["two state cookies", (url, cookie) => [url, `${cookie}; cms_sign_in_state=${"B".repeat(43)}`]],
  ])("stops a sign-in with %s before asking GitHub, and says to start again", async (_, tamper) => {
    const before = standIn.exchanges.length;
    const answer = await signIn(tamper);
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ errorCode: "state-mismatch", provider: "github" });
    expect(answer.result.error).toMatch(/^This sign-in is not the one this browser started/);
    expect(standIn.exchanges).toHaveLength(before);
  });

  it("stops a sign-in whose cookie is gone (expired after ten minutes, or another browser) and says why", async () => {
    const answer = await signIn((url) => [url, ""]);
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ errorCode: "sign-in-expired" });
    expect(answer.result.error).toMatch(/longer than ten minutes, or was started in another browser/);
  });

  it.each<[string, string | string[] | null]>([
    ["no code", null],
    ["an empty code", ""],
    ["two codes", ["abc", "def"]],
    ["a code of 600 characters", "c".repeat(600)],
    ["a code with a space", "ab cd"],
  ])("stops a sign-in GitHub sent back with %s", async (_, code) => {
    const before = standIn.exchanges.length;
    const answer = await signIn((url, cookie) => [withParam(url, "code", code), cookie]);
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ errorCode: "no-code" });
    expect(standIn.exchanges).toHaveLength(before);
  });

  it("tells an editor who pressed Cancel at GitHub (access_denied) that they are not signed in and how to sign in", async () => {
    standIn.mode = "deny";
    try {
      const answer = await signIn();
      expect(answer.status).toBe(403);
      expect(answer.result).toMatchObject({ errorCode: "denied" });
      expect(answer.result.error).toMatch(/^You did not allow the content editor to use your GitHub account/);
    } finally {
      standIn.mode = "approve";
    }
  });

  it("tells the editor to start again when the code was already exchanged (GitHub's bad_verification_code)", async () => {
    const first = await begin();
    const back = await atGitHub(first.location);
    expect((await get(back.href, { Cookie: first.cookie })).status).toBe(200);
    // The same code again, with a fresh state of this browser's.
    const second = await begin();
    const again = await get(withParam(back, "state", second.state).href, { Cookie: second.cookie });
    expect(again.status).toBe(400);
    expect(messageIn(again.body).result).toMatchObject({ errorCode: "code-expired" });
    expect(standIn.exchanges.at(-1)?.body).toMatch(/"error":"bad_verification_code"/);
  });

  it("sends the editor to whoever runs the site when GitHub refuses its credentials (a rotated secret: incorrect_client_credentials), and logs GitHub's error for them, never the secret", async () => {
    standIn.register({ clientId: CLIENT_ID, clientSecret: "rotated-secret", callbackUrl: `${site.origin}${CALLBACK}` });
    try {
      const answer = await signIn();
      expect(answer.status).toBe(502);
      expect(answer.result).toMatchObject({ errorCode: "github-refused-setup" });
      expect(answer.result.error).toMatch(
        /check its GitHub sign-in settings; until then, sign in with an access token\.$/,
      );
      const line = await until("the error line", () =>
        logLinesOf(site).find((r) => r.level === "error" && r.githubError === "incorrect_client_credentials"),
      );
      expect(line.msg).toBe("Editor sign-in failed: GitHub refused the token exchange");
    } finally {
      standIn.register({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, callbackUrl: `${site.origin}${CALLBACK}` });
    }
  });

  it.each<[string, { status: number; body: string; contentType?: string }]>([
    ["HTTP 500", { status: 500, body: "oops" }],
    ["an HTML page", { status: 200, body: "<html>GitHub is down</html>", contentType: "text/html" }],
    ["JSON without a token", { status: 200, body: '{"token_type":"bearer"}' }],
    ["a token with a newline", { status: 200, body: '{"access_token":"gho_a\\nb"}' }],
    ["100 KB of JSON", { status: 200, body: JSON.stringify({ access_token: "gho_x", pad: "x".repeat(100_000) }) }],
  ])("tells the editor to try later when GitHub answers the exchange with %s", async (_, reply) => {
    standIn.exchange = reply;
    try {
      const answer = await signIn();
      expect(answer.status).toBe(502);
      expect(answer.result).toMatchObject({ errorCode: "github-bad-answer" });
    } finally {
      standIn.exchange = "normal";
    }
  });

  it("gives up on a GitHub that does not answer within CMS_OAUTH_TIMEOUT_SECONDS (1 s here) with a message, and serves on", async () => {
    standIn.exchange = "hang";
    try {
      const started = Date.now();
      const answer = await signIn();
      const took = Date.now() - started;
      expect(answer.status).toBe(504);
      expect(answer.result).toMatchObject({ errorCode: "github-timeout" });
      expect(answer.result.error).toMatch(/^GitHub took too long to answer/);
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(8000);
      expect(logLinesOf(site).some((r) => r.level === "error" && /within 1000 ms/.test(r.msg))).toBe(true);
      expect((await fetch(`${site.origin}/livez`)).status).toBe(200);
    } finally {
      standIn.exchange = "normal";
    }
  });

  it("tells the editor when GitHub cannot be reached (nothing listening at CMS_OAUTH_HOST), logs why, and serves on", async () => {
    const started = await begin(unreachable);
    expect(started.answer.status).toBe(302);
    const back = new URL(`${unreachable.origin}${CALLBACK}?code=0123456789abcdef0123&state=${started.state}`);
    const answer = await get(back.href, { Cookie: started.cookie });
    expect(answer.status).toBe(502);
    const { result } = messageIn(answer.body);
    expect(result).toMatchObject({ errorCode: "github-unreachable" });
    expect(result.error).toMatch(/^The website could not reach GitHub to finish signing you in\./);
    const line = await until("the error line", () =>
      logLinesOf(unreachable).find((r) => r.level === "error" && /could not be reached/.test(r.msg)),
    );
    expect(line.msg).toMatch(/ECONNREFUSED/);
    expect((await fetch(`${unreachable.origin}/livez`)).status).toBe(200);
  });
});

describe("without CMS_OAUTH_CLIENT_ID and CMS_OAUTH_CLIENT_SECRET", () => {
  it("answers the editor's window that signing in with GitHub is not set up here, and to use an access token", async () => {
    const { answer } = await begin(unset);
    expect(answer.status).toBe(404);
    expect(answer.headers.get("set-cookie")).toBeNull();
    const { result } = messageIn(answer.body);
    expect(result).toMatchObject({ errorCode: "not-set-up", provider: "github" });
    expect(result.error).toBe(
      "Signing in with GitHub is not set up on this website. Close this window and choose “Sign In Using Access Token” instead.",
    );
    expect(unset.stdout()).toContain("Editor sign-in with GitHub is off");
  });

  it("counts callbacks against the client's quota of rendered pages (RATE_LIMIT_RENDERS_PER_MINUTE, 3 here)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(`${unset.origin}${CALLBACK}?code=x&state=y`)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    // The start costs nothing: it never calls GitHub.
    expect((await begin(unset)).answer.status).toBe(404);
  });
});

describe("hostile requests to the sign-in's paths", () => {
  const get = (target: string, headers: [string, string][] = [["Host", "localhost"]]) =>
    rawRequest("GET", target, headers);
  const cases: [string, Buffer][] = [
    [
      "a Cookie header of 8 KB",
      get(CALLBACK, [
        ["Host", "localhost"],
        ["Cookie", `a=${"b".repeat(8000)}`],
      ]),
    ],
    [
      "a state cookie with a NUL and a byte above ASCII",
      get(`${CALLBACK}?code=a&state=b`, [
        ["Host", "localhost"],
        ["Cookie", "cms_sign_in_state=a\u0000\u00ffb"],
      ]),
    ],
    ["percent-escapes that do not decode (%zz, a lone %)", get(`${CALLBACK}?code=%zz&state=%`)],
    ["a query of 12 KB", get(`${START}?provider=github&x=${"y".repeat(12_000)}`)],
    [
      "a 10 KB code with a state that matches its cookie",
      get(`${CALLBACK}?code=${"c".repeat(10_000)}&state=${"A".repeat(43)}`, [
        ["Host", "localhost"],
        ["Cookie", `cms_sign_in_state=${"A".repeat(43)}`],
      ]),
    ],
    ["provider as an array (provider[]=github)", get(`${START}?provider[]=github`)],
    ["a Host that is no host", get(START, [["Host", "a b"]])],
    ["an absolute-form target naming another site", get(`http://evil.example${START}?${SVELTIA_QUERY}`)],
    [
      "X-Forwarded-Host listing another site first",
      get(`${START}?${SVELTIA_QUERY}`, [
        ["Host", "localhost"],
        ["X-Forwarded-Host", "evil.example, localhost"],
        ["X-Forwarded-Proto", "javascript"],
      ]),
    ],
    ["a body on a GET", rawRequest("GET", `${START}?${SVELTIA_QUERY}`, [["Host", "localhost"]], "x".repeat(5000))],
    ["HEAD of the callback", rawRequest("HEAD", `${CALLBACK}?code=a&state=b`)],
    [
      "a POST with a form body",
      rawRequest(
        "POST",
        CALLBACK,
        [
          ["Host", "localhost"],
          ["Content-Type", "application/x-www-form-urlencoded"],
        ],
        "code=a&state=b",
      ),
    ],
    ["TRACE", rawRequest("TRACE", START)],
    ["HTTP/1.0 without a Host", rawRequest("GET", `${START}?${SVELTIA_QUERY}`, [], "", "HTTP/1.0")],
    ["the script's path with a trailing slash and a query", get(`${SCRIPT}/?v=1`)],
    ["an encoded path (/admin/auth%2Fcallback)", get("/admin/auth%2Fcallback?code=a&state=b")],
  ];

  it.each(cases)(
    "answers %s with a status line, no server error, no stack, and a redirect only to GitHub's authorize page",
    async (_, bytes) => {
      const answer = await sendRawRequest(site.port, bytes);
      expect(answer.statusLine).not.toBe("");
      expect(answer.status).toBeLessThan(500);
      expect(stackTraceIn(answer.body)).toBeNull();
      const location = answer.headers.get("location");
      if (location !== undefined && !location.startsWith("/"))
        expect(location.startsWith(`${standIn.origin}${AUTHORIZE_PATH}?`)).toBe(true);
      expect(answer.body).not.toContain(CLIENT_SECRET);
    },
  );

  it("is still serving after all of them, its process alive and its log without a stack", async () => {
    // Cut off halfway through the headers, then nothing: the next client is served.
    await sendRawRequest(site.port, `GET ${CALLBACK}?code=a HTTP/1.1\r\nHost: loc`, { timeoutMs: 300 });
    expect(() => process.kill(site.pid, 0)).not.toThrow();
    expect((await sendRawRequest(site.port, rawRequest("GET", "/livez"))).status).toBe(200);
    expect(site.stderr()).not.toMatch(/\n\s+at \S/);
    expect(logLinesOf(site).filter((r) => r.err)).toEqual([]);
  });
});

describe("through the deploy kit's nginx (deploy/nginx.conf)", () => {
  let front: RunningNginx;
  beforeAll(async () => {
    front = await startNginxFront({
      configFile: join(ROOT, "deploy/nginx.conf"),
      clientDir: join(ROOT, BUILD_DIR, "client"),
      cspMapFile: join(ROOT, BUILD_DIR, "nginx-page-csp.conf"),
      snippetDir: join(ROOT, "deploy/nginx"),
      replicaPorts: [site.port],
    });
    standIn.register({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, callbackUrl: `${front.base}${CALLBACK}` });
  });
  afterAll(async () => {
    standIn.register({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, callbackUrl: `${site.origin}${CALLBACK}` });
    await front?.stop();
  });

  it("passes the three paths to the app, which names nginx's public address as the callback, and the whole sign-in works through it", async () => {
    const started = await begin({ origin: front.base });
    expect(started.answer.status).toBe(302);
    expect(started.answer.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(new URL(started.location).searchParams.get("redirect_uri")).toBe(`${front.base}${CALLBACK}`);
    const back = await atGitHub(started.location);
    expect(back.origin).toBe(front.base);
    const answer = await get(back.href, { Cookie: started.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cross-origin-opener-policy")).toBe("unsafe-none");
    expect(messageIn(answer.body).result).toEqual({ token: standIn.tokens.at(-1), provider: "github" });
    const script = await get(`${front.base}${SCRIPT}`);
    expect([script.status, script.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    // Anything else under /admin/auth is no page: nginx's 'Not Found...' file.
    const other = await get(`${front.base}/admin/auth/other`);
    expect([other.status, other.headers.get("server")?.startsWith("nginx")]).toEqual([404, true]);
  });
});

describe("the client secret", () => {
  it("is in no file under build/client: no page, script or config.yml names CMS_OAUTH or holds the secret", () => {
    const client = join(BUILD_DIR, "client");
    const files = walk(client);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.includes(CLIENT_SECRET), file).toBe(false);
      expect(bytes.includes("CMS_OAUTH"), file).toBe(false);
    }
    const config = readFileSync(join(client, "admin", "config.yml"), "utf8");
    expect(config).toMatch(/^ {2}auth_endpoint: admin\/auth$/m);
    expect(config).not.toMatch(/secret|client_id/i);
  });

  it("is in no answer any test here read, and with the tokens and codes, in no log line of any server", async () => {
    // The answers the site gives at the paths most likely to carry it.
    for (const path of ["/admin/", "/admin/config.yml", SCRIPT, `${START}?${SVELTIA_QUERY}`, CALLBACK])
      await get(`${site.origin}${path}`);
    expect(seen.length).toBeGreaterThan(40);
    expect(seen.filter((answer) => answer.includes(CLIENT_SECRET))).toEqual([]);
    const codes = standIn.exchanges.map((e) => e.params.code).filter((code) => code && code.length > 8);
    for (const server of [site, unset, unreachable]) {
      const log = `${server.stdout()}\n${server.stderr()}`;
      expect(log).not.toContain(CLIENT_SECRET);
      for (const secret of [...standIn.tokens, ...codes]) expect(log).not.toContain(secret);
    }
  });
});

describe("in Chromium: the editor's window and the sign-in window", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Sveltia CMS 0.221.1's `authorize` (its dist bundle; src/lib/services/backends/git/shared/
   * auth.js upstream), reproduced exactly as its opener's side: open a window named `auth`
   * at `${authURL}?provider=github&site_id=…&scope=repo,user`, take only string messages from
   * the auth URL's origin, echo `authorizing:github` back to the window, then take
   * `authorization:github:(success|error):<JSON>` and close the window.
   */
  function sveltiaOpener(page: Page, authURL: string) {
    return page.evaluate(
      ({ authURL }) =>
        new Promise<{ data: string; result: Record<string, unknown>; closed: boolean }>((resolve, reject) => {
          const params = new URLSearchParams({ provider: "github", site_id: location.hostname, scope: "repo,user" });
          const popup = window.open(`${authURL}?${params}`, "auth", "width=600,height=800");
          const giveUp = setTimeout(() => reject(new Error("no message from the sign-in window within 20 s")), 20_000);
          const handler = ({ origin, data }: MessageEvent) => {
            if (origin !== new URL(authURL).origin || typeof data !== "string") return;
            const provider = "github";
            if (data === `authorizing:${provider}`) {
              popup?.postMessage(data, origin);
              return;
            }
            const match = data.match(`^authorization:${provider}:(success|error):(?<result>.+)`);
            const result = JSON.parse(match?.groups?.result ?? '{"error":"No data"}') as Record<string, unknown>;
            window.removeEventListener("message", handler);
            clearTimeout(giveUp);
            popup?.close();
            resolve({ data, result, closed: true });
          };
          window.addEventListener("message", handler);
        }),
      { authURL },
    );
  }

  /** The editor's page, /admin/, with its headers, but without the editor: the listener above is the only one. */
  async function openerPage() {
    const page = await browser.newPage();
    await page.route(/\/admin\/sveltia-cms\.js$/, (route) => route.abort());
    await page.goto(`${site.origin}/admin/`);
    return page;
  }

  it("hands the token to the editor's window by the handshake Sveltia CMS expects, GitHub sending the window straight back", async () => {
    const page = await openerPage();
    try {
      const outcome = await sveltiaOpener(page, `${site.origin}${START}`);
      const token = standIn.tokens.at(-1);
      expect(outcome.data).toBe(`authorization:github:success:{"token":"${token}","provider":"github"}`);
      expect(outcome.result).toEqual({ token, provider: "github" });
    } finally {
      await page.close();
    }
  });

  it("keeps the editor's window as the opener when the sign-in window comes back from GitHub's own page (another origin's document), as a first sign-in does", async () => {
    standIn.mode = "consent";
    const page = await openerPage();
    try {
      const popupOpened = page.waitForEvent("popup");
      const outcome = sveltiaOpener(page, `${site.origin}${START}`);
      const popup = await popupOpened;
      await popup.getByRole("link", { name: "Authorize" }).waitFor();
      expect(new URL(popup.url()).origin).toBe(standIn.origin);
      await popup.getByRole("link", { name: "Authorize" }).click();
      const { result } = await outcome;
      expect(result).toEqual({ token: standIn.tokens.at(-1), provider: "github" });
    } finally {
      standIn.mode = "approve";
      await page.close();
    }
  });

  it("control: a page with the site's own opener policy (same-origin) in that window loses its opener, so the check above can fail", async () => {
    const page = await openerPage();
    try {
      const popupOpened = page.waitForEvent("popup");
      await page.evaluate(() => void window.open("/about", "auth", "width=600,height=800"));
      const popup = await popupOpened;
      await popup.waitForLoadState();
      expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    } finally {
      await page.close();
    }
  });

  /**
   * The editor's real page and button. Its built config.yml names SITE_URL's origin as
   * `base_url`; the browser gets it pointed at this test server instead (nothing else
   * changed), and GitHub's API, which it calls with the token, is answered here.
   */
  async function editorPage() {
    const page = await browser.newPage();
    await page.route(/\/admin\/config\.yml(\?|$)/, async (route) => {
      const built = await (await route.fetch()).text();
      expect(built).toMatch(/^ {2}base_url: https:\/\/[^\n]+$/m);
      await route.fulfill({
        body: built.replace(/^( {2}base_url: ).+$/m, `$1${site.origin}`),
        contentType: "application/yaml",
      });
    });
    const apiCalls: string[] = [];
    await page.route("https://api.github.com/**", async (route) => {
      apiCalls.push(route.request().headers().authorization ?? "");
      await route.fulfill({ status: 401, contentType: "application/json", body: '{"message":"Bad credentials"}' });
    });
    await page.goto(`${site.origin}/admin/`);
    return { page, apiCalls, button: page.getByRole("button", { name: /^Sign In with \W?GitHub\W?$/ }) };
  }

  it("signs in through the real editor's 'Sign In with GitHub': the editor then calls GitHub's API with the token", async () => {
    const { page, apiCalls, button } = await editorPage();
    try {
      await button.click();
      const authorization = await until("the editor's call to GitHub's API", () => apiCalls.find(Boolean));
      expect(authorization).toMatch(new RegExp(`^(token|Bearer) ${standIn.tokens.at(-1)}$`));
    } finally {
      await page.close();
    }
  });

  it("shows the editor our message in its sign-in screen when the sign-in fails (Cancel at GitHub)", async () => {
    standIn.mode = "deny";
    const { page, apiCalls, button } = await editorPage();
    try {
      await button.click();
      await expectAlert(page, /You did not allow the content editor to use your GitHub account/);
      expect(apiCalls).toEqual([]);
    } finally {
      standIn.mode = "approve";
      await page.close();
    }
  });
});

async function expectAlert(page: Page, text: RegExp) {
  const alert = page.getByRole("alert").filter({ hasText: text });
  await alert.waitFor({ timeout: 20_000 });
}

/** `url` with one parameter set (a list: repeated), or removed (null). */
function withParam(url: URL, name: string, value: string | string[] | null): URL {
  const next = new URL(url);
  next.searchParams.delete(name);
  for (const v of value === null ? [] : Array.isArray(value) ? value : [value]) next.searchParams.append(name, v);
  return next;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
