/**
 * The applicant erases their own data (docs/decisions/0017): the signed link's purpose,
 * expiry and tampering; the confirmation mail that carries it; and the store's erase on
 * both backends (a SQLite file, and PostgreSQL in a throwaway schema): the application and
 * its CV gone, its pending mail cancelled, the company's notice queued and delivered.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { applicantDataService } from "../../server/applicant-data.ts";
import { composeMail, composeWithdrawalNotice } from "../../server/mail/compose.ts";
import { startOutboxWorker } from "../../server/mail/outbox-worker.ts";
import { createSubmissionIntake } from "../../server/submission-intake.ts";
import type { ComposedMail } from "../../server/mail/compose.ts";
import {
  APPLICANT_DATA_PATH,
  applicantDataLinkMaker,
  createLinkSigner,
  cvLinkMaker,
} from "../../server/signed-links.ts";
import { postgresAvailable } from "../support/postgres.ts";
import { postgresBackend, sqliteBackend, storeOn } from "./helpers/store-backends.ts";
import { applicationInput, contactInput, mailConfig, stored } from "./helpers/mail-fixtures.ts";

const SECRET = "a-test-secret-of-more-than-32-characters";
const SITE = "https://www.blueberry.test";
const DAY = 86_400_000;
const CREATED = new Date("2026-03-01T10:00:00.000Z");
const RETENTION_DAYS = 180;

const cvSigner = createLinkSigner(SECRET);
const dataSigner = createLinkSigner(SECRET, "applicantData");
const tokenOf = (link: string) => new URL(link).pathname.slice(APPLICANT_DATA_PATH.length);

describe("the applicant's data link", () => {
  const id = randomUUID();
  const link = applicantDataLinkMaker(dataSigner, SITE, RETENTION_DAYS)(id, CREATED);

  it("points at /my-application/<token> on the site and names the application until its retention ends", () => {
    expect(link.startsWith(`${SITE}/my-application/`)).toBe(true);
    const retentionEnds = new Date(CREATED.getTime() + RETENTION_DAYS * DAY);
    expect(dataSigner.verify(tokenOf(link), CREATED)).toEqual({
      status: "valid",
      submissionId: id,
      expiresAt: retentionEnds,
    });
    expect(dataSigner.verify(tokenOf(link), new Date(retentionEnds.getTime() - 1000)).status).toBe("valid");
    expect(dataSigner.verify(tokenOf(link), retentionEnds).status).toBe("expired");
  });

  it("is never a CV link, and a CV link is never a data link, though one secret signs both", () => {
    expect(cvSigner.verify(tokenOf(link), CREATED).status).toBe("invalid");
    const cvLink = cvLinkMaker(cvSigner, SITE, 30)(id, CREATED);
    const cvToken = new URL(cvLink).pathname.slice("/cv/".length);
    expect(cvSigner.verify(cvToken, CREATED).status).toBe("valid");
    expect(dataSigner.verify(cvToken, CREATED).status).toBe("invalid");
  });

  it("is refused when tampered with (id, expiry or MAC) or signed with another secret", () => {
    const token = tokenOf(link);
    const [idPart, expiry, mac] = token.split(".") as [string, string, string];
    const otherId = Buffer.from(randomUUID()).toString("base64url");
    const later = Buffer.alloc(6);
    later.writeUIntBE(Math.floor(CREATED.getTime() / 1000) + 10 * 365 * 86_400, 0, 6);
    for (const forged of [
      [otherId, expiry, mac].join("."),
      [idPart, later.toString("base64url"), mac].join("."),
      [idPart, expiry, mac.slice(0, -2) + (mac.endsWith("AA") ? "QA" : "AA")].join("."),
      `${token}x`,
      "",
    ])
      expect(dataSigner.verify(forged, CREATED).status, forged).toBe("invalid");
    const otherSigner = createLinkSigner("another-test-secret-also-over-32-characters", "applicantData");
    expect(otherSigner.verify(token, CREATED).status).toBe("invalid");
  });
});

describe("the applicant's confirmation mail", () => {
  const submission = stored(applicationInput(), randomUUID());
  const link = `${SITE}/my-application/abc.def.ghi`;
  const mail = composeMail("applicant_confirmation", submission, null, mailConfig(), { applicantDataLink: link });

  it("carries the link in the text, the HTML and the EmailJS template's erase_link param", () => {
    expect(String(mail.message.text)).toContain(link);
    expect(String(mail.message.text)).toMatch(/delete your application and CV yourself at any time/);
    expect(String(mail.message.html)).toContain(`href="${link}"`);
    expect(mail.template.params.erase_link).toBe(link);
  });

  it("without a link says how to ask for deletion as before, with an empty param", () => {
    const plain = composeMail("applicant_confirmation", submission, null, mailConfig());
    expect(String(plain.message.text)).not.toContain("/my-application/");
    expect(String(plain.message.text)).toContain("careers@blueberry.test");
    expect(plain.template.params.erase_link).toBe("");
  });
});

// ── The store and the service, on both backends ─────────────────────────────────────

const pgReady = await postgresAvailable("Applicant erase store tests on PostgreSQL");

const BACKENDS = [sqliteBackend("applicant-data"), postgresBackend("erase-test", pgReady)];

describe.each(BACKENDS)("erasing an application on $dialect", (backend) => {
  const { test, store } = storeOn(backend);
  const sent: ComposedMail[] = [];
  let kicks = 0;
  const service = () =>
    applicantDataService({
      signer: dataSigner,
      records: store,
      intake: createSubmissionIntake({ records: store, wakeOutbox: () => kicks++ }),
      now: () => new Date(CREATED.getTime() + DAY),
    });
  const tokenFor = (id: string) => tokenOf(applicantDataLinkMaker(dataSigner, SITE, RETENTION_DAYS)(id, CREATED));

  test("shows what is held, then deletes the CV and cancels pending mail, and queues the company's notice", async () => {
    const { id } = await store.save(applicationInput(), ["company_notification", "applicant_confirmation"], CREATED);
    const other = await store.save(
      applicationInput({ email: "someone.else@example.com" }),
      ["company_notification"],
      CREATED,
    );
    const token = tokenFor(id);

    const view = await service().view(token);
    expect(view.status).toBe("found");
    if (view.status !== "found") return;
    expect(view.record).toMatchObject({ reference: id, name: "Asha Rao", email: "asha@example.com" });
    expect(view.record.cv?.size).toBeGreaterThan(0);
    expect(view.record.consentAt).not.toBeNull();
    // Looking twice deletes nothing.
    expect((await service().view(token)).status).toBe("found");
    expect(await store.getCv(id)).not.toBeNull();

    const erased = await service().erase(token);
    expect(erased.status).toBe("erased");
    expect(kicks).toBe(1);
    expect(await store.get(id)).toBeNull();
    expect(await store.getCv(id)).toBeNull();
    expect(await backend.count("cv_files", `submission_id = '${id}'`)).toBe(0);
    // Both pending mails of the application are gone; the other application's stays.
    expect(await backend.count("outbox", `submission_id = '${id}'`)).toBe(0);
    const pending = await store.pendingMail(new Date("9999-01-01T00:00:00Z"));
    expect(pending.map((m) => [m.kind, m.submissionId])).toEqual(
      expect.arrayContaining([
        ["withdrawal_notice", id],
        ["company_notification", other.id],
      ]),
    );
    expect(pending.filter((m) => m.submissionId === id).map((m) => m.kind)).toEqual(["withdrawal_notice"]);

    // The link now says it is gone, and a second erase changes nothing.
    const after = await service().view(token);
    expect(after).toEqual({ status: "gone", withdrawnAt: new Date(CREATED.getTime() + DAY).toISOString() });
    expect((await service().erase(token)).status).toBe("gone");
    expect(kicks).toBe(1);
    expect(await backend.count("outbox", "kind = 'withdrawal_notice'")).toBe(1);
  });

  test("the outbox delivers the notice to the careers inbox, naming the application and the job only", async () => {
    const { id } = await store.save(applicationInput(), ["company_notification"], CREATED);
    await service().erase(tokenFor(id));
    const worker = startOutboxWorker({
      store,
      config: mailConfig(),
      transport: { maxParallel: 5, send: async (mail: ComposedMail) => void sent.push(mail), close() {} } as never,
      pollIntervalMs: 3_600_000,
      log: { info() {}, error() {} },
    });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    const notices = sent.filter((m) => String(m.message.subject).startsWith("Application withdrawn"));
    const notice = notices.find((m) => String(m.message.text).includes(id));
    expect(notice?.message.to).toBe("careers@blueberry.test");
    expect(String(notice?.message.text)).toContain(`withdrew their application ${id} for Design Verification Engineer`);
    expect(String(notice?.message.text)).not.toContain("Asha");
    // No application notification of the erased application went out.
    expect(
      sent.filter((m) => String(m.message.subject).startsWith("Application:") && String(m.message.text).includes(id)),
    ).toEqual([]);
    expect(await backend.count("outbox", "status = 'pending'")).toBe(0);
  });

  test("a contact message cannot be erased through this path; an unknown id is gone", async () => {
    const { id } = await store.save(contactInput(), [], CREATED);
    expect((await store.eraseApplication(id, CREATED)).status).toBe("gone");
    expect(await store.get(id)).not.toBeNull();
    expect((await store.eraseApplication(randomUUID(), CREATED)).status).toBe("gone");
    expect((await service().view(tokenFor(randomUUID()))).status).toBe("gone");
  });

  test("an expired or tampered link neither shows nor erases", async () => {
    const { id } = await store.save(applicationInput(), [], CREATED);
    const late = applicantDataService({
      signer: dataSigner,
      records: store,
      intake: createSubmissionIntake({ records: store, wakeOutbox() {} }),
      now: () => new Date(CREATED.getTime() + RETENTION_DAYS * DAY),
    });
    expect(await late.view(tokenFor(id))).toEqual({ status: "expired" });
    expect(await late.erase(tokenFor(id))).toEqual({ status: "expired" });
    const cvToken = new URL(cvLinkMaker(cvSigner, SITE, 30)(id, CREATED)).pathname.slice("/cv/".length);
    expect(await service().erase(cvToken)).toEqual({ status: "invalid" });
    expect(await store.get(id)).not.toBeNull();
  });

  test("purge removes what is left of an erasure with its application's retention, once the notice is sent", async () => {
    const { id } = await store.save(applicationInput(), [], CREATED);
    await store.eraseApplication(id, CREATED);
    const cutoff = { application: new Date(CREATED.getTime() + 1000) };
    await store.purge(cutoff);
    expect(await store.getWithdrawal(id)).not.toBeNull(); // its notice is still pending
    for (const m of await store.pendingMail(new Date("9999-01-01T00:00:00Z"))) await store.markMailSent(m.id, CREATED);
    await store.purge({ application: CREATED }); // not older than its own date
    expect(await store.getWithdrawal(id)).not.toBeNull();
    await store.purge(cutoff);
    expect(await store.getWithdrawal(id)).toBeNull();
    expect(await backend.count("outbox", `withdrawal_id = '${id}'`)).toBe(0);
  });
});

it("the notice composes without the application: reference and job only", () => {
  const notice = composeWithdrawalNotice(
    {
      submissionId: "0b9f1c6e-4f7a-4d2b-9a51-3c2d7e8f9a10",
      jobSlug: "dv",
      jobTitle: "DV Engineer",
      applicationCreatedAt: CREATED,
      withdrawnAt: CREATED,
    },
    mailConfig(),
  );
  expect(notice.message.subject).toBe("Application withdrawn: DV Engineer (0b9f1c6e-4f7a-4d2b-9a51-3c2d7e8f9a10)");
  expect(notice.template.name).toBe("contact");
  expect(notice.template.params.message).toContain("their data has been deleted");
});
