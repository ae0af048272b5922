/**
 * The one pipeline every request passes through, against the real server: the methods a
 * path allows (refused quietly, before React Router), the rate limit's two caps and its
 * Retry-After, a post without the spam-defence fields, and one limit shared by two
 * replicas on one PostgreSQL.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_REQUIRED } from "../../app/forms/contact/messages.ts";
import { EMAIL_REQUIRED, NAME_REQUIRED } from "../../app/forms/messages.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { contactFields, SENT_BY_SCRIPT } from "./helpers/forms.ts";
import { type Answer, JOB_PATH, postForm, sendRaw, visibleText } from "./helpers/http.ts";
import { createSchema, postgresAvailable, type ThrowawaySchema } from "./helpers/postgres.ts";
import { type Site, startSites } from "../support/site-server.ts";

const TOO_MANY = "Too many submissions from your network in a short time. Please wait a few minutes and try again.";
const WINDOW_SECONDS = 600;

let site: Site;
let limited: Site;
let attempts: Site;
const stores = new Map<Site, Store>();

beforeAll(async () => {
  [site, limited, attempts] = (await startSites([
    {},
    { env: { RATE_LIMIT_MAX_POSTS: "2", RATE_LIMIT_MAX_ATTEMPTS: "100" } },
    { env: { RATE_LIMIT_MAX_POSTS: "100", RATE_LIMIT_MAX_ATTEMPTS: "3" } },
  ])) as [Site, Site, Site];
  for (const s of [site, limited, attempts]) stores.set(s, await openStore({ sqlitePath: s.sqlitePath }));
}, 120_000);

afterAll(async () => {
  await Promise.all([...stores.values()].map((s) => s.close()));
  await Promise.all([site, limited, attempts].map((s) => s?.stop()));
}, 30_000);

async function count(s: Site): Promise<number> {
  return (await (stores.get(s) as Store).list({ limit: 10_000 })).length;
}

function contact(s: Site, fields: Record<string, string>, path = "/contact"): Promise<Answer> {
  return postForm(`${s.origin}${path}`, fields, { Origin: s.origin });
}

const FORM_BODY = new URLSearchParams(contactFields()).toString();
// Content-Length spelled out: node:http sends a DELETE body without it otherwise.
const FORM_HEADERS = {
  "Content-Type": "application/x-www-form-urlencoded",
  "Content-Length": String(Buffer.byteLength(FORM_BODY)),
};

describe("methods: what each path allows, refused before React Router and without a log line", () => {
  it("TRACE / and PROPFIND /contact: 405 with Allow", async () => {
    const trace = await sendRaw(`${site.origin}/`, { method: "TRACE", headers: {} });
    expect(trace.status).toBe(405);
    expect(trace.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const propfind = await sendRaw(`${site.origin}/contact`, { method: "PROPFIND", headers: {} });
    expect(propfind.status).toBe(405);
    expect(propfind.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("PUT, PATCH and DELETE /contact with a valid form body: 405 with Allow: GET, HEAD, OPTIONS, POST; nothing stored", async () => {
    const before = await count(site);
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await sendRaw(`${site.origin}/contact`, {
        method,
        headers: { ...FORM_HEADERS, Origin: site.origin },
        body: FORM_BODY,
      });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
    }
    expect(await count(site)).toBe(before);
  });

  it("POST to content pages (/about, /services/<id>, /about.data): 405 with Allow: GET, HEAD, OPTIONS", async () => {
    for (const path of ["/about", "/services/fpga-design", "/about.data"]) {
      const answer = await sendRaw(`${site.origin}${path}`, {
        method: "POST",
        headers: { ...FORM_HEADERS, Origin: site.origin },
        body: FORM_BODY,
      });
      expect(answer.status, path).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
  });

  it("POST to a page that does not exist (/no-such-page): 404 with 'Not Found...', as for GET", async () => {
    const answer = await sendRaw(`${site.origin}/no-such-page`, {
      method: "POST",
      headers: { ...FORM_HEADERS, Origin: site.origin },
      body: FORM_BODY,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toContain("Not Found...");
  });

  it("OPTIONS names the methods: 204 with Allow", async () => {
    const page = await sendRaw(`${site.origin}/about`, { method: "OPTIONS", headers: {} });
    expect(page.status).toBe(204);
    expect(page.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    const form = await sendRaw(`${site.origin}${JOB_PATH}`, {
      method: "OPTIONS",
      headers: {},
    });
    expect(form.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  });

  it("an unknown method (FOO /): 501", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest(`${site.origin}/`, { method: "FOO" }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on("error", reject)
        .end();
    });
    expect(status).toBe(501);
  });

  it("all of the above left nothing on stderr, and the site still serves pages", async () => {
    expect(site.stderr()).toBe("");
    const page = await sendRaw(`${site.origin}/about`, { method: "GET", headers: {} });
    expect(page.status).toBe(200);
  });
});

describe("rate limit: RATE_LIMIT_MAX_POSTS caps accepted submissions, RATE_LIMIT_MAX_ATTEMPTS every post", () => {
  it("MAX_POSTS=2: three posts with empty fields (400) do not count; two good ones are stored; the third gets 429 with Retry-After and the message, with and without JavaScript", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await contact(limited, contactFields({ name: "", email: "", message: "" }));
      expect(answer.status).toBe(400);
    }
    const before = await count(limited);
    expect((await contact(limited, contactFields())).status).toBe(303);
    expect((await contact(limited, contactFields())).status).toBe(303);
    expect(await count(limited)).toBe(before + 2);

    const page = await contact(limited, contactFields());
    expect(page.status).toBe(429);
    expect(visibleText(page.body)).toContain(TOO_MANY);
    const retryAfter = Number(page.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    const script = await contact(limited, contactFields(SENT_BY_SCRIPT), "/contact.data");
    expect(script.status).toBe(429);
    expect(script.body).toContain(TOO_MANY);
    expect(Number(script.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await count(limited)).toBe(before + 2);
  });

  it("MAX_ATTEMPTS=3: after three refused posts even a good one gets 429, nothing stored", async () => {
    for (let i = 0; i < 3; i++) expect((await contact(attempts, contactFields({ email: "" }))).status).toBe(400);
    const before = await count(attempts);
    const answer = await contact(attempts, contactFields());
    expect(answer.status).toBe(429);
    expect(visibleText(answer.body)).toContain(TOO_MANY);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await count(attempts)).toBe(before);
  });

  it("an Origin that is not a URL ('not a url', 'https://[::1', '%'): the form's own refusal, 429 once over the limit, and no error logged", async () => {
    const cross = "This form can only be sent from our own website.";
    const post = (s: Site, origin: string) =>
      postForm(`${s.origin}/contact`, contactFields(), { Origin: origin, Referer: `${s.origin}/contact` });
    for (const origin of ["not a url", "https://[::1", "%"]) {
      const answer = await post(site, origin);
      expect([origin, answer.status]).toEqual([origin, 403]);
      expect(visibleText(answer.body)).toContain(cross);
    }
    // `attempts` is over its limit (the test before): it says so, whatever the Origin.
    const limitedAnswer = await post(attempts, "not a url");
    expect(limitedAnswer.status).toBe(429);
    expect(visibleText(limitedAnswer.body)).toContain(TOO_MANY);
    expect(site.stderr() + attempts.stderr()).toBe("");
  });
});

describe("a post without the honeypot and fill-time fields (website, fillMs)", () => {
  it("is validated like a post without JavaScript: stored when valid, field messages when not", async () => {
    const { website: _w, fillMs: _f, ...fields } = contactFields();
    const before = await count(site);
    const good = await contact(site, fields);
    expect(good.status).toBe(303);
    expect(await count(site)).toBe(before + 1);

    const bad = await contact(site, { ...fields, name: "", email: "", message: "" });
    expect(bad.status).toBe(400);
    expect(visibleText(bad.body)).toContain(NAME_REQUIRED);
    expect(visibleText(bad.body)).toContain(EMAIL_REQUIRED);
    expect(visibleText(bad.body)).toContain(MESSAGE_REQUIRED);
    expect(await count(site)).toBe(before + 1);
  });
});

const pgReady = await postgresAvailable("shared rate limit (request-pipeline.test.ts)");

describe.skipIf(!pgReady)("two replicas on one PostgreSQL (RATE_LIMIT_MAX_POSTS=3)", () => {
  let schema: ThrowawaySchema;
  let replicas: Site[] = [];

  beforeAll(async () => {
    schema = await createSchema("itest_limit");
    // One after the other: the first migrates the schema.
    const [first] = await startSites([{ env: { DATABASE_URL: schema.url, RATE_LIMIT_MAX_POSTS: "3" } }]);
    const [second] = await startSites([{ env: { DATABASE_URL: schema.url, RATE_LIMIT_MAX_POSTS: "3" } }]);
    replicas = [first as Site, second as Site];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await schema?.drop();
  }, 30_000);

  it("share one limit: posts to A, B, A are stored, the next to B and to A get 429", async () => {
    const [a, b] = replicas as [Site, Site];
    const statuses: number[] = [];
    for (const replica of [a, b, a, b, a]) statuses.push((await contact(replica, contactFields())).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect(await schema.count("submissions")).toBe(3);
  });
});
