/**
 * The GitHub OAuth stand-in (tests/support/stand-ins/github-oauth.ts) answers as GitHub's
 * documentation of the web application flow says: the authorize step's redirects and its
 * checks of the redirect URI, the exchange's checks in GitHub's order, its two answer
 * formats, single-use codes, and the behaviours a test sets.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_PATH,
  AUTHORIZE_PATH,
  type GitHubOAuthStandIn,
  startGitHubOAuthStandIn,
  underCallback,
} from "../support/stand-ins/github-oauth.ts";

const APP = {
  clientId: "Ov23liStandIn",
  clientSecret: "stand-in-secret",
  callbackUrl: "https://site.test/admin/auth/callback",
};
let standIn: GitHubOAuthStandIn;

beforeAll(async () => {
  standIn = await startGitHubOAuthStandIn(APP);
});
afterAll(async () => {
  await standIn.stop();
});
beforeEach(() => standIn.reset());

/** The authorize step; where the stand-in sends the window (or its status when it does not). */
async function authorize(params: Record<string, string>) {
  const res = await fetch(`${standIn.origin}${AUTHORIZE_PATH}?${new URLSearchParams(params)}`, { redirect: "manual" });
  const location = res.headers.get("location");
  return { status: res.status, back: location ? new URL(location) : null, body: await res.text() };
}

async function exchange(params: Record<string, string>, accept = "application/json") {
  const res = await fetch(`${standIn.origin}${ACCESS_TOKEN_PATH}`, {
    method: "POST",
    headers: { Accept: accept, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

const REQUEST = { client_id: APP.clientId, redirect_uri: APP.callbackUrl, scope: "repo,user", state: "xyz" };

async function codeFor(request: Record<string, string> = REQUEST): Promise<string> {
  const { back } = await authorize(request);
  return back?.searchParams.get("code") ?? "";
}

describe("the GitHub OAuth stand-in's authorize step", () => {
  it("sends an editor who authorized before straight back with a code and the state", async () => {
    const { status, back } = await authorize(REQUEST);
    expect(status).toBe(302);
    expect(`${back?.origin}${back?.pathname}`).toBe(APP.callbackUrl);
    expect(back?.searchParams.get("code")).toMatch(/^[0-9a-f]{20}$/);
    expect(back?.searchParams.get("state")).toBe("xyz");
  });

  it("shows a consent page whose links authorize or cancel", async () => {
    standIn.mode = "consent";
    const page = await authorize(REQUEST);
    expect(page.status).toBe(200);
    const links = [...page.body.matchAll(/href="([^"]+)"/g)].map(([, href]) => (href ?? "").replace(/&amp;/g, "&"));
    expect(links).toHaveLength(2);
    const allow = await fetch(`${standIn.origin}${links[0]}`, { redirect: "manual" });
    expect(new URL(allow.headers.get("location") ?? "").searchParams.get("code")).toMatch(/^[0-9a-f]{20}$/);
    // Each request's page decides once.
    expect((await fetch(`${standIn.origin}${links[1]}`, { redirect: "manual" })).status).toBe(404);
  });

  it("sends back access_denied with the state when the user cancels", async () => {
    standIn.mode = "deny";
    const { back } = await authorize(REQUEST);
    expect(Object.fromEntries(back?.searchParams ?? [])).toMatchObject({ error: "access_denied", state: "xyz" });
  });

  it("answers an unknown client id with 404, and a redirect URI off the callback with redirect_uri_mismatch at the registered callback", async () => {
    expect((await authorize({ ...REQUEST, client_id: "other" })).status).toBe(404);
    const { back } = await authorize({ ...REQUEST, redirect_uri: "https://evil.example/admin/auth/callback" });
    expect(`${back?.origin}${back?.pathname}`).toBe(APP.callbackUrl);
    expect(back?.searchParams.get("error")).toBe("redirect_uri_mismatch");
  });

  it.each([
    ["https://site.test/admin/auth/callback", true],
    ["https://site.test/admin/auth/callback/deeper", true],
    ["https://site.test/admin/auth/callbackx", false],
    ["https://site.test:8443/admin/auth/callback", false],
    ["http://site.test/admin/auth/callback", false],
    ["https://other.site.test/admin/auth/callback", false],
    ["not a url", false],
  ])("holds the redirect URI %s to the callback's host, port and path: %s", (uri, ok) => {
    expect(underCallback(uri, APP.callbackUrl)).toBe(ok);
  });
});

describe("the GitHub OAuth stand-in's token exchange", () => {
  it("gives a token for a code once, as JSON when asked, else form-encoded as GitHub's default", async () => {
    const code = await codeFor();
    const first = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
      redirect_uri: APP.callbackUrl,
    });
    expect(first.type).toMatch(/^application\/json/);
    expect(JSON.parse(first.text)).toEqual({
      access_token: standIn.tokens.at(-1),
      scope: "repo,user",
      token_type: "bearer",
    });
    const again = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
      redirect_uri: APP.callbackUrl,
    });
    expect(JSON.parse(again.text)).toMatchObject({ error: "bad_verification_code" });
    const form = await exchange(
      {
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        code: await codeFor(),
        redirect_uri: APP.callbackUrl,
      },
      "*/*",
    );
    expect(Object.fromEntries(new URLSearchParams(form.text))).toMatchObject({ token_type: "bearer" });
    expect(standIn.exchanges).toHaveLength(3);
  });

  it("refuses, with status 200 as GitHub does, a wrong secret, a code it never issued, another redirect URI", async () => {
    const code = await codeFor();
    const cases = [
      [{ client_secret: "wrong" }, "incorrect_client_credentials"],
      [{ client_id: "other" }, "incorrect_client_credentials"],
      [{ code: "0123456789abcdef0123" }, "bad_verification_code"],
      [{ redirect_uri: "https://site.test/admin/auth/callback/other" }, "redirect_uri_mismatch"],
    ] as const;
    for (const [change, error] of cases) {
      const answer = await exchange({
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        code,
        redirect_uri: APP.callbackUrl,
        ...change,
      });
      expect([answer.status, JSON.parse(answer.text).error]).toEqual([200, error]);
    }
    // None of them used the code up.
    const ok = await exchange({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      code,
      redirect_uri: APP.callbackUrl,
    });
    expect(JSON.parse(ok.text).access_token).toMatch(/^gho_/);
  });

  it("answers as a test says, and leaves an exchange hanging until it stops", async () => {
    standIn.exchange = { status: 503, body: "down", contentType: "text/plain" };
    expect(await exchange({})).toMatchObject({ status: 503, text: "down" });
    standIn.exchange = "hang";
    const hanging = fetch(`${standIn.origin}${ACCESS_TOKEN_PATH}`, {
      method: "POST",
      signal: AbortSignal.timeout(300),
    });
    await expect(hanging).rejects.toThrow(/timeout|aborted/i);
  });
});
