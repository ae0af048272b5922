/**
 * Behind a TLS-terminating proxy: the browser is on https://site.example, the server sees
 * plain http from the proxy. The same-origin check must pass when the proxy is trusted
 * (TRUST_PROXY=true: X-Forwarded-Proto/-Host; TRUST_PROXY=forwarded: RFC 7239 Forwarded)
 * or the public origin is allowed (ALLOWED_ORIGINS), and must not when neither is
 * configured. The rate limit keys on the socket's address unless the proxy is trusted,
 * and then on the entry our proxy wrote (the last), so a forged header escapes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_SUCCESS } from "../../app/forms/contact/messages.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { applicationFields, contactFields, SENT_BY_SCRIPT } from "./helpers/forms.ts";
import { type Answer, JOB_PATH, pdfBytes, postForm, postMultipart, sendRaw, visibleText } from "./helpers/http.ts";
import { type Site, startSites } from "../support/site-server.ts";

const PUBLIC = "https://site.example";
const CROSS_ORIGIN = "This form can only be sent from our own website. Please open the page again and resend it.";
const TOO_MANY = "Too many submissions from your network in a short time. Please wait a few minutes and try again.";
const LIMIT = 3;

/** What the proxy adds to the browser's request (the browser itself sent Origin). */
const PROXIED = { Origin: PUBLIC, "X-Forwarded-Proto": "https", "X-Forwarded-Host": "site.example" };

let trusted: Site;
let untrusted: Site;
let allowed: Site;
let forwarded: Site;
const stores = new Map<Site, Store>();

beforeAll(async () => {
  [trusted, untrusted, allowed, forwarded] = (await startSites([
    { env: { TRUST_PROXY: "true", RATE_LIMIT_MAX_POSTS: String(LIMIT) } },
    { env: { TRUST_PROXY: "false", RATE_LIMIT_MAX_POSTS: String(LIMIT) } },
    { env: { TRUST_PROXY: "false", ALLOWED_ORIGINS: PUBLIC } },
    { env: { TRUST_PROXY: "forwarded", RATE_LIMIT_MAX_POSTS: String(LIMIT) } },
  ])) as [Site, Site, Site, Site];
  for (const site of [trusted, untrusted, allowed, forwarded]) {
    stores.set(site, await openStore({ sqlitePath: site.sqlitePath }));
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([...stores.values()].map((s) => s.close()));
  await Promise.all([trusted, untrusted, allowed, forwarded].map((s) => s?.stop()));
}, 30_000);

async function count(site: Site): Promise<number> {
  return (await (stores.get(site) as Store).list({ limit: 10_000 })).length;
}

async function stored(site: Site, email: string): Promise<number> {
  return (await (stores.get(site) as Store).list({ limit: 10_000 })).filter((r) => r.email === email).length;
}

function contact(site: Site, headers: Record<string, string>, fields = contactFields()): Promise<Answer> {
  return postForm(`${site.origin}/contact`, fields, headers);
}

function expectSees(answer: Answer, status: number, message: string) {
  expect(answer.status, answer.body.slice(0, 200)).toBe(status);
  expect(visibleText(answer.body)).toContain(message);
}

describe("same-origin check behind a TLS-terminating proxy (Origin https://site.example, server sees http)", () => {
  it("TRUST_PROXY=true with X-Forwarded-Proto: https and X-Forwarded-Host: site.example: accepted, both forms", async () => {
    const headers = { ...PROXIED, "X-Forwarded-For": "203.0.113.50" };
    const c = contactFields();
    const answer = await contact(trusted, headers, c);
    expect(answer.status, answer.body.slice(0, 200)).toBe(303);
    expect(answer.headers.get("location")).toBe("/contact?sent=1");
    expect(await stored(trusted, c.email as string)).toBe(1);

    const a = applicationFields();
    const applied = await postMultipart(
      `${trusted.origin}${JOB_PATH}`,
      a,
      { name: "cv.pdf", type: "application/pdf", bytes: pdfBytes() },
      headers,
    );
    expect(applied.status, applied.body.slice(0, 200)).toBe(303);
    expect(await stored(trusted, a.email as string)).toBe(1);
  });

  it("TRUST_PROXY=true behind a proxy that also passes Host: site.example: accepted", async () => {
    const c = contactFields();
    const answer = await sendRaw(`${trusted.origin}/contact`, {
      method: "POST",
      headers: {
        ...PROXIED,
        Host: "site.example",
        "X-Forwarded-For": "203.0.113.53",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(c).toString(),
    });
    expect(answer.status, answer.body.slice(0, 200)).toBe(303);
    expect(await stored(trusted, c.email as string)).toBe(1);
  });

  it("TRUST_PROXY=true, the same post as a data request (/contact.data): 200 with the success message", async () => {
    const c = contactFields(SENT_BY_SCRIPT);
    const answer = await postForm(`${trusted.origin}/contact.data`, c, {
      ...PROXIED,
      "X-Forwarded-For": "203.0.113.51",
    });
    expect(answer.status, answer.body.slice(0, 200)).toBe(200);
    expect(answer.body).toContain(CONTACT_SUCCESS);
    expect(await stored(trusted, c.email as string)).toBe(1);
  });

  it("TRUST_PROXY=true does not let another origin in (Origin: https://evil.example through the proxy): 403", async () => {
    const before = await count(trusted);
    const answer = await contact(trusted, {
      ...PROXIED,
      Origin: "https://evil.example",
      "X-Forwarded-For": "203.0.113.52",
    });
    expectSees(answer, 403, CROSS_ORIGIN);
    expect(await count(trusted)).toBe(before);
  });

  it("TRUST_PROXY=false: the same proxied post is refused 403 with the cross-origin message, nothing stored", async () => {
    const before = await count(untrusted);
    const answer = await contact(untrusted, PROXIED);
    expectSees(answer, 403, CROSS_ORIGIN);
    expect(await count(untrusted)).toBe(before);
  });

  it("TRUST_PROXY=false with ALLOWED_ORIGINS=https://site.example: accepted", async () => {
    const c = contactFields();
    const answer = await contact(allowed, PROXIED, c);
    expect(answer.status, answer.body.slice(0, 200)).toBe(303);
    expect(await stored(allowed, c.email as string)).toBe(1);
    // Without the forwarded headers too: the origin alone is what is allowed.
    const d = contactFields();
    const plain = await contact(allowed, { Origin: PUBLIC }, d);
    expect(plain.status, plain.body.slice(0, 200)).toBe(303);
    expect(await stored(allowed, d.email as string)).toBe(1);
  });
});

describe(`rate limit per client address (RATE_LIMIT_MAX_POSTS=${LIMIT})`, () => {
  it("TRUST_PROXY=false: a different X-Forwarded-For on every post does not escape the limit", async () => {
    const before = await count(untrusted);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      const answer = await contact(untrusted, { Origin: untrusted.origin, "X-Forwarded-For": `198.51.100.${i + 1}` });
      statuses.push(answer.status);
      if (i >= LIMIT) expectSees(answer, 429, TOO_MANY);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(303), ...Array(3).fill(429)]);
    expect(await count(untrusted)).toBe(before + LIMIT);
  });

  it("TRUST_PROXY=true: each X-Forwarded-For address has its own limit; a forged first entry changes nothing", async () => {
    const post = (forwardedFor: string) =>
      contact(trusted, { Origin: trusted.origin, "X-Forwarded-For": forwardedFor }).then((a) => a.status);
    const first: number[] = [];
    for (let i = 0; i <= LIMIT; i++) first.push(await post("192.0.2.10"));
    expect(first).toEqual([...Array(LIMIT).fill(303), 429]);

    // The proxy appends the address it saw; a client-written entry before it is not the key.
    expect(await post("10.9.8.7, 192.0.2.10")).toBe(429);

    const second: number[] = [];
    for (let i = 0; i <= LIMIT; i++) second.push(await post("192.0.2.20"));
    expect(second).toEqual([...Array(LIMIT).fill(303), 429]);
  });
});

describe("a proxy that sends RFC 7239 Forwarded (TRUST_PROXY=forwarded)", () => {
  it("Forwarded: for=…;proto=https;host=site.example with Origin https://site.example: accepted, with and without JavaScript", async () => {
    const c = contactFields();
    const answer = await contact(
      forwarded,
      { Origin: PUBLIC, Forwarded: 'for=198.51.100.70;proto=https;host="site.example"' },
      c,
    );
    expect(answer.status, answer.body.slice(0, 200)).toBe(303);
    expect(await stored(forwarded, c.email as string)).toBe(1);
    const d = contactFields(SENT_BY_SCRIPT);
    const script = await postForm(`${forwarded.origin}/contact.data`, d, {
      Origin: PUBLIC,
      Forwarded: "for=198.51.100.70;proto=https;host=site.example",
    });
    expect(script.status, script.body.slice(0, 200)).toBe(200);
    expect(await stored(forwarded, d.email as string)).toBe(1);
  });

  it("X-Forwarded-Proto/-Host sent alongside are not believed: 403", async () => {
    const before = await count(forwarded);
    expectSees(await contact(forwarded, PROXIED), 403, CROSS_ORIGIN);
    expect(await count(forwarded)).toBe(before);
  });

  it("the last element is our proxy's: a client-written element before it changes neither origin nor limit", async () => {
    const post = (header: string) => contact(forwarded, { Origin: PUBLIC, Forwarded: header }).then((a) => a.status);
    const ours = "for=192.0.2.40;proto=https;host=site.example";
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push(await post(ours));
    expect(statuses).toEqual(Array(LIMIT).fill(303));
    expect(await post(`for=10.1.1.1;proto=https;host=site.example, ${ours}`)).toBe(429);
    // A forged host in the client's element does not become the public origin either.
    expect(await post("for=192.0.2.41;host=evil.example, for=192.0.2.41;proto=https;host=site.example")).toBe(303);
    expect(
      await post("for=192.0.2.42;proto=https;host=site.example, for=192.0.2.42;proto=http;host=other.example"),
    ).toBe(403);
  });
});

describe("a proxy that appends to X-Forwarded-For (TRUST_PROXY=true)", () => {
  it("X-Forwarded-For: 10.0.0.1, 172.16.0.1, 203.0.113.80 is keyed by the last entry; a Forwarded header from the client is ignored", async () => {
    const post = (forwardedFor: string, extra: Record<string, string> = {}) =>
      contact(trusted, { ...PROXIED, "X-Forwarded-For": forwardedFor, ...extra }).then((a) => a.status);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push(await post(`10.0.0.${i + 1}, 172.16.0.1, 203.0.113.80`));
    expect(statuses).toEqual(Array(LIMIT).fill(303));
    expect(await post("203.0.113.80", { Forwarded: "for=192.0.2.250" })).toBe(429);
    // Without X-Forwarded-Host/-Proto the origin is the server's own, whatever Forwarded says.
    const before = await count(trusted);
    const answer = await contact(trusted, {
      Origin: PUBLIC,
      "X-Forwarded-For": "203.0.113.81",
      Forwarded: "for=203.0.113.81;proto=https;host=site.example",
    });
    expectSees(answer, 403, CROSS_ORIGIN);
    expect(await count(trusted)).toBe(before);
  });
});
