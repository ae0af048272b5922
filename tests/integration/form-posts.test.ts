/**
 * The two forms against the real server (SQLite store): what a visitor sees for a good
 * post and for each bad one, and what landed in the store. Every refusal is asserted
 * twice: the status and message the visitor gets, and that the store did not change.
 */
import { createHash } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrivacyPageSchema } from "../../app/content/schema.ts";
import { contentFile } from "../support/content-files.ts";
import {
  APPLY_SUCCESS,
  CONSENT_REQUIRED,
  CV_EMPTY,
  CV_REQUIRED,
  CV_TOO_LARGE,
  CV_WRONG_TYPE,
  OPENING_CLOSED,
} from "../../app/forms/application/messages.ts";
import { CONTACT_SUCCESS, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "../../app/forms/contact/messages.ts";
import {
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  FORM_TOO_LARGE,
  NAME_REQUIRED,
  PHONE_REQUIRED,
} from "../../app/forms/messages.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store, StoredSubmission } from "../../server/submissions/store-types.ts";
import { applicationFields, contactFields, SENT_BY_SCRIPT } from "./helpers/forms.ts";
import {
  type Answer,
  type FilePart,
  JOB_PATH,
  JOB_SLUG,
  JOB_TITLE,
  multipart,
  pdfBytes,
  postForm,
  postMultipart,
  send,
  stackTraceIn,
  visibleText,
} from "./helpers/http.ts";
import { type Site, startSites } from "../support/site-server.ts";

const privacy = contentFile("pages/privacy.yaml", PrivacyPageSchema);

// Exact texts of the server's own refusals (app/forms/action-steps.server.ts).
const CROSS_ORIGIN = "This form can only be sent from our own website. Please open the page again and resend it.";
const TOO_MANY = "Too many submissions from your network in a short time. Please wait a few minutes and try again.";
const TOO_FAST = "That was quicker than anyone can type. Please check the form and send it again.";
const UNREADABLE = "We could not read what your browser sent. Please try again.";
const WRONG_CONTENT_TYPE = "Please send this form from the page on our website.";
// The notice the job page showed: its version is stored with the consent.
const PRIVACY_VERSION = privacy.version;

let site: Site;
let rateSite: Site;
let timedSite: Site;
let store: Store;
let rateStore: Store;
let timedStore: Store;

/** Every answer the tests got, for the last test: never a 500, never a stack trace. */
const answers: { what: string; answer: Answer }[] = [];

beforeAll(async () => {
  [site, rateSite, timedSite] = (await startSites([
    {},
    { env: { RATE_LIMIT_MAX_POSTS: "10" } },
    { env: { MIN_FILL_SECONDS: "3" } },
  ])) as [Site, Site, Site];
  [store, rateStore, timedStore] = await Promise.all([
    openStore({ sqlitePath: site.sqlitePath }),
    openStore({ sqlitePath: rateSite.sqlitePath }),
    openStore({ sqlitePath: timedSite.sqlitePath }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([store, rateStore, timedStore].map((s) => s?.close()));
  await Promise.all([site, rateSite, timedSite].map((s) => s?.stop()));
}, 30_000);

// ── Helpers ──────────────────────────────────────────────────────────────────────────

function keep(what: string, answer: Answer): Answer {
  answers.push({ what, answer });
  return answer;
}

function sameOrigin(s: Site): Record<string, string> {
  return { Origin: s.origin };
}

function contact(fields: Record<string, string>, headers?: Record<string, string>, on: Site = site) {
  return postForm(`${on.origin}/contact`, fields, headers ?? sameOrigin(on)).then((a) => keep("contact", a));
}

function apply(fields: Record<string, string>, file?: FilePart, headers?: Record<string, string>, on: Site = site) {
  return postMultipart(`${on.origin}${JOB_PATH}`, fields, file, headers ?? sameOrigin(on)).then((a) =>
    keep("application", a),
  );
}

function pdf(name = "Asha Rao CV.pdf", bytes: Uint8Array = pdfBytes()): FilePart {
  return { name, type: "application/pdf", bytes };
}

async function count(s: Store = store): Promise<number> {
  return (await s.list({ limit: 10_000 })).length;
}

async function byEmail(email: string, s: Store = store): Promise<StoredSubmission[]> {
  return (await s.list({ limit: 10_000 })).filter((row) => row.email === email);
}

/** Runs `post` and checks that the store holds exactly as many submissions as before. */
async function refused(post: () => Promise<Answer>, s: Store = store): Promise<Answer> {
  const before = await count(s);
  const answer = await post();
  expect(await count(s), "nothing may be stored for a refused post").toBe(before);
  return answer;
}

/** Whether the page shows `value` again in the named input (a failed post without JavaScript). */
function showsAgain(body: string, name: string, value: string): boolean {
  const input = body.match(new RegExp(`<input[^>]*\\sname="${name}"[^>]*>`))?.[0] ?? "";
  const textarea = new RegExp(`<textarea[^>]*\\sname="${name}"[^>]*>([^<]*)</textarea>`).exec(body)?.[1];
  return input.includes(` value="${value}"`) || textarea === value;
}

/** More than the server takes in one post (a CV and 64 KB besides, server/app.ts). */
const OVER_THE_CAP = "z".repeat(700 * 1024);

function expectSees(answer: Answer, status: number, ...messages: string[]) {
  expect(answer.status, answer.body.slice(0, 300)).toBe(status);
  const text = visibleText(answer.body);
  for (const message of messages) expect(text).toContain(message);
}

// ── Good posts ───────────────────────────────────────────────────────────────────────

describe("a valid contact message", () => {
  it("as a plain HTML form: 303 to /contact?sent=1, the page says it was sent, the row has an E.164 phone", async () => {
    const fields = contactFields();
    const answer = await contact(fields);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/contact?sent=1");

    const page = keep("GET /contact?sent=1", await send(`${site.origin}/contact?sent=1`));
    expectSees(page, 200, CONTACT_SUCCESS);

    const [row, ...others] = await byEmail(fields.email as string);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      kind: "contact",
      name: "Ravi Kumar",
      email: fields.email,
      phone: "+919845012345",
      // The browser sends the textarea's line breaks as CR LF; the store keeps LF.
      message: "We need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
      cv: null,
    });
  });

  it("as a data request (POST /contact.data, as the page's script sends it): 200 with the success message", async () => {
    const fields = contactFields(SENT_BY_SCRIPT);
    const answer = keep("contact.data", await postForm(`${site.origin}/contact.data`, fields, sameOrigin(site)));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(CONTACT_SUCCESS);
    expect(await byEmail(fields.email as string)).toHaveLength(1);
  });
});

describe("a valid application", () => {
  it("multipart with a small real PDF: 303 to the job page with ?applied=1; CV bytes, sha256, consent and privacy version stored", async () => {
    const fields = applicationFields();
    const bytes = pdfBytes();
    const before = Date.now();
    const answer = await apply(fields, pdf("Asha Rao CV.pdf", bytes));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${JOB_PATH}?applied=1#apply`);

    const page = keep("GET job?applied=1", await send(`${site.origin}${JOB_PATH}?applied=1`));
    expectSees(page, 200, APPLY_SUCCESS);

    const [row, ...others] = await byEmail(fields.email as string);
    expect(others).toEqual([]);
    if (!row) throw new Error("the application was not stored");
    expect(row).toMatchObject({
      kind: "application",
      name: "Asha Rao",
      phone: "+919845054321",
      comment: "Six years of UVM on PCIe Gen5 controllers.",
      jobSlug: JOB_SLUG,
      jobTitle: JOB_TITLE,
      privacyVersion: PRIVACY_VERSION,
    });
    expect(row.consentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.consentAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const cv = await store.getCv(row.id);
    if (!cv) throw new Error("the CV was not stored");
    expect(Buffer.from(cv.bytes).equals(bytes)).toBe(true);
    expect(cv.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(cv).toMatchObject({ fileName: "Asha Rao CV.pdf", detectedType: "pdf", size: bytes.length });
  });

  it("a CV of exactly 512,000 bytes is accepted whole", async () => {
    const fields = applicationFields();
    const bytes = pdfBytes(512_000);
    const answer = await apply(fields, pdf("exactly-500KB.pdf", bytes));
    expect(answer.status).toBe(303);
    const [row] = await byEmail(fields.email as string);
    if (!row) throw new Error("not stored");
    const cv = await store.getCv(row.id);
    expect(cv?.size).toBe(512_000);
    expect(Buffer.from(cv?.bytes ?? []).equals(bytes)).toBe(true);
  });

  it("a PDF named ../../etc/passwd.pdf is accepted and stored as passwd.pdf", async () => {
    const fields = applicationFields();
    const answer = await apply(fields, pdf("../../etc/passwd.pdf"));
    expect(answer.status).toBe(303);
    const [row] = await byEmail(fields.email as string);
    expect(row?.cv?.fileName).toBe("passwd.pdf");
  });

  it("unicode names ('Zoë Ångström 李小龍') are accepted and stored exactly, in both forms", async () => {
    const name = "Zoë Ångström 李小龍";
    const c = contactFields({ name });
    expect((await contact(c)).status).toBe(303);
    expect((await byEmail(c.email as string))[0]?.name).toBe(name);

    const a = applicationFields({ name });
    expect((await apply(a, pdf(`${name} CV.pdf`))).status).toBe(303);
    const [row] = await byEmail(a.email as string);
    expect(row?.name).toBe(name);
    expect(row?.cv?.fileName).toBe(`${name} CV.pdf`);
  });

  it("CR/LF in the name ('Eve\\r\\nBcc: victim@example.com') is accepted and stored without line breaks", async () => {
    const c = contactFields({ name: "Eve\r\nBcc: victim@example.com" });
    expect((await contact(c)).status).toBe(303);
    const [row] = await byEmail(c.email as string);
    expect(row?.name).toBe("Eve Bcc: victim@example.com");

    const a = applicationFields({ name: "Eve\r\nBcc: victim@example.com" });
    expect((await apply(a, pdf())).status).toBe(303);
    expect((await byEmail(a.email as string))[0]?.name).toBe("Eve Bcc: victim@example.com");
  });
});

// ── Refusals ─────────────────────────────────────────────────────────────────────────

describe("refused with a clear message, nothing stored", () => {
  it("an application to an opening that has left the site (its page opened before the build that closed it): 410 'This Opening Has Closed', with the way to the openings", async () => {
    const closed = "/careers/jobs/vlsi/closed-since-the-page-was-opened";
    const answer = await refused(() =>
      postMultipart(`${site.origin}${closed}`, applicationFields(), pdf(), sameOrigin(site)).then((a) =>
        keep("application to a closed opening", a),
      ),
    );
    expectSees(answer, 410, "This Opening Has Closed", OPENING_CLOSED, "See current openings");
    expect(answer.body).toContain('href="/careers/jobs"');
    // The page itself is gone like any unknown one.
    expect((await send(`${site.origin}${closed}`)).status).toBe(404);
  });

  it("contact form with every field empty: 400 and each field's required message", async () => {
    const answer = await refused(() =>
      contact(contactFields({ name: "", email: "", phoneCountry: "IN", phone: "", message: "" })),
    );
    expectSees(answer, 400, NAME_REQUIRED, EMAIL_REQUIRED, PHONE_REQUIRED, MESSAGE_REQUIRED);
  });

  it("a name and message of invisible characters only (U+200B U+200B U+2060, a Hangul filler): 400 and the required messages, nothing stored or mailed", async () => {
    const c = await refused(() =>
      contact(contactFields({ name: "\u200B\u200B\u2060", message: "\u3164\u200B \u00AD" })),
    );
    expectSees(c, 400, NAME_REQUIRED, MESSAGE_REQUIRED);
    const a = await refused(() => apply(applicationFields({ name: "\uFEFF\u2800" }), pdf()));
    expectSees(a, 400, NAME_REQUIRED);
  });

  it("application with every field empty and no file chosen: 400 and each field's required message", async () => {
    // What a browser sends for an untouched form: empty texts, consent unchecked (absent),
    // and the file input as an empty part with an empty file name.
    const { consent: _consent, ...fields } = applicationFields({ name: "", email: "", phone: "", comment: "" });
    const answer = await refused(() =>
      apply(fields, { name: "", type: "application/octet-stream", bytes: new Uint8Array() }),
    );
    expectSees(answer, 400, NAME_REQUIRED, EMAIL_REQUIRED, PHONE_REQUIRED, CV_REQUIRED, CONSENT_REQUIRED);
  });

  it("contact with a 10 MB message: 413 'Message must be at most 5,000 characters.'", async () => {
    const answer = await refused(() => contact(contactFields({ message: "x".repeat(10 * 1024 * 1024) })));
    expectSees(answer, 413, MESSAGE_TOO_LONG);
  });

  it("contact with a 5,001-character message: 400 with the same message", async () => {
    const answer = await refused(() => contact(contactFields({ message: "y".repeat(5001) })));
    expectSees(answer, 400, MESSAGE_TOO_LONG);
  });

  it("contact: an urlencoded body over the size cap with no message field (a 700 KB extra field): 413 'The form was too large to send', not the message's length; the name is shown again", async () => {
    const { message: _message, ...fields } = contactFields();
    const answer = await refused(() => contact({ ...fields, notes: OVER_THE_CAP }));
    expectSees(answer, 413, FORM_TOO_LARGE);
    expect(visibleText(answer.body)).not.toContain(MESSAGE_TOO_LONG);
    expect(showsAgain(answer.body, "name", "Ravi Kumar")).toBe(true);
  });

  it("contact: a short message, then a field that takes the body over the cap: 413 'The form was too large', the message shown again", async () => {
    const fields = contactFields({ message: "Short and to the point." });
    const answer = await refused(() => contact({ ...fields, notes: OVER_THE_CAP }));
    expectSees(answer, 413, FORM_TOO_LARGE);
    expect(visibleText(answer.body)).not.toContain(MESSAGE_TOO_LONG);
    expect(showsAgain(answer.body, "message", "Short and to the point.")).toBe(true);
    expect(showsAgain(answer.body, "name", "Ravi Kumar")).toBe(true);
  });

  it("contact: a 6,000-character message, then a field that takes the body over the cap: 413 with the message's length, as the message itself is over it", async () => {
    const answer = await refused(() =>
      contact({ ...contactFields({ message: "m".repeat(6000) }), notes: OVER_THE_CAP }),
    );
    expectSees(answer, 413, MESSAGE_TOO_LONG);
    expect(visibleText(answer.body)).not.toContain(FORM_TOO_LARGE);
  });

  it("contact as a data request (the page's script) over the cap: 413 with 'The form was too large' in the answer", async () => {
    const { message: _message, ...fields } = contactFields(SENT_BY_SCRIPT);
    const answer = await refused(() =>
      postForm(`${site.origin}/contact.data`, { ...fields, notes: OVER_THE_CAP }, sameOrigin(site)).then((a) =>
        keep("contact.data over the cap", a),
      ),
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(FORM_TOO_LARGE);
    expect(answer.body).not.toContain(MESSAGE_TOO_LONG);
  });

  it("contact as multipart over the cap with a file and no message: 413 'The form was too large'", async () => {
    const { message: _message, ...fields } = contactFields();
    const file = {
      field: "attachment",
      name: "big.bin",
      type: "application/octet-stream",
      bytes: Buffer.from(OVER_THE_CAP),
    };
    const answer = await refused(() =>
      postMultipart(`${site.origin}/contact`, fields, file, sameOrigin(site)).then((a) => keep("contact multipart", a)),
    );
    expectSees(answer, 413, FORM_TOO_LARGE);
    expect(visibleText(answer.body)).not.toContain(MESSAGE_TOO_LONG);
  });

  it("application: a 700 KB comment with a small CV: 413 'The form was too large', not the CV's size; the name is shown again", async () => {
    const answer = await refused(() => apply(applicationFields({ comment: OVER_THE_CAP }), pdf()));
    expectSees(answer, 413, FORM_TOO_LARGE);
    expect(visibleText(answer.body)).not.toContain(CV_TOO_LARGE);
    expect(showsAgain(answer.body, "name", "Asha Rao")).toBe(true);
  });

  it("application: a CV within its limit (500,000 bytes) after a 100 KB stray field, over the cap together: 413 'The form was too large', not the CV's size", async () => {
    const fields = { ...applicationFields(), notes: "n".repeat(100 * 1024) };
    const answer = await refused(() => apply(fields, pdf("fine.pdf", pdfBytes(500_000))));
    expectSees(answer, 413, FORM_TOO_LARGE);
    expect(visibleText(answer.body)).not.toContain(CV_TOO_LARGE);
  });

  it("application: a 700 KB CV: 413 'FileSize must be less than 500KB', the name shown again", async () => {
    const answer = await refused(() => apply(applicationFields(), pdf("huge.pdf", pdfBytes(700 * 1024))));
    expectSees(answer, 413, CV_TOO_LARGE);
    expect(visibleText(answer.body)).not.toContain(FORM_TOO_LARGE);
    expect(showsAgain(answer.body, "name", "Asha Rao")).toBe(true);
  });

  it("a CV of 512,001 bytes: 413 'FileSize must be less than 500KB'", async () => {
    const answer = await refused(() => apply(applicationFields(), pdf("too-big.pdf", pdfBytes(512_001))));
    expectSees(answer, 413, CV_TOO_LARGE);
  });

  it("a zero-byte CV (empty.pdf): 400 'This file is empty'", async () => {
    const answer = await refused(() => apply(applicationFields(), pdf("empty.pdf", new Uint8Array())));
    expectSees(answer, 400, CV_EMPTY);
  });

  it("an executable renamed cv.pdf (starts with MZ): 400 with the file-type message", async () => {
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00", "latin1"), Buffer.alloc(2000, 0)]);
    exe.write("This program cannot be run in DOS mode.", 78, "latin1");
    const answer = await refused(() =>
      apply(applicationFields(), { name: "cv.pdf", type: "application/pdf", bytes: exe }),
    );
    expectSees(answer, 400, CV_WRONG_TYPE);
  });

  it("a PDF named ../../etc/passwd (no extension): 400 with the file-type message", async () => {
    const answer = await refused(() => apply(applicationFields(), pdf("../../etc/passwd")));
    expectSees(answer, 400, CV_WRONG_TYPE);
  });

  it("CR/LF in the e-mail ('a@example.com\\r\\nBcc: victim@example.com'): 400 invalid e-mail", async () => {
    const email = "a@example.com\r\nBcc: victim@example.com";
    const c = await refused(() => contact(contactFields({ email })));
    expectSees(c, 400, EMAIL_INVALID);
    const a = await refused(() => apply(applicationFields({ email }), pdf()));
    expectSees(a, 400, EMAIL_INVALID);
  });

  it("a cross-origin contact post (Origin: https://evil.example): 403 with the cross-origin message", async () => {
    const answer = await refused(() => contact(contactFields(), { Origin: "https://evil.example" }));
    expectSees(answer, 403, CROSS_ORIGIN);
  });

  it("a cross-origin application (Origin: https://evil.example): 403 with the cross-origin message", async () => {
    const answer = await refused(() => apply(applicationFields(), pdf(), { Origin: "https://evil.example" }));
    expectSees(answer, 403, CROSS_ORIGIN);
  });

  it("a cross-origin data request (POST /contact.data, Origin: https://evil.example): 403 with the cross-origin message", async () => {
    const answer = await refused(() =>
      postForm(`${site.origin}/contact.data`, contactFields(), { Origin: "https://evil.example" }).then((a) =>
        keep("cross-origin contact.data", a),
      ),
    );
    expect(answer.status, answer.body.slice(0, 200)).toBe(403);
    expect(answer.body).toContain(CROSS_ORIGIN);
  });

  it("a post with no Origin and a Referer from elsewhere (https://evil.example/contact): 403 with the cross-origin message", async () => {
    const answer = await refused(() => contact(contactFields(), { Referer: "https://evil.example/contact" }));
    expectSees(answer, 403, CROSS_ORIGIN);
  });

  it("a post with no Origin and no Referer: 403 with the cross-origin message", async () => {
    expectSees(await refused(() => contact(contactFields(), {})), 403, CROSS_ORIGIN);
    expectSees(await refused(() => apply(applicationFields(), pdf(), {})), 403, CROSS_ORIGIN);
  });

  it("a post whose only proof of origin is a same-site Referer is accepted (browsers that omit Origin)", async () => {
    const fields = contactFields();
    const answer = await contact(fields, { Referer: `${site.origin}/contact` });
    expect(answer.status).toBe(303);
    expect(await byEmail(fields.email as string)).toHaveLength(1);
  });

  it("malformed multipart (body written with another boundary than the header's): 400 'We could not read what your browser sent.'", async () => {
    const { body } = multipart(applicationFields(), pdf(), "the-real-boundary");
    const answer = await refused(() =>
      send(`${site.origin}${JOB_PATH}`, {
        method: "POST",
        headers: { ...sameOrigin(site), "Content-Type": "multipart/form-data; boundary=another-boundary" },
        body,
      }).then((a) => keep("wrong boundary", a)),
    );
    expectSees(answer, 400, UNREADABLE);
  });

  it("garbage bytes with a multipart content type: 400 'We could not read…', both forms", async () => {
    const garbage = Buffer.from("this is not multipart at all\r\n\r\n--\x00\xff\r\n", "latin1");
    const headers = { ...sameOrigin(site), "Content-Type": "multipart/form-data; boundary=xyz" };
    for (const path of [JOB_PATH, "/contact"]) {
      const answer = await refused(() =>
        send(`${site.origin}${path}`, { method: "POST", headers, body: garbage }).then((a) =>
          keep(`garbage ${path}`, a),
        ),
      );
      expectSees(answer, 400, UNREADABLE);
    }
  });

  it("multipart with no boundary at all: 400 'We could not read…'", async () => {
    const answer = await refused(() =>
      send(`${site.origin}${JOB_PATH}`, {
        method: "POST",
        headers: { ...sameOrigin(site), "Content-Type": "multipart/form-data" },
        body: multipart(applicationFields(), pdf()).body,
      }).then((a) => keep("no boundary", a)),
    );
    expectSees(answer, 400, UNREADABLE);
  });

  it("a wrong content type (application/json) to the job page: 415", async () => {
    const answer = await refused(() =>
      send(`${site.origin}${JOB_PATH}`, {
        method: "POST",
        headers: { ...sameOrigin(site), "Content-Type": "application/json" },
        body: JSON.stringify(applicationFields()),
      }).then((a) => keep("json to job", a)),
    );
    expectSees(answer, 415, WRONG_CONTENT_TYPE);
  });

  it("application/json to the contact form: 400 'We could not read…'", async () => {
    const answer = await refused(() =>
      send(`${site.origin}/contact`, {
        method: "POST",
        headers: { ...sameOrigin(site), "Content-Type": "application/json" },
        body: JSON.stringify(contactFields()),
      }).then((a) => keep("json to contact", a)),
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expectSees(answer, 400, UNREADABLE);
  });

  it("an upload cut off mid-way (Content-Length 300000, 100000 bytes sent, socket destroyed): nothing stored, the server still answers", async () => {
    const before = await count();
    const { body, contentType } = multipart(applicationFields(), pdf("cut.pdf", pdfBytes(290_000)));
    const head =
      `POST ${JOB_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nOrigin: ${site.origin}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: 300000\r\n\r\n`;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(site.port, "127.0.0.1", () => {
        socket.write(head);
        socket.write(body.subarray(0, 100_000), () => {
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200);
        });
      });
      socket.on("error", reject);
    });
    // Give the server time to notice the abort and settle.
    await new Promise((r) => setTimeout(r, 500));
    const health = await send(`${site.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: "ok", store: "sqlite" });
    expect(await count()).toBe(before);
    // And it still takes a good post afterwards.
    const fields = contactFields();
    expect((await contact(fields)).status).toBe(303);
    expect(await byEmail(fields.email as string)).toHaveLength(1);
  });

  it("the honeypot filled (website=http://spam.example): answers like success (303) but nothing is stored", async () => {
    const c = await refused(() => contact(contactFields({ website: "http://spam.example" })));
    expect(c.status).toBe(303);
    expect(c.headers.get("location")).toBe("/contact?sent=1");
    const a = await refused(() => apply(applicationFields({ website: "http://spam.example" }), pdf()));
    expect(a.status).toBe(303);
    expect(a.headers.get("location")).toBe(`${JOB_PATH}?applied=1#apply`);
  });
});

describe("rate limit (RATE_LIMIT_MAX_POSTS=10)", () => {
  it("20 rapid posts from one address: the first 10 are taken, the 11th on answer 429 'Too many submissions' and store nothing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const before = await count(rateStore);
      const answer = await contact(contactFields(), undefined, rateSite);
      statuses.push(answer.status);
      if (i < 10) {
        expect(answer.status).toBe(303);
        expect(await count(rateStore)).toBe(before + 1);
      } else {
        expectSees(answer, 429, TOO_MANY);
        expect(await count(rateStore)).toBe(before);
      }
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // The application form shares the limit: still refused.
    const a = await refused(() => apply(applicationFields(), pdf(), undefined, rateSite), rateStore);
    expectSees(a, 429, TOO_MANY);
  });
});

describe("minimum fill time (MIN_FILL_SECONDS=3): fillMs, the time the browser measured from first use to sending", () => {
  it.each(["0", "1200", "2999", "-5", "-1e9"])(
    "fillMs %s: 400 'quicker than anyone can type', nothing stored",
    async (fillMs) => {
      const c = await refused(() => contact(contactFields({ fillMs }), undefined, timedSite), timedStore);
      expectSees(c, 400, TOO_FAST);
      const a = await refused(() => apply(applicationFields({ fillMs }), pdf(), undefined, timedSite), timedStore);
      expectSees(a, 400, TOO_FAST);
    },
  );

  it("a post without fillMs (a visitor without JavaScript) is accepted", async () => {
    const fields = contactFields({ fillMs: "" });
    expect((await contact(fields, undefined, timedSite)).status).toBe(303);
    expect(await byEmail(fields.email as string, timedStore)).toHaveLength(1);
    const { fillMs: _f, ...noField } = applicationFields();
    expect((await apply(noField, pdf(), undefined, timedSite)).status).toBe(303);
    expect(await byEmail(noField.email as string, timedStore)).toHaveLength(1);
  });

  it.each(["3000", "10000", "86400000", "1e12", "abc", "NaN", "Infinity", " "])(
    "fillMs %j (long enough, or not a time at all: untimed) is accepted",
    async (fillMs) => {
      const fields = contactFields({ fillMs });
      expect((await contact(fields, undefined, timedSite)).status).toBe(303);
      expect(await byEmail(fields.email as string, timedStore)).toHaveLength(1);
    },
  );

  it("the visitor's clock plays no part: an honest post whose old start field says two minutes ahead is accepted", async () => {
    // What a browser whose clock ran two minutes fast used to send, and got refused for.
    const fields = contactFields({ fillMs: "20000", startedAt: String(Date.now() + 120_000) });
    expect((await contact(fields, undefined, timedSite)).status).toBe(303);
    expect(await byEmail(fields.email as string, timedStore)).toHaveLength(1);
  });
});

describe("every answer above", () => {
  it("was never a 500 and never showed a stack trace or a file path", () => {
    expect(answers.length).toBeGreaterThan(40);
    for (const { what, answer } of answers) {
      expect(answer.status, `${what} answered ${answer.status}`).toBeLessThan(500);
      expect(stackTraceIn(answer.body), `${what} leaked: ${answer.body.slice(0, 200)}`).toBeNull();
    }
    for (const s of [site, rateSite, timedSite]) {
      expect(s.stderr()).not.toMatch(/Request failed|Unexpected Application Error/);
    }
  });
});
