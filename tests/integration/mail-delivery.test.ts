/**
 * Mail end to end: forms posted over HTTP to the real server, delivered by its outbox
 * worker through nodemailer to a real smtp-server on 127.0.0.1, read back as raw MIME.
 *
 * Order matters: the outage test posts first, while SMTP is down (the failed mail waits
 * out a 30 s backoff, the default), the delivery tests run meanwhile on a second server,
 * and the last test brings SMTP back and restarts the first server on the same data: the
 * restarted worker finds mail in backoff, checks SMTP at once and sends it all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../server/submissions/store.ts";
import type { Store, StoredSubmission } from "../../server/submissions/store-types.ts";
import {
  decodeBody,
  decodeWords,
  fileNameOf,
  header,
  leaves,
  type MimePart,
  parseMessage,
  textOf,
} from "../support/mail-mime.ts";
import { closedPort, type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/mail-smtp.ts";
import { applicationFields, contactFields } from "./helpers/forms.ts";
import { JOB_PATH, JOB_SLUG, JOB_TITLE, pdfBytes, postApplication, postContact, until } from "./helpers/http.ts";
import { removeDir, type Site, startSite, startSites, tempDir } from "../support/site-server.ts";

const CONTACT_INBOX = "business@blueberry.test";
const CAREERS_INBOX = "careers@blueberry.test";
const MAIL_ENV = {
  MAIL_FROM: "website@blueberry.test",
  MAIL_TO_CONTACT: CONTACT_INBOX,
  MAIL_TO_CAREERS: CAREERS_INBOX,
};

let smtp: TestSmtpServer;
let site: Site;
let store: Store;

// The outage: a server whose SMTP_URL points at a port nothing listens on (yet).
let downPort: number;
let downDir: string;
let downSite: Site | undefined;
let downStore: Store | undefined;
let laterSmtp: TestSmtpServer | undefined;

beforeAll(async () => {
  [smtp, downPort, downDir] = await Promise.all([startSmtpServer(), closedPort(), tempDir("itest-mail-down")]);
  [site, downSite] = (await startSites([
    { env: { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } },
    { dataDir: downDir, env: { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${downPort}` } },
  ])) as [Site, Site];
  [store, downStore] = await Promise.all([
    openStore({ sqlitePath: site.sqlitePath }),
    openStore({ sqlitePath: downSite.sqlitePath }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([store?.close(), downStore?.close()]);
  await Promise.all([site?.stop(), downSite?.stop()]);
  await Promise.all([smtp?.close(), laterSmtp?.close()]);
  if (downDir) await removeDir(downDir);
}, 30_000);

// ── Helpers ──────────────────────────────────────────────────────────────────────────

async function storedBy(s: Store, email: string): Promise<StoredSubmission> {
  const row = (await s.list({ limit: 10_000 })).find((r) => r.email === email);
  if (!row) throw new Error(`nothing stored for ${email}`);
  return row;
}

/** The mail about a submission: its X-Blueberry-Submission-Id header names it. */
function mailsAbout(server: TestSmtpServer, submissionId: string): { mail: ReceivedMail; parsed: MimePart }[] {
  return server.received
    .map((mail) => ({ mail, parsed: parseMessage(mail.raw) }))
    .filter(({ parsed }) => header(parsed, "x-blueberry-submission-id") === submissionId);
}

function kindOf(parsed: MimePart): string | undefined {
  return header(parsed, "x-blueberry-mail-kind");
}

/** Every header line of the message and of each MIME part, as written (folded lines kept apart). */
function allHeaderLines(part: MimePart): string[] {
  return [...part.rawHeaderLines, ...part.parts.flatMap(allHeaderLines)];
}

// ── SMTP down first (its mail backs off for ~30 s; the other tests run meanwhile) ──────

const outage = { contactEmail: "", applicantEmail: "", cv: pdfBytes(3000) };

describe("with SMTP down (SMTP_URL to a closed port)", () => {
  it("a contact message and an application still answer success and are stored with their mail pending", async () => {
    if (!downSite || !downStore) throw new Error("no server");
    const c = contactFields({ name: "Outage Olga", message: "Sent while the mail server was down." });
    const a = applicationFields({ name: "Outage Arjun" });
    outage.contactEmail = c.email as string;
    outage.applicantEmail = a.email as string;

    const posted = await postContact(downSite, c);
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe("/contact?sent=1");
    const applied = await postApplication(downSite, a, "outage-cv.pdf", outage.cv);
    expect(applied.status).toBe(303);
    expect(applied.headers.get("location")).toBe(`${JOB_PATH}?applied=1#apply`);

    const store = downStore;
    const contactRow = await storedBy(store, outage.contactEmail);
    const applicationRow = await storedBy(store, outage.applicantEmail);
    expect(contactRow.mail).toEqual({ pending: 1, sent: 0 });
    expect(applicationRow.mail).toEqual({ pending: 2, sent: 0 });

    // The worker tried at once, failed, and kept every message for a later attempt.
    const pending = await until("three failed attempts", async () => {
      const rows = await store.pendingMail(new Date(Date.now() + 60_000));
      return rows.length === 3 && rows.every((m) => m.attempts >= 1) ? rows : undefined;
    });
    for (const m of pending) expect(m.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Logged after the attempt is recorded, and carried through the server's stderr pipe: it may come a moment later.
    const site = downSite;
    await until("the failed attempt in the server's log", async () =>
      /mail outbox: .* failed \(attempt 1\)/.test(site.stderr()) ? true : undefined,
    );
  });
});

// ── SMTP up ────────────────────────────────────────────────────────────────────────

describe("with SMTP up (a real smtp-server on 127.0.0.1)", () => {
  it("an application posted over HTTP arrives as two mails: the notification with every field and the CV attached, and the applicant's confirmation", async () => {
    const fields = applicationFields({ name: "Asha Rao", comment: "Six years of UVM.\r\nPCIe Gen5 and CXL." });
    const cv = pdfBytes(40_000);
    const answer = await postApplication(site, fields, "Asha Rao CV.pdf", cv);
    expect(answer.status).toBe(303);
    const row = await storedBy(store, fields.email as string);

    const mails = await until("two mails", () => {
      const found = mailsAbout(smtp, row.id);
      return found.length >= 2 ? found : undefined;
    });
    expect(mails).toHaveLength(2);

    const notification = mails.find(({ parsed }) => kindOf(parsed) === "company_notification");
    const confirmation = mails.find(({ parsed }) => kindOf(parsed) === "applicant_confirmation");
    if (!notification || !confirmation) throw new Error("a mail is missing");

    expect(notification.mail.rcptTo).toEqual([CAREERS_INBOX]);
    const n = notification.parsed;
    expect(decodeWords(header(n, "subject") ?? "")).toBe(`Application: ${JOB_TITLE} from Asha Rao`);
    expect(decodeWords(header(n, "reply-to") ?? "")).toBe(`Asha Rao <${fields.email}>`);
    const text = textOf(n, "text/plain");
    for (const line of [
      "name: Asha Rao",
      `email: ${fields.email}`,
      "phone: +919845054321",
      `job: ${JOB_TITLE} (${JOB_SLUG})`,
      "comment: Six years of UVM.\nPCIe Gen5 and CXL.",
      `Submission: ${row.id}`,
    ]) {
      expect(text).toContain(line);
    }
    const attachment = leaves(n).find((p) => /^attachment/.test(header(p, "content-disposition") ?? ""));
    if (!attachment) throw new Error("no CV attached");
    expect(fileNameOf(attachment)).toBe("Asha Rao CV.pdf");
    expect(header(attachment, "content-type")).toMatch(/^application\/pdf/);
    expect(decodeBody(attachment).equals(cv)).toBe(true);

    expect(confirmation.mail.rcptTo).toEqual([fields.email]);
    const c = confirmation.parsed;
    expect(decodeWords(header(c, "subject") ?? "")).toBe(`We received your application for ${JOB_TITLE}`);
    expect(textOf(c, "text/plain")).toContain("Dear Asha Rao,");
    expect(leaves(c).some((p) => /^attachment/.test(header(p, "content-disposition") ?? ""))).toBe(false);

    // Marked sent in the store once delivered.
    const mail = await until("the store to show both mails sent", async () => {
      const m = (await store.get(row.id))?.mail;
      return m?.sent === 2 ? m : undefined;
    });
    expect(mail).toEqual({ pending: 0, sent: 2 });
  });

  it("a contact message arrives with to_name, from_name, from_email, from_mobile and message", async () => {
    const fields = contactFields({
      name: "Ravi Kumar",
      phone: "98450 12345",
      message: "We need a DDR5 PHY verification team for Q3.\r\nCan we talk next week?",
    });
    expect((await postContact(site, fields)).status).toBe(303);
    const row = await storedBy(store, fields.email as string);
    const [only, ...others] = await until("the contact mail", () => {
      const found = mailsAbout(smtp, row.id);
      return found.length >= 1 ? found : undefined;
    });
    expect(others).toEqual([]);
    if (!only) throw new Error("no mail");
    expect(only.mail.rcptTo).toEqual([CONTACT_INBOX]);
    expect(kindOf(only.parsed)).toBe("company_notification");
    const text = textOf(only.parsed, "text/plain");
    for (const line of [
      "to_name: Blueberry Semiconductors",
      "from_name: Ravi Kumar",
      `from_email: ${fields.email}`,
      "from_mobile: +919845012345",
      "message:\nWe need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
    ]) {
      expect(text).toContain(line);
    }
    const html = textOf(only.parsed, "text/html");
    for (const key of ["to_name", "from_name", "from_email", "from_mobile", "message"]) expect(html).toContain(key);
    await until("the store to show the mail sent", async () =>
      (await store.get(row.id))?.mail.sent === 1 ? true : undefined,
    );
  });

  it("CR/LF in the name ('Eve\\r\\nBcc: victim@example.com') never adds a header: no Bcc line, no extra recipient", async () => {
    const evil = "Eve\r\nBcc: victim@example.com\r\nSubject: injected";
    const c = contactFields({ name: evil, message: "Hello\r\nBcc: victim@example.com" });
    const a = applicationFields({ name: evil, comment: "Line one\r\nBcc: victim@example.com" });
    expect((await postContact(site, c)).status).toBe(303);
    expect((await postApplication(site, a, "cv.pdf", pdfBytes())).status).toBe(303);
    const ids = [(await storedBy(store, c.email as string)).id, (await storedBy(store, a.email as string)).id];
    const mails = await until("three mails", () => {
      const found = ids.flatMap((id) => mailsAbout(smtp, id));
      return found.length >= 3 ? found : undefined;
    });
    expect(mails).toHaveLength(3);
    for (const { mail, parsed } of mails) {
      const lines = allHeaderLines(parsed);
      expect(lines.filter((l) => /^bcc\s*:/i.test(l))).toEqual([]);
      expect(parsed.headers.filter((h) => h.name === "subject")).toHaveLength(1);
      expect(mail.rcptTo).not.toContain("victim@example.com");
      expect(mail.rcptTo).toHaveLength(1);
      // The name is there, on one line, inside the header it belongs to: the subject of
      // the notifications, the recipient's display name of the confirmation.
      const subject = decodeWords(header(parsed, "subject") ?? "");
      expect(subject).not.toMatch(/[\r\n]/);
      const nameHeader =
        kindOf(parsed) === "applicant_confirmation" ? decodeWords(header(parsed, "to") ?? "") : subject;
      expect(nameHeader).toContain("Eve Bcc: victim@example.com Subject: injected");
    }
  });
});

// ── SMTP back ───────────────────────────────────────────────────────────────────────

describe("SMTP back after the outage", () => {
  it("the pending mail arrives once SMTP is up again, delivered by the restarted site (resumes after a restart)", async () => {
    if (!downSite || !downStore) throw new Error("no server");
    // Stop the site that took the posts, bring SMTP up on the port it was configured
    // with, and start the site again on the same data: nothing lives in memory.
    expect(await downSite.stop()).toBe(0);
    laterSmtp = await startSmtpServer(downPort);
    downSite = await startSite({ dataDir: downDir, env: { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${downPort}` } });

    const contactRow = await storedBy(downStore, outage.contactEmail);
    const applicationRow = await storedBy(downStore, outage.applicantEmail);
    const server = laterSmtp;
    // Not waiting out the backoff: the restarted worker checks SMTP at start and sends at once.
    const mails = await until(
      "the three pending mails",
      () => {
        const found = [...mailsAbout(server, contactRow.id), ...mailsAbout(server, applicationRow.id)];
        return found.length >= 3 ? found : undefined;
      },
      60_000,
    );
    expect(mails.map(({ mail }) => mail.rcptTo[0]).sort()).toEqual(
      [CAREERS_INBOX, CONTACT_INBOX, outage.applicantEmail].sort(),
    );
    const contactMail = mails.find(({ mail }) => mail.rcptTo[0] === CONTACT_INBOX);
    expect(textOf(contactMail?.parsed as MimePart, "text/plain")).toContain("from_name: Outage Olga");
    const notification = mails.find(({ mail }) => mail.rcptTo[0] === CAREERS_INBOX);
    const attachment = leaves(notification?.parsed as MimePart).find((p) =>
      /^attachment/.test(header(p, "content-disposition") ?? ""),
    );
    expect(attachment && decodeBody(attachment).equals(outage.cv)).toBe(true);

    const store = downStore;
    await until("the store to show every mail sent", async () => {
      const left = await store.pendingMail(new Date(Date.now() + 60_000));
      return left.length === 0 ? true : undefined;
    });
    expect((await store.get(contactRow.id))?.mail).toEqual({ pending: 0, sent: 1 });
    expect((await store.get(applicationRow.id))?.mail).toEqual({ pending: 0, sent: 2 });
    // Exactly once each.
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.received).toHaveLength(3);
  }, 120_000);
});
