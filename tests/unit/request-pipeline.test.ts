/**
 * The server's request pipeline on a build made here, not the site's: a new route with
 * an action and no guard code of its own is still behind the origin check and the rate
 * limit, and allows POST while a page does not; and the request's facts behind each
 * kind of proxy. The same on the real site: tests/integration/request-pipeline.test.ts.
 */
import type { IncomingMessage } from "node:http";
import { data, RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { createFormGuard, guardActions, type PostFacts, REFUSALS } from "../../server/form-guard.ts";
import { openPostRateLimit } from "../../server/rate-limit.ts";
import { readEnv } from "../../server/env.ts";
import { type ProxyHeaders, proxyHeadersFrom, requestFacts } from "../../server/request-facts.ts";
import { allowedMethods } from "../../server/route-methods.ts";

const SITE = "http://site.test";
const FACTS: PostFacts = { clientAddress: "203.0.113.5", publicOrigin: SITE };

/** A build with pages, a catch-all, and a newsletter form whose action knows nothing of origins or limits. */
function testBuild(newsletter: () => unknown) {
  const route = (id: string, path: string | undefined, module: object, parentId: string | undefined) => ({
    id,
    path,
    parentId,
    module,
  });
  return {
    routes: {
      root: route("root", "", { default: () => null }, undefined),
      about: route("about", "about", { default: () => null }, "root"),
      newsletter: route("newsletter", "newsletter", { default: () => null, action: newsletter }, "root"),
      home: { ...route("home", undefined, { default: () => null }, "root"), index: true },
      notFound: route("not-found", "*", { default: () => null }, "root"),
    },
  } as unknown as ServerBuild;
}

function post(headers: Record<string, string>) {
  return new Request(`${SITE}/newsletter`, { method: "POST", headers, body: "email=a%40example.com" });
}

async function callAction(build: ServerBuild, request: Request) {
  const action = build.routes.newsletter?.module.action;
  if (!action) throw new Error("the newsletter route lost its action");
  return action({ request, params: {}, context: new RouterContextProvider(), url: new URL(request.url), pattern: "" });
}

async function guardedBuild(maxAccepted = 2) {
  const newsletter = vi.fn(() => data({ result: { ok: true, message: "Subscribed." } }, { status: 200 }));
  const rateLimit = await openPostRateLimit({ maxAttempts: 100, maxAccepted, windowSeconds: 600 });
  const guard = createFormGuard({ allowedOrigins: [], rateLimit });
  return { newsletter, rateLimit, build: guardActions(testBuild(newsletter), guard, () => FACTS) };
}

describe("a route action with no guard of its own", () => {
  it("is refused 403 with the form's message for Origin https://evil.example, no Origin at all, or a foreign Referer; the action never runs", async () => {
    const { build, newsletter, rateLimit } = await guardedBuild();
    const foreign: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      {},
      { Referer: "https://evil.example/newsletter" },
    ];
    for (const headers of foreign) {
      const answer = await callAction(build, post(headers));
      expect(answer).toMatchObject({
        data: { result: { ok: false, message: REFUSALS.crossOrigin } },
        init: { status: 403 },
      });
    }
    expect(newsletter).not.toHaveBeenCalled();
    await rateLimit.close();
  });

  it("runs for a same-origin post, and past RATE_LIMIT_MAX_POSTS answers 429 with Retry-After", async () => {
    const { build, newsletter, rateLimit } = await guardedBuild(2);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await callAction(build, post({ Origin: SITE })));
    expect(newsletter).toHaveBeenCalledTimes(2);
    expect(answers[2]).toMatchObject({
      data: { result: { ok: false, message: REFUSALS.tooMany } },
      init: { status: 429 },
    });
    const retryAfter = Number(new Headers((answers[2] as { init: ResponseInit }).init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    await rateLimit.close();
  });

  it("is the only route that takes POST: the page and the home page allow GET, HEAD and OPTIONS", () => {
    const methods = allowedMethods(testBuild(() => null));
    expect(methods("/newsletter")).toEqual(["GET", "HEAD", "OPTIONS", "POST"]);
    expect(methods("/about")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(methods("/")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });

  it("leaves to React Router what only the catch-all matches: unknown pages and its own data URLs", () => {
    const methods = allowedMethods(testBuild(() => null));
    for (const path of ["/no-such-page", "/newsletter.data", "/about.data"]) expect(methods(path), path).toBeNull();
  });
});

function incoming(headers: Record<string, string>, remoteAddress = "10.0.0.2"): IncomingMessage {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { headers: { host: "10.0.0.1:3000", ...lower }, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe("the request's facts, decided once", () => {
  const proxied = {
    Forwarded: 'for=198.51.100.1;proto=http, for="[2001:db8::7]:4711";proto=https;host=site.example',
    "X-Forwarded-For": "192.0.2.99, 203.0.113.20",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "site.example",
  };

  it.each<[ProxyHeaders, string, string]>([
    ["none", "10.0.0.2", "http://10.0.0.1:3000"],
    // The last entry is the one our proxy wrote; the ones before it may come from the client.
    ["x-forwarded", "203.0.113.20", "https://site.example"],
    ["forwarded", "2001:db8::7", "https://site.example"],
  ])("TRUST_PROXY=%s: client %s at %s", (proxy, clientAddress, publicOrigin) => {
    expect(requestFacts(incoming(proxied), proxy)).toMatchObject({ clientAddress, publicOrigin });
  });

  it("falls back to the socket's address and the Host header for what the proxy did not say", () => {
    expect(requestFacts(incoming({ Forwarded: "for=unknown" }), "forwarded")).toEqual({
      clientAddress: "10.0.0.2",
      protocol: "http:",
      host: "10.0.0.1:3000",
      publicOrigin: "http://10.0.0.1:3000",
    });
    expect(requestFacts(incoming({ "X-Forwarded-For": "not-an-address" }), "x-forwarded")?.clientAddress).toBe(
      "10.0.0.2",
    );
  });
});

describe("a host that is not a host", () => {
  it.each<[string, Record<string, string>, ProxyHeaders]>([
    ["Host [::1", { Host: "[::1" }, "none"],
    ["Host x:99999", { Host: "x:99999" }, "none"],
    ["Host a b", { Host: "a b" }, "none"],
    [
      "X-Forwarded-Host evil.example/path, through a trusted proxy",
      { "X-Forwarded-Host": "evil.example/path" },
      "x-forwarded",
    ],
    ["Forwarded host=x@y", { Forwarded: "for=192.0.2.1;host=x@y" }, "forwarded"],
  ])("%s: no facts (the server answers 400)", (_, headers, proxy) => {
    expect(requestFacts(incoming(headers), proxy)).toBeNull();
  });
});

describe("TRUST_PROXY", () => {
  it.each<[string, ProxyHeaders]>([
    ["false", "none"],
    ["true", "x-forwarded"],
    ["forwarded", "forwarded"],
  ])("TRUST_PROXY=%s reads %s headers", (value, headers) => {
    expect(proxyHeadersFrom(readEnv({ TRUST_PROXY: value }).TRUST_PROXY)).toBe(headers);
  });

  it("refuses TRUST_PROXY=x-forwarded-for, naming it", () => {
    expect(() => readEnv({ TRUST_PROXY: "x-forwarded-for" })).toThrow(/TRUST_PROXY: must be true, false or forwarded/);
  });
});
