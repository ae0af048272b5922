/**
 * MAIL_TRANSPORT=emailjs end to end: forms posted over HTTP to the real server, delivered
 * by its outbox worker to the EmailJS stand-in on 127.0.0.1 (tests/support/stand-ins/
 * emailjs.ts; these machines have no internet), and the signed CV link in the application
 * mail fetched back from the server: the exact bytes while the application exists, 404
 * when tampered with, 410 when expired or deleted. Then two servers on one PostgreSQL
 * schema, without LINK_SECRET, sharing the secret one of them generated.
 *
 * OUTBOX_RETRY_SECONDS=1 makes a failed send's retry due after about a second instead of
 * 30 s, so the retry tests take seconds.
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLinkSigner } from "../../server/signed-links.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store, StoredSubmission } from "../../server/submissions/store-types.ts";
import { PG_URL } from "../support/postgres.ts";
import { type EmailJsStandIn, startEmailJsStandIn } from "../support/stand-ins/emailjs.ts";
import { applicationFields, contactFields } from "./helpers/forms.ts";
import { type Answer, JOB_TITLE, pdfBytes, postApplication, postContact, until } from "./helpers/http.ts";
import { logText } from "./helpers/log-lines.ts";
import { createSchema, postgresAvailable, type ThrowawaySchema } from "./helpers/postgres.ts";
import { freePort, NODE, ROOT, type Site, startSite, startSites } from "../support/site-server.ts";

const LINK_SECRET = "integration-test-link-secret-0123456789abcdef";
const PRIVATE_KEY = "itest-private-key-9876";
const EMAILJS_ENV = {
  MAIL_TRANSPORT: "emailjs",
  EMAILJS_PUBLIC_KEY: "itest-public-key",
  EMAILJS_PRIVATE_KEY: PRIVATE_KEY,
  EMAILJS_SERVICE_ID: "service_itest",
  EMAILJS_CONTACT_TEMPLATE: "template_contact",
  EMAILJS_APPLICATION_TEMPLATE: "template_apply",
  EMAILJS_CONFIRMATION_TEMPLATE: "template_confirm",
  OUTBOX_RETRY_SECONDS: "1",
};
const DAY = 86_400_000;

const pgReady = await postgresAvailable("PostgreSQL half of the EmailJS delivery tests (emailjs-delivery.test.ts)");

let standIn: EmailJsStandIn;
let site: Site;
let store: Store;

beforeAll(async () => {
  standIn = await startEmailJsStandIn();
  // The port first, so SITE_URL (the origin of the CV links) names this very server.
  const port = await freePort();
  site = await startSite({
    port,
    env: {
      ...EMAILJS_ENV,
      EMAILJS_API_ORIGIN: standIn.origin,
      SITE_URL: `http://127.0.0.1:${port}`,
      LINK_SECRET,
      CV_LINK_DAYS: "2",
    },
  });
  store = await openStore({ sqlitePath: site.sqlitePath });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await site?.stop();
  await standIn?.stop();
}, 30_000);

// ── Helpers ──────────────────────────────────────────────────────────────────────────

async function storedBy(s: Store, email: string): Promise<StoredSubmission> {
  const row = (await s.list({ limit: 10_000 })).find((r) => r.email === email);
  if (!row) throw new Error(`nothing stored for ${email}`);
  return row;
}

interface SendBody {
  service_id: string;
  template_id: string;
  user_id: string;
  accessToken: string;
  template_params: Record<string, string>;
}

/** The sends the stand-in received about one submission, with what each was answered. */
function sendsAbout(submissionId: string) {
  return standIn.answered
    .map((a) => ({ ...a, body: a.body as SendBody }))
    .filter((a) => a.body?.template_params?.submission_id === submissionId);
}

async function delivered(s: Store, id: string, count: number): Promise<void> {
  await until(`the store to show ${count} mail(s) sent for ${id}`, async () => {
    const mail = (await s.get(id))?.mail;
    return mail?.sent === count && mail.pending === 0 ? true : undefined;
  });
}

/** Posts an application and returns its row and the CV link from the application mail. */
async function applyAndGetLink(on: Site, s: Store, cv: Uint8Array, fileName = "Asha Rao CV.pdf") {
  const fields = applicationFields({ name: "Asha Rao" });
  expect((await postApplication(on, fields, fileName, cv)).status).toBe(303);
  const row = await storedBy(s, fields.email as string);
  const notification = await until("the application mail", () =>
    sendsAbout(row.id).find((a) => a.body.template_id === "template_apply" && a.status === 200),
  );
  return { row, fields, link: notification.body.template_params.attachment as string, notification };
}

function expectErrorPage(answer: Answer, status: number, title: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("x-robots-tag")).toBe("noindex");
  expect(answer.body).toMatch(/^<!doctype html>/);
  expect(answer.body).toMatch(title);
  expect(answer.body).toContain('<a href="/">');
  // A clear page, not the site's error screen or a stack trace.
  expect(answer.body).not.toMatch(/\n\s+at /);
}

async function get(url: string, init: RequestInit = {}): Promise<Answer & { bytes: Buffer }> {
  const res = await fetch(url, { redirect: "manual", ...init });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: bytes.toString("utf8"), bytes };
}

function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ["server/cli/submissions.ts", ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

// ── One server, SQLite, LINK_SECRET set ────────────────────────────────────────────

describe("MAIL_TRANSPORT=emailjs (the EmailJS stand-in on 127.0.0.1)", () => {
  it("a contact post reaches EmailJS with the contact template's params, the keys as user_id and accessToken, and is marked delivered", async () => {
    // Ravi Kumar, 98450 12345 and a message of two lines joined by CR LF (helpers/forms.ts).
    const fields = contactFields();
    expect((await postContact(site, fields)).status).toBe(303);
    const row = await storedBy(store, fields.email as string);
    const [send, ...more] = await until("the contact send", () => {
      const found = sendsAbout(row.id);
      return found.length > 0 ? found : undefined;
    });
    expect(more).toEqual([]);
    expect(send?.status).toBe(200);
    expect(send?.headers["content-type"]).toBe("application/json");
    expect(send?.body).toEqual({
      service_id: "service_itest",
      template_id: "template_contact",
      user_id: "itest-public-key",
      accessToken: PRIVATE_KEY,
      template_params: {
        to_name: "Blueberry Semiconductors",
        from_name: "Ravi Kumar",
        from_email: fields.email,
        from_mobile: "+919845012345",
        message: "We need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
        submission_id: row.id,
      },
    });
    await delivered(store, row.id, 1);
    // The key travels only in the request body, never into the log.
    expect(site.stdout() + site.stderr()).not.toContain(PRIVATE_KEY);
  });

  it("an application sends the company mail with a CV link that returns the exact CV bytes, and the applicant's confirmation", async () => {
    const cv = pdfBytes(40_000);
    const sentAt = Date.now();
    const { row, fields, link } = await applyAndGetLink(site, store, cv, "Asha Rao CV.pdf");
    const sends = await until("both sends", () => {
      const found = sendsAbout(row.id).filter((a) => a.status === 200);
      return found.length >= 2 ? found : undefined;
    });
    const notification = sends.find((a) => a.body.template_id === "template_apply")?.body.template_params;
    const confirmation = sends.find((a) => a.body.template_id === "template_confirm")?.body.template_params;
    expect(notification).toEqual({
      name: "Asha Rao",
      email: fields.email,
      phone: "+919845054321",
      comment: "Six years of UVM on PCIe Gen5 controllers.",
      attachment: link,
      job: JOB_TITLE,
      privacy_version: row.privacyVersion,
      submission_id: row.id,
    });
    expect(confirmation).toEqual({
      to_name: "Asha Rao",
      to_email: fields.email,
      job: JOB_TITLE,
      reply_to: "careers@blueberrysemiconductors.com",
      privacy_url: `${site.origin}/privacy`,
      erase_link: expect.stringContaining(`${site.origin}/my-application/`),
      submission_id: row.id,
    });
    await delivered(store, row.id, 2);

    // The confirmation's erase link opens the applicant's own page on this server.
    const erasePage = await get(String(confirmation?.erase_link));
    expect(erasePage.status).toBe(200);
    expect(erasePage.bytes.toString()).toContain("Asha Rao CV.pdf");

    // The link: on this server, under /cv/, nothing personal in it, expiring in CV_LINK_DAYS=2.
    const url = new URL(link);
    expect(url.origin).toBe(site.origin);
    expect(url.pathname).toMatch(/^\/cv\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(link).not.toContain("Asha");
    expect(link).not.toContain(encodeURIComponent(fields.email as string));
    const check = createLinkSigner(LINK_SECRET).verify(url.pathname.slice(4));
    if (check.status !== "valid") throw new Error(`the link is ${check.status}`);
    expect(check.submissionId).toBe(row.id);
    expect(check.expiresAt.getTime()).toBeGreaterThan(sentAt + 2 * DAY - 60_000);
    expect(check.expiresAt.getTime()).toBeLessThan(Date.now() + 2 * DAY + 1000);

    const answer = await get(link);
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(cv)).toBe(true);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-length")).toBe(String(cv.length));
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="Asha Rao CV.pdf"; filename*=UTF-8''Asha%20Rao%20CV.pdf`,
    );
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("content-encoding")).toBeNull();

    // HEAD: the same headers, no body.
    const head = await get(link, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers.get("content-length")).toBe(String(cv.length));
    expect(head.headers.get("content-disposition")).toBe(answer.headers.get("content-disposition"));

    // Other methods: 405 naming the allowed ones, never the CV.
    for (const method of ["POST", "PUT", "DELETE"]) {
      const refused = await get(link, { method, headers: { Origin: site.origin } });
      expectErrorPage(refused, 405, /<title>Method not allowed/);
      expect(refused.headers.get("allow")).toBe("GET, HEAD");
    }
  });

  it("a tampered link answers 404 with a small page (each part changed, truncated, extended, another secret)", async () => {
    const { row, link } = await applyAndGetLink(site, store, pdfBytes());
    const url = new URL(link);
    const [id, expiry, mac] = url.pathname.slice(4).split(".") as [string, string, string];
    const flip = (part: string) => (part[0] === "A" ? "Q" : "A") + part.slice(1);
    const otherSecret = createLinkSigner("some-other-secret-that-is-32-characters-long");
    const bad = [
      `${flip(id)}.${expiry}.${mac}`,
      `${id}.${flip(expiry)}.${mac}`,
      `${id}.${expiry}.${flip(mac)}`,
      `${id}.${expiry}.${mac.slice(0, -2)}`,
      `${id}.${expiry}.${mac}AA`,
      `${id}.${expiry}`,
      "not-a-token",
      "",
      otherSecret.sign(row.id, new Date(Date.now() + DAY)),
    ];
    for (const token of bad) {
      const answer = await get(`${site.origin}/cv/${token}`);
      expectErrorPage(answer, 404, /<title>Link not found/);
      expect(answer.body).toContain("This CV link is not valid");
    }
    // The untampered link still works.
    expect((await get(link)).status).toBe(200);
  });

  it("an expired link answers 410 with a page saying so", async () => {
    const { row, link } = await applyAndGetLink(site, store, pdfBytes());
    expect((await get(link)).status).toBe(200);
    // Signed with the server's own secret, for this application, one second in the past.
    const expired = createLinkSigner(LINK_SECRET).sign(row.id, new Date(Date.now() - 1000));
    const answer = await get(`${site.origin}/cv/${expired}`);
    expectErrorPage(answer, 410, /<title>Link expired/);
    expect(answer.body).toContain("This CV link has expired");
  });

  it("after `npm run submissions -- delete --email …` the link answers 410: the CV is gone", async () => {
    const { fields, link } = await applyAndGetLink(site, store, pdfBytes());
    expect((await get(link)).status).toBe(200);
    const run = await cli({ DATA_DIR: site.dataDir }, "delete", "--email", fields.email as string);
    expect(run.code, run.stderr).toBe(0);
    const answer = await get(link);
    expectErrorPage(answer, 410, /<title>CV no longer available/);
    expect(answer.body).not.toContain("%PDF");
    expect((await get(link, { method: "HEAD" })).status).toBe(410);
  });

  it("a 503 from EmailJS is retried (OUTBOX_RETRY_SECONDS=1) and then delivered, once", async () => {
    standIn.failNext(1, 503);
    const fields = contactFields({ name: "Retry Rani" });
    expect((await postContact(site, fields)).status).toBe(303);
    const row = await storedBy(store, fields.email as string);
    await delivered(store, row.id, 1);
    expect(sendsAbout(row.id).map((a) => a.status)).toEqual([503, 200]);
    expect(logText(site.stderr())).toMatch(
      /mail outbox: company_notification \S+ for submission \S+ failed \(attempt 1\): EmailJS answered HTTP 503 "Service Unavailable" for the contact mail; will retry/,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(sendsAbout(row.id)).toHaveLength(2);
  });

  it("403 'non-browser applications' is logged as ACTION NEEDED and retried until EmailJS accepts", async () => {
    standIn.respondWith(403, "API calls are disabled for non-browser applications");
    const fields = contactFields({ name: "Blocked Bala" });
    expect((await postContact(site, fields)).status).toBe(303);
    const row = await storedBy(store, fields.email as string);
    await until("the refused send", () => (sendsAbout(row.id).length > 0 ? true : undefined));
    await until("the log line", () => (/ACTION NEEDED/.test(site.stderr()) ? true : undefined));
    expect(logText(site.stderr())).toContain(
      'switch on "API access from non-browser environments" in the EmailJS dashboard',
    );
    expect((await store.get(row.id))?.mail).toEqual({ pending: 1, sent: 0 });
    standIn.reset();
    await delivered(store, row.id, 1);
  });
});

// ── Two servers on one PostgreSQL schema, LINK_SECRET unset ────────────────────────

describe.skipIf(!pgReady)("two servers on one PostgreSQL without LINK_SECRET", () => {
  let schema: ThrowawaySchema | undefined;
  let sites: Site[] = [];
  let pgStore: Store | undefined;

  afterAll(async () => {
    await pgStore?.close();
    await Promise.all(sites.map((s) => s.stop()));
    await schema?.drop();
  }, 60_000);

  it("share one generated secret: a link made by either verifies on both", async () => {
    schema = await createSchema("itest_emailjs");
    const ports = [await freePort(), await freePort()];
    const env = (port: number) => ({
      ...EMAILJS_ENV,
      EMAILJS_API_ORIGIN: standIn.origin,
      DATABASE_URL: (schema as ThrowawaySchema).url,
      SITE_URL: `http://127.0.0.1:${port}`,
    });
    // Started at once: both migrate and race to store their own generated secret.
    sites = await startSites(ports.map((port) => ({ port, env: env(port) })));
    pgStore = await openStore({ databaseUrl: schema.url, sqlitePath: "unused.sqlite" });
    const [a, b] = sites as [Site, Site];

    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query(`SELECT key, length(value) AS length FROM ${schema.schema}.settings`);
      expect(rows).toEqual([{ key: "link_secret", length: 43 }]);
    } finally {
      await admin.end();
    }

    const cv = pdfBytes(5000);
    const { row, link } = await applyAndGetLink(a, pgStore, cv);
    await delivered(pgStore, row.id, 2);
    // Whichever server's worker sent it, the same token opens the CV on both.
    const token = new URL(link).pathname;
    for (const server of [a, b]) {
      const answer = await get(`${server.origin}${token}`);
      expect(answer.status, `${server.origin}${token}`).toBe(200);
      expect(answer.bytes.equals(cv)).toBe(true);
    }
    // And a link signed by neither is refused by both.
    const forged = createLinkSigner(LINK_SECRET).sign(row.id, new Date(Date.now() + DAY));
    for (const server of [a, b]) expect((await get(`${server.origin}/cv/${forged}`)).status).toBe(404);
  }, 120_000);
});
