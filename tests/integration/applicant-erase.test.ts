/**
 * The applicant erases their own data, end to end (docs/decisions/0017): an application
 * posted to the real server, the confirmation received by a real smtp-server, the signed
 * link in it opened (a GET shows, never deletes), the delete button posted, and then what
 * everyone would notice: the store holds nothing of it, its CV link answers 410, the
 * company's notification that carried the CV never goes out, the company receives the
 * withdrawal notice, and the link says the application is gone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore } from "../../server/submissions/store.ts";
import { createLinkSigner } from "../../server/signed-links.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { header, type MimePart, parseMessage, textOf } from "../support/mail-mime.ts";
import { startSmtpServer, type TestSmtpServer } from "../support/mail-smtp.ts";
import { applicationFields } from "./helpers/forms.ts";
import { pdfBytes, postApplication, postForm, send, until, visibleText } from "./helpers/http.ts";
import { type Site, startSite } from "../support/site-server.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const CAREERS_INBOX = "careers@blueberry.test";
const LINK_SECRET = "an-integration-test-link-secret-over-32-chars";

let smtp: TestSmtpServer;
let site: Site;
let store: Store;
// The careers inbox refuses mail at first, so the application's notification (with the
// CV) is still pending when the applicant erases the application.
let refuseCareers = true;

beforeAll(async () => {
  smtp = await startSmtpServer(0, { refuseRecipient: (address) => refuseCareers && address === CAREERS_INBOX });
  site = await startSite({
    env: {
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "website@blueberry.test",
      MAIL_TO_CONTACT: "business@blueberry.test",
      MAIL_TO_CAREERS: CAREERS_INBOX,
      LINK_SECRET,
      // The refused notification waits a minute: long enough for the test to erase it first.
      OUTBOX_RETRY_SECONDS: "60",
    },
  });
  store = await openStore({ sqlitePath: site.sqlitePath });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await site?.stop();
  await smtp?.close();
});

function received(): { rcptTo: string[]; parsed: MimePart }[] {
  return smtp.received.map((mail) => ({ rcptTo: mail.rcptTo, parsed: parseMessage(mail.raw) }));
}

describe("an applicant erasing their own application", () => {
  it("sees it through the link in their confirmation, deletes it with the button, and the company is told", async () => {
    const fields = applicationFields();
    const email = fields.email as string;
    expect((await postApplication(site, fields, "Asha Rao CV.pdf", pdfBytes())).status).toBe(303);
    const row = (await store.list({ limit: 10_000 })).find((r) => r.email === email);
    if (!row) throw new Error("the application was not stored");

    // The confirmation, as the applicant receives it, holds the link.
    const confirmation = await until("the confirmation", () =>
      received().find(
        (m) => m.rcptTo.includes(email) && header(m.parsed, "x-blueberry-mail-kind") === "applicant_confirmation",
      ),
    );
    const text = textOf(confirmation.parsed, "text/plain");
    const link = /https?:\/\/\S+\/my-application\/[A-Za-z0-9_.-]+/.exec(text)?.[0];
    if (!link) throw new Error(`no link in the confirmation:\n${text}`);
    expect(textOf(confirmation.parsed, "text/html")).toContain(`href="${link}"`);
    const page = `${site.origin}${new URL(link).pathname}`;

    // The CV link of this application works before, so its 410 afterwards means something.
    const cvToken = createLinkSigner(LINK_SECRET).sign(row.id, new Date(Date.now() + 86_400_000));
    expect((await send(`${site.origin}/cv/${cvToken}`)).status).toBe(200);
    // The company's notification (with the CV) has failed once and waits out its backoff.
    await until("the notification to fail once", async () => {
      const pending = await store.pendingMail(new Date(Date.now() + 60_000));
      return pending.some((m) => m.submissionId === row.id && m.kind === "company_notification" && m.attempts > 0)
        ? true
        : undefined;
    });

    // Opened twice (a mail scanner, then the applicant): it shows their data, deletes nothing.
    for (let i = 0; i < 2; i++) {
      const shown = await send(page);
      expect(shown.status).toBe(200);
      expect(shown.headers.get("cache-control")).toBe("no-store");
      expect(shown.headers.get("x-robots-tag")).toBe("noindex");
      expect(shown.body).toMatch(/<meta name="robots" content="noindex"\/?>/);
      const visible = visibleText(shown.body);
      for (const value of [fields.name, email, "Asha Rao CV.pdf", row.jobTitle ?? "", row.id])
        expect(visible).toContain(value);
      expect(visible).toContain("Delete my application and CV");
    }
    expect(await store.get(row.id)).not.toBeNull();

    // A post from another site is refused by the form guard and deletes nothing.
    expect((await postForm(page, {}, { Origin: "https://evil.example" })).status).toBe(403);
    expect(await store.get(row.id)).not.toBeNull();

    // The careers inbox takes mail again; the notification is still waiting out its backoff.
    refuseCareers = false;
    // The button: the page's own form posts to the same address.
    const erased = await postForm(page, {}, { Origin: site.origin });
    expect(erased.status).toBe(200);
    expect(erased.headers.get("cache-control")).toBe("no-store");
    expect(visibleText(erased.body)).toContain("Your application has been deleted");

    expect(await store.get(row.id)).toBeNull();
    expect(await store.getCv(row.id)).toBeNull();
    expect((await send(`${site.origin}/cv/${cvToken}`)).status).toBe(410);
    const pending = await store.pendingMail(new Date(Date.now() + 3_600_000));
    // Only the withdrawal notice may be waiting (or already sent): the application's own mail is cancelled.
    expect(pending.filter((m) => m.submissionId === row.id && m.kind !== "withdrawal_notice")).toEqual([]);

    // The withdrawal notice arrives; the notification with the CV never does.
    const notice = await until(
      "the withdrawal notice",
      () =>
        received().find(
          (m) => m.rcptTo.includes(CAREERS_INBOX) && header(m.parsed, "x-blueberry-mail-kind") === "withdrawal_notice",
        ),
      30_000,
    );
    expect(textOf(notice.parsed, "text/plain")).toContain(`withdrew their application ${row.id}`);
    expect(textOf(notice.parsed, "text/plain")).not.toContain(email);
    expect(
      received().filter(
        (m) =>
          header(m.parsed, "x-blueberry-submission-id") === row.id &&
          header(m.parsed, "x-blueberry-mail-kind") === "company_notification",
      ),
    ).toEqual([]);

    // The link now says the application is gone; posting again changes nothing.
    const after = await send(page);
    expect(after.status).toBe(410);
    expect(visibleText(after.body)).toContain("This application no longer exists");
    expect((await postForm(page, {}, { Origin: site.origin })).status).toBe(410);
  });

  it("answers a tampered link with 404 and a CV link used as a data link with 404 too", async () => {
    const fields = applicationFields();
    expect((await postApplication(site, fields, "cv.pdf", pdfBytes())).status).toBe(303);
    const row = (await store.list({ limit: 10_000 })).find((r) => r.email === fields.email);
    if (!row) throw new Error("the application was not stored");
    const cvToken = createLinkSigner(LINK_SECRET).sign(row.id, new Date(Date.now() + 86_400_000));
    const asDataLink = await send(`${site.origin}/my-application/${cvToken}`);
    expect(asDataLink.status).toBe(404);
    expect(visibleText(asDataLink.body)).toContain("This link is not valid");
    expect((await postForm(`${site.origin}/my-application/${cvToken}`, {}, { Origin: site.origin })).status).toBe(404);
    const expired = createLinkSigner(LINK_SECRET, "applicantData").sign(row.id, new Date(Date.now() - 1000));
    const old = await send(`${site.origin}/my-application/${expired}`);
    expect(old.status).toBe(410);
    expect(visibleText(old.body)).toContain("This link has expired");
    expect(visibleText(old.body)).toContain("careers@blueberrysemiconductors.com");
    expect(await store.get(row.id)).not.toBeNull();
  });
});
