/**
 * The submissions store against both real backends: a SQLite file under tests/.tmp and a
 * throwaway schema on PostgreSQL (TEST_DATABASE_URL, default the local server). With
 * PostgreSQL unreachable its half is skipped with a warning, unless REQUIRE_POSTGRES=1
 * (CI), which makes it a failure. Row counts are read beside the store, on a separate
 * connection, so "nothing left behind" is checked in the database itself.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import pg from "pg";
import { PG_URL, postgresProblem, shownUrl } from "../support/postgres.ts";
import { postgresBackend, sqliteBackend, storeOn, TMP } from "./helpers/store-backends.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { dueMail } from "../../server/submissions/kysely-store.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Tables } from "../../server/submissions/tables.ts";
import { loadMigrations } from "../../server/submissions/store-migrations.ts";
import type { ApplicationInput, ContactInput, CvFile } from "../../common/submissions.ts";
import type { MailKind, OutboxMessage } from "../../server/submissions/store-types.ts";

const pgProblem = await postgresProblem(PG_URL);
if (pgProblem !== null) {
  const where = `${shownUrl(PG_URL)} (${pgProblem})`;
  if (process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`PostgreSQL store tests cannot run: cannot connect to ${where}, and REQUIRE_POSTGRES=1`);
  console.warn(`PostgreSQL store tests SKIPPED: cannot connect to ${where}; set TEST_DATABASE_URL`);
}

// ── Fixtures ─────────────────────────────────────────────────────────────────────────

const T0 = new Date("2026-01-15T09:30:00.000Z");
const FAR_FUTURE = new Date("9999-01-01T00:00:00.000Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const LEASE = 5 * MINUTE;
const ALL_MAIL: MailKind[] = ["company_notification", "applicant_confirmation"];
const NOTIFY: MailKind[] = ["company_notification"];
/** Row ids are version 7 UUIDs (server/submissions/ids.ts). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error("expected a value");
  return value;
}

function cvFile(bytes: Uint8Array, fileName = "Asha_Rao_CV.pdf"): CvFile {
  return {
    fileName,
    contentType: "application/pdf",
    detectedType: "pdf",
    size: bytes.byteLength,
    sha256: sha256(bytes),
    bytes,
  };
}

function pdfBytes(): Uint8Array {
  return new Uint8Array(
    Buffer.concat([
      Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj << /Type /Catalog >> endobj\n", "latin1"),
      randomBytes(2048), // binary, including NUL bytes
      Buffer.from("\n%%EOF\n"),
    ]),
  );
}

function contact(overrides: Partial<ContactInput> = {}): ContactInput {
  return {
    kind: "contact",
    name: "Ravi Kumar",
    email: "ravi.kumar@example.com",
    phone: "+919845012345",
    message: "We need DFT and STA support for a 28 nm mixed-signal tape-out in Q3.",
    ...overrides,
  };
}

function application(overrides: Partial<ApplicationInput> = {}): ApplicationInput {
  return {
    kind: "application",
    name: "Asha Rao",
    email: "asha.rao@example.com",
    phone: "+447400123456",
    comment: "Five years of UVM on PCIe Gen5 controllers.",
    jobSlug: "design-verification-engineer",
    jobTitle: "Design Verification Engineer",
    consent: { givenAt: new Date("2026-01-15T09:29:41.250Z"), privacyVersion: "2025-11-01" },
    cv: cvFile(pdfBytes()),
    ...overrides,
  };
}

// ── The suite, once per backend ──────────────────────────────────────────────────────

const BACKENDS = [sqliteBackend("store"), postgresBackend("store-test", pgProblem === null)];

describe.each(BACKENDS)("The store on $dialect", (backend) => {
  // An unreachable PostgreSQL shows up as skipped tests, never as passing ones.
  const { test, store } = storeOn(backend);
  beforeEach(async () => {
    if (backend.available) await backend.reset();
  });

  /** Marks the pending mail of a submission as sent (all of it, or the kinds given). */
  async function deliver(submissionId: string, kinds: readonly MailKind[] = ALL_MAIL) {
    for (const m of await store.pendingMail(FAR_FUTURE))
      if (m.submissionId === submissionId && kinds.includes(m.kind)) await store.markMailSent(m.id, T0);
  }

  test("keeps a contact message exactly as sent, with its notification pending", async () => {
    const input = contact();
    const { id } = await store.save(input, NOTIFY, T0);
    expect(id).toMatch(UUID);
    expect(await store.get(id)).toEqual({
      id,
      kind: "contact",
      createdAt: T0,
      name: "Ravi Kumar",
      email: "ravi.kumar@example.com",
      phone: "+919845012345",
      message: input.message,
      comment: null,
      jobSlug: null,
      jobTitle: null,
      consentAt: null,
      privacyVersion: null,
      cv: null,
      mail: { pending: 1, sent: 0 },
    });
    expect(await store.getCv(id)).toBeNull();
  });

  test("ids grow with time: a later row's id sorts after an earlier one's, and names its millisecond", async () => {
    // Time-ordered ids (server/submissions/ids.ts) keep each new key at the end of the
    // indexes on ids; both databases take them (PostgreSQL stores them as its uuid type).
    const earlier = await store.save(contact(), NOTIFY, T0);
    const later = await store.save(contact(), NOTIFY, new Date(T0.getTime() + 1));
    for (const { id } of [earlier, later]) expect(id).toMatch(UUID);
    expect(earlier.id < later.id).toBe(true);
    expect(Number.parseInt(earlier.id.replace("-", "").slice(0, 12), 16)).toBe(T0.getTime());
    expect(must(await store.get(later.id)).createdAt).toEqual(new Date(T0.getTime() + 1));
    const [mail] = (await store.pendingMail(FAR_FUTURE)).filter((m) => m.submissionId === later.id);
    expect(must(mail).id > earlier.id).toBe(true);
  });

  test("keeps an application with its CV byte for byte, its consent time and privacy version", async () => {
    const input = application();
    const { id } = await store.save(input, ALL_MAIL, T0);
    const stored = must(await store.get(id));
    expect(stored).toEqual({
      id,
      kind: "application",
      createdAt: T0,
      name: "Asha Rao",
      email: "asha.rao@example.com",
      phone: "+447400123456",
      message: null,
      comment: "Five years of UVM on PCIe Gen5 controllers.",
      jobSlug: "design-verification-engineer",
      jobTitle: "Design Verification Engineer",
      consentAt: new Date("2026-01-15T09:29:41.250Z"),
      privacyVersion: "2025-11-01",
      cv: {
        fileName: "Asha_Rao_CV.pdf",
        contentType: "application/pdf",
        detectedType: "pdf",
        size: input.cv.size,
        sha256: input.cv.sha256,
      },
      mail: { pending: 2, sent: 0 },
    });
    expect(stored.cv).not.toHaveProperty("bytes");

    const cv = must(await store.getCv(id));
    expect(cv.bytes).toBeInstanceOf(Uint8Array);
    expect(sameBytes(cv.bytes, input.cv.bytes)).toBe(true);
    expect(sha256(cv.bytes)).toBe(input.cv.sha256);
    expect({ ...cv, bytes: null }).toEqual({ ...input.cv, bytes: null });
  });

  test("keeps an application without a comment as null", async () => {
    const { id } = await store.save(application({ comment: null }), ALL_MAIL, T0);
    expect(must(await store.get(id)).comment).toBeNull();
  });

  test("save is all or nothing: a refused outbox row leaves no submission, CV or mail behind", async () => {
    const mails = ["company_notification", "carrier_pigeon"] as never;
    await expect(store.save(application(), mails, T0)).rejects.toThrow();
    expect(await store.list()).toEqual([]);
    expect(await backend.count("submissions")).toBe(0);
    expect(await backend.count("cv_files")).toBe(0);
    expect(await backend.count("outbox")).toBe(0);
  });

  test("save is all or nothing: a refused CV row leaves no submission or mail behind", async () => {
    const cv = { ...cvFile(pdfBytes()), detectedType: "exe" as never };
    await expect(store.save(application({ cv }), ALL_MAIL, T0)).rejects.toThrow();
    expect(await backend.count("submissions")).toBe(0);
    expect(await backend.count("outbox")).toBe(0);
  });

  test("refuses a CV whose size or checksum does not describe its bytes", async () => {
    const good = cvFile(pdfBytes());
    await expect(store.save(application({ cv: { ...good, size: good.size + 1 } }), ALL_MAIL, T0)).rejects.toThrow(
      /size/,
    );
    await expect(store.save(application({ cv: { ...good, sha256: "0".repeat(64) } }), ALL_MAIL, T0)).rejects.toThrow(
      /sha256/,
    );
    expect(await backend.count("submissions")).toBe(0);
  });

  test("saves one outbox row per mail kind, even if a kind is repeated", async () => {
    const { id } = await store.save(contact(), ["company_notification", "company_notification"], T0);
    expect(must(await store.get(id)).mail).toEqual({ pending: 1, sent: 0 });
  });

  test("lists newest first, filters by kind, and pages", async () => {
    const c1 = await store.save(contact({ name: "First" }), NOTIFY, T0);
    const a1 = await store.save(application(), ALL_MAIL, at(T0, MINUTE));
    const c2 = await store.save(contact({ name: "Third" }), NOTIFY, at(T0, 2 * MINUTE));

    const all = await store.list();
    expect(all.map((s) => s.id)).toEqual([c2.id, a1.id, c1.id]);
    expect(all.map((s) => s.createdAt)).toEqual([at(T0, 2 * MINUTE), at(T0, MINUTE), T0]);
    expect(all[1]?.cv?.fileName).toBe("Asha_Rao_CV.pdf");
    expect(all[1]?.cv).not.toHaveProperty("bytes");
    expect(all[1]?.mail).toEqual({ pending: 2, sent: 0 });

    expect((await store.list({ kind: "application" })).map((s) => s.id)).toEqual([a1.id]);
    expect((await store.list({ kind: "contact" })).map((s) => s.id)).toEqual([c2.id, c1.id]);
    expect((await store.list({ limit: 1, offset: 1 })).map((s) => s.id)).toEqual([a1.id]);
    expect((await store.list({ kind: "contact", offset: 1 })).map((s) => s.id)).toEqual([c1.id]);
  });

  test("purge deletes each kind past its own cutoff, keeps recent ones and those whose mail is pending", async () => {
    const now = T0;
    const cutoffs = { contact: at(now, -365 * DAY), application: at(now, -180 * DAY) };
    const save = async (input: ContactInput | ApplicationInput, daysAgo: number, mails = ALL_MAIL) =>
      (await store.save(input, mails, at(now, -daysAgo * DAY))).id;

    const oldContact = await save(contact(), 400, NOTIFY);
    const recentContact = await save(contact(), 200, NOTIFY); // older than the application cutoff only
    const oldContactPending = await save(contact(), 500, NOTIFY);
    const oldApplication = await save(application(), 200);
    const recentApplication = await save(application(), 100);
    const oldApplicationPending = await save(application(), 300);
    const oldApplicationNoMail = await save(application(), 190, []);
    for (const id of [oldContact, recentContact, oldApplication, recentApplication]) await deliver(id);
    await deliver(oldApplicationPending, ["company_notification"]); // the confirmation is still owed

    // A kind without a cutoff is kept.
    expect(await store.purge({ contact: cutoffs.contact })).toEqual({ deleted: 1, keptPending: 1 });
    expect(await store.get(oldContact)).toBeNull();
    expect(await store.get(oldApplication)).not.toBeNull();

    expect(await store.purge(cutoffs)).toEqual({ deleted: 2, keptPending: 2 });
    const left = (await store.list()).map((s) => s.id).sort();
    expect(left).toEqual([recentContact, oldContactPending, recentApplication, oldApplicationPending].sort());
    expect(await store.getCv(oldApplication)).toBeNull();
    expect(await store.getCv(oldApplicationNoMail)).toBeNull();
    expect(await backend.count("cv_files")).toBe(2);
    expect(await backend.count("outbox")).toBe(1 + 1 + 2 + 2);

    expect(await store.purge({})).toEqual({ deleted: 0, keptPending: 0 });
  });

  test("deleteByEmail ignores case and removes the CV and outbox rows too", async () => {
    const application1 = await store.save(application({ email: "Asha.Rao@Example.COM" }), ALL_MAIL, T0);
    const contact1 = await store.save(contact({ email: "asha.rao@example.com" }), NOTIFY, T0);
    const other = await store.save(contact({ email: "ravi.kumar@example.com" }), NOTIFY, T0);

    expect(await store.deleteByEmail("ASHA.RAO@example.com")).toBe(2);
    expect((await store.list()).map((s) => s.id)).toEqual([other.id]);
    expect(await store.get(application1.id)).toBeNull();
    expect(await store.get(contact1.id)).toBeNull();
    expect(await store.getCv(application1.id)).toBeNull();
    expect(await backend.count("cv_files")).toBe(0);
    expect(await backend.count("outbox")).toBe(1);
    expect(await store.deleteByEmail("nobody@example.com")).toBe(0);
  });

  test("claimDueMail leases only due mail; a second claim within the lease gets nothing; after it, again", async () => {
    const due = await store.save(contact(), NOTIFY, T0);
    await store.save(contact(), NOTIFY, at(T0, 60 * MINUTE)); // not due until then
    const now = at(T0, MINUTE);

    const first = await store.claimDueMail(now, 10, LEASE);
    expect(first).toEqual([
      {
        id: expect.stringMatching(UUID),
        submissionId: due.id,
        kind: "company_notification",
        attempts: 0,
        createdAt: T0,
        nextAttemptAt: T0,
        lastError: null,
      } satisfies OutboxMessage,
    ]);
    expect(await store.claimDueMail(now, 10, LEASE)).toEqual([]);
    expect(await store.claimDueMail(at(now, LEASE - 1), 10, LEASE)).toEqual([]);
    // The lease has ended at exactly now + leaseMs: another worker may take it over.
    const again = await store.claimDueMail(at(now, LEASE), 10, LEASE);
    expect(again.map((m) => m.id)).toEqual([first[0]?.id]);
  });

  test("renewMailLease extends this worker's lease, but not once it ran out and another worker claimed the row", async () => {
    await store.save(contact(), NOTIFY, T0);
    await store.save(contact(), NOTIFY, at(T0, SECOND));
    const now = at(T0, MINUTE);
    const [first, second] = await store.claimDueMail(now, 10, LEASE);
    if (!first || !second) throw new Error("two rows claimed");
    const heldUntil = at(now, LEASE);

    // Renewed before its end: a claim at the old end gets nothing, one at the new end both.
    const renewedUntil = at(now, LEASE + LEASE / 2);
    const renewed = await store.renewMailLease([first.id, second.id], heldUntil, renewedUntil);
    expect(renewed.sort()).toEqual([first.id, second.id].sort());
    expect(await store.claimDueMail(heldUntil, 10, LEASE)).toEqual([]);

    // The second is sent meanwhile; the first's lease runs out and another worker takes it.
    await store.markMailSent(second.id, at(now, SECOND));
    const other = await store.claimDueMail(renewedUntil, 10, LEASE);
    expect(other.map((m) => m.id)).toEqual([first.id]);
    // The first worker's renewal finds neither under its lease any more, and changes nothing.
    expect(await store.renewMailLease([first.id, second.id], renewedUntil, at(renewedUntil, LEASE))).toEqual([]);
    expect(await store.claimDueMail(at(renewedUntil, LEASE - 1), 10, LEASE)).toEqual([]);
    expect((await store.claimDueMail(at(renewedUntil, LEASE), 10, LEASE)).map((m) => m.id)).toEqual([first.id]);
    // Nothing to renew, and ids that are not ours, are no error.
    expect(await store.renewMailLease([], heldUntil, renewedUntil)).toEqual([]);
    expect(await store.renewMailLease(["not-a-uuid"], heldUntil, renewedUntil)).toEqual([]);
  });

  test("releaseMail gives back a row under this worker's lease without counting an attempt, not one another worker took", async () => {
    await store.save(contact(), NOTIFY, T0);
    const now = at(T0, MINUTE);
    const [mine] = await store.claimDueMail(now, 1, LEASE);
    if (!mine) throw new Error("claimed");
    await store.releaseMail(mine.id, at(now, LEASE));
    const again = await store.claimDueMail(at(now, SECOND), 1, LEASE);
    expect(again).toEqual([{ ...mine, attempts: 0 }]);
    // Our old lease ended and another worker holds the row now: our give-back changes nothing.
    await store.releaseMail(mine.id, at(now, LEASE));
    expect(await store.claimDueMail(at(now, 2 * SECOND), 1, LEASE)).toEqual([]);
  });

  test("nextLeaseEnd names the first lease on pending mail still running, and nothing once none is", async () => {
    await store.save(contact(), NOTIFY, T0);
    await store.save(contact(), NOTIFY, at(T0, SECOND));
    const now = at(T0, MINUTE);
    expect(await store.nextLeaseEnd(now)).toBeNull();
    const [first] = await store.claimDueMail(now, 1, LEASE);
    await store.claimDueMail(at(now, SECOND), 1, LEASE);
    expect(await store.nextLeaseEnd(now)).toEqual(at(now, LEASE));
    // Sent mail holds no lease; a lease that has ended is not named.
    await store.markMailSent(first?.id as string, at(now, SECOND));
    expect(await store.nextLeaseEnd(now)).toEqual(at(now, SECOND + LEASE));
    expect(await store.nextLeaseEnd(at(now, SECOND + LEASE))).toBeNull();
  });

  test("claimDueMail takes the oldest first, at most `limit`", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await store.save(contact(), NOTIFY, at(T0, i * SECOND))).id);
    const now = at(T0, MINUTE);
    const first = await store.claimDueMail(now, 2, LEASE);
    expect(first.map((m) => m.submissionId)).toEqual([ids[0], ids[1]]);
    expect((await store.claimDueMail(now, 2, LEASE)).map((m) => m.submissionId)).toEqual([ids[2]]);
    expect(await store.claimDueMail(now, 2, LEASE)).toEqual([]);
  });

  test("claimDueMail takes the mail due longest first, and of mail due at once the oldest", async () => {
    const a = (await store.save(contact(), NOTIFY, T0)).id;
    const b = (await store.save(contact(), NOTIFY, at(T0, SECOND))).id;
    // An outage: both fail and wait out a backoff, until a retry makes them due together.
    for (const message of await store.claimDueMail(at(T0, MINUTE), 10, LEASE))
      await store.markMailFailed(message.id, "connect ECONNREFUSED", at(T0, 60 * MINUTE));
    const c = (await store.save(contact(), NOTIFY, at(T0, 5 * MINUTE))).id;
    const retried = at(T0, 10 * MINUTE);
    expect(await store.retryPendingNow(retried)).toBe(2);

    const taken: (string | undefined)[] = [];
    for (let i = 0; i < 4; i++) taken.push((await store.claimDueMail(retried, 1, LEASE))[0]?.submissionId);
    // c has been due since minute 5; a and b since minute 10, a the older.
    expect(taken).toEqual([c, a, b, undefined]);
  });

  test("markMailFailed counts the attempt, keeps the error, releases the lease and schedules the retry", async () => {
    const { id: submissionId } = await store.save(contact(), NOTIFY, T0);
    const [message] = await store.claimDueMail(T0, 10, LEASE);
    const retryAt = at(T0, MINUTE); // inside the first lease: only a released lease lets it go again
    await store.markMailFailed(must(message).id, "421 4.7.0 smtp.example.com: try again later", retryAt);

    expect(await store.claimDueMail(at(T0, 30 * SECOND), 10, LEASE)).toEqual([]); // not due yet
    const [retry] = await store.claimDueMail(retryAt, 10, LEASE);
    expect(retry).toMatchObject({
      id: must(message).id,
      attempts: 1,
      nextAttemptAt: retryAt,
      lastError: "421 4.7.0 smtp.example.com: try again later",
    });

    const longError = `${"é".repeat(999)}😀${"x".repeat(4000)}`;
    await store.markMailFailed(must(message).id, longError, at(retryAt, 10 * MINUTE));
    const [pending] = await store.pendingMail(FAR_FUTURE);
    expect(pending?.attempts).toBe(2);
    expect(pending?.nextAttemptAt).toEqual(at(retryAt, 10 * MINUTE));
    expect(Array.from(pending?.lastError ?? "")).toHaveLength(1000);
    expect(pending?.lastError?.endsWith("😀")).toBe(true); // cut between code points, not inside one
    expect(must(await store.get(submissionId)).mail).toEqual({ pending: 1, sent: 0 });
  });

  test("markMailSent stops the message being claimed, even by a late failure report", async () => {
    const { id: submissionId } = await store.save(contact(), NOTIFY, T0);
    const [message] = await store.claimDueMail(T0, 10, LEASE);
    await store.markMailSent(must(message).id, at(T0, SECOND));

    expect(await store.claimDueMail(FAR_FUTURE, 10, LEASE)).toEqual([]);
    expect(await store.pendingMail(FAR_FUTURE)).toEqual([]);
    expect(must(await store.get(submissionId)).mail).toEqual({ pending: 0, sent: 1 });

    // A worker whose lease ran out reports failure after another one delivered it.
    await store.markMailFailed(must(message).id, "timeout", at(T0, MINUTE));
    expect(await store.claimDueMail(FAR_FUTURE, 10, LEASE)).toEqual([]);
    expect(must(await store.get(submissionId)).mail).toEqual({ pending: 0, sent: 1 });
  });

  test("markMailsSent marks several messages in one call and leaves the others pending", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await store.save(contact(), NOTIFY, at(T0, i * SECOND))).id);
    const claimed = await store.claimDueMail(at(T0, MINUTE), 10, LEASE);
    const [first, second, third] = claimed.map((m) => m.id);
    await store.markMailsSent([must(first), must(second), randomUUID(), "not-an-id"], at(T0, MINUTE));
    await store.markMailsSent([], at(T0, MINUTE));

    expect((await store.pendingMail(FAR_FUTURE)).map((m) => m.id)).toEqual([third]);
    expect(must(await store.get(must(ids[0]))).mail).toEqual({ pending: 0, sent: 1 });
    expect(must(await store.get(must(ids[2]))).mail).toEqual({ pending: 1, sent: 0 });
    // Sent stays sent, even when a late failure report comes in.
    await store.markMailFailed(must(first), "timeout", at(T0, MINUTE));
    expect((await store.claimDueMail(FAR_FUTURE, 10, LEASE)).map((m) => m.id)).toEqual([third]);
  });

  test("retryPendingNow makes only mail waiting out a backoff due now, the oldest first with `limit`", async () => {
    const saved: string[] = [];
    for (let i = 0; i < 5; i++) saved.push((await store.save(contact(), NOTIFY, at(T0, i * SECOND))).id);
    const claimed = await store.claimDueMail(at(T0, MINUTE), 10, LEASE);
    const [oldest, older, sent, due, leased] = claimed.map((m) => must(m.id));
    await store.markMailFailed(must(oldest), "connect ECONNREFUSED", at(T0, 60 * MINUTE));
    await store.markMailFailed(must(older), "connect ECONNREFUSED", at(T0, 120 * MINUTE));
    // Sent after a failed attempt: its next attempt, never needed, is still hours away.
    await store.markMailFailed(must(sent), "421 try again later", at(T0, 180 * MINUTE));
    await store.markMailSent(must(sent), at(T0, MINUTE));
    await store.markMailFailed(must(due), "connect ECONNREFUSED", at(T0, 30 * SECOND)); // due already
    // `leased` is being sent by a worker: leased and due, not waiting.
    const now = at(T0, 2 * MINUTE);
    const nextAttempt = async () =>
      new Map((await store.pendingMail(FAR_FUTURE)).map((m) => [m.id, m.nextAttemptAt.getTime()]));

    expect(await store.retryPendingNow(now, 1)).toBe(1);
    let next = await nextAttempt();
    expect(next.get(must(oldest))).toBe(now.getTime());
    expect(next.get(must(older))).toBe(at(T0, 120 * MINUTE).getTime());

    expect(await store.retryPendingNow(now)).toBe(1);
    next = await nextAttempt();
    expect(next.get(must(older))).toBe(now.getTime());
    expect(next.get(must(due))).toBe(at(T0, 30 * SECOND).getTime());
    expect(next.get(must(leased))).toBe(at(T0, 4 * SECOND).getTime());
    expect(next.has(must(sent))).toBe(false);
    expect(must(await store.get(must(saved[2]))).mail).toEqual({ pending: 0, sent: 1 });
    expect(await store.retryPendingNow(now)).toBe(0);

    // Only the due time changes: attempts and the last error are kept, and the lease
    // of the row in flight still holds.
    const claimable = await store.claimDueMail(now, 10, LEASE);
    expect(claimable.map((m) => m.id)).toEqual([oldest, older, due]);
    expect(claimable.map((m) => [m.attempts, m.lastError])).toEqual([
      [1, "connect ECONNREFUSED"],
      [1, "connect ECONNREFUSED"],
      [1, "connect ECONNREFUSED"],
    ]);
  });

  test("pendingMail finds undelivered mail created before a time, oldest first", async () => {
    const old = await store.save(contact(), NOTIFY, T0);
    const app = await store.save(application(), ALL_MAIL, at(T0, MINUTE));
    await store.save(contact(), NOTIFY, at(T0, 2 * 60 * MINUTE));
    await deliver(app.id, ["company_notification"]);

    const stuck = await store.pendingMail(at(T0, 60 * MINUTE));
    expect(stuck.map((m) => [m.submissionId, m.kind, m.createdAt])).toEqual([
      [old.id, "company_notification", T0],
      [app.id, "applicant_confirmation", at(T0, MINUTE)],
    ]);
    expect(await store.pendingMail(T0)).toEqual([]); // strictly before
  });

  test("migrate again, and a second process opening the store, change nothing", async () => {
    const { id } = await store.save(application(), ALL_MAIL, T0);
    await store.migrate();
    await store.migrate();
    const second = await backend.open();
    await second.close();
    expect(await backend.count("schema_migrations")).toBe(loadMigrations(backend.dialect).length);
    expect(must(await store.get(id)).mail).toEqual({ pending: 2, sent: 0 });
  });

  test("stores unicode and SQL-looking text exactly", async () => {
    const names = ["Zoë Ångström 李小龍", "O'Brien; DROP TABLE submissions;--", 'Ｎａｍｅ "quoted" back\\slash 🚀'];
    const message = "Line one\r\nLine two\t— “curly” ‘quotes’ 😀 नमस्ते \u200d%_*?\\";
    const ids: string[] = [];
    for (const name of names) ids.push((await store.save(contact({ name, message }), NOTIFY, T0)).id);
    const cvName = "Zoë_Ångström_履歴書 (final).pdf";
    const app = await store.save(application({ name: names[0], cv: cvFile(pdfBytes(), cvName) }), ALL_MAIL, T0);

    for (const [i, id] of ids.entries()) {
      const stored = must(await store.get(id));
      expect(stored.name).toBe(names[i]);
      expect(stored.message).toBe(message);
    }
    expect(must(await store.get(app.id)).cv?.fileName).toBe(cvName);
    expect(must(await store.getCv(app.id)).fileName).toBe(cvName);
    expect(await backend.count("submissions")).toBe(4);
  });

  test("a 500 KB CV (512,000 bytes) round-trips intact", async () => {
    const bytes = new Uint8Array(randomBytes(512_000));
    const input = application({ cv: cvFile(bytes) });
    const { id } = await store.save(input, ALL_MAIL, T0);
    expect(must(await store.get(id)).cv?.size).toBe(512_000);
    const cv = must(await store.getCv(id));
    expect(cv.size).toBe(512_000);
    expect(cv.bytes.byteLength).toBe(512_000);
    expect(sameBytes(cv.bytes, bytes)).toBe(true);
    expect(sha256(cv.bytes)).toBe(input.cv.sha256);
  });

  test("readiness: the newest migration is applied, and the outbox's backlog with its oldest row", async () => {
    const empty = await store.readiness();
    expect(empty.schema.applied).toBe(empty.schema.expected);
    expect(empty.schema.expected).toBeGreaterThanOrEqual(2);
    expect(empty.outbox).toEqual({ pending: 0, oldestPendingAt: null });
    const later = new Date(T0.getTime() + 60_000);
    await store.save(contact(), ["company_notification"], later);
    await store.save(application(), ALL_MAIL, T0);
    const busy = await store.readiness();
    expect(busy.outbox).toEqual({ pending: 3, oldestPendingAt: T0 });
  });

  test("answers unknown ids with null", async () => {
    expect(await store.get(randomUUID())).toBeNull();
    expect(await store.get("not-a-uuid")).toBeNull();
    expect(await store.getCv(randomUUID())).toBeNull();
    await expect(store.markMailSent(randomUUID(), T0)).resolves.toBeUndefined();
  });

  if (backend.dialect === "sqlite") {
    test("the SQLite file is in WAL mode and readable by its owner only", async () => {
      const path = must(backend.sqlitePath);
      const raw = new DatabaseSync(path, { readOnly: true });
      try {
        expect(raw.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
      } finally {
        raw.close();
      }
      expect(statSync(path).mode & 0o777).toBe(0o600);
    });

    test("a claim reads its batch in index order: no sort of the whole backlog, under the write lock", async () => {
      const raw = new DatabaseSync(must(backend.sqlitePath), { readOnly: true });
      // Only compiles: the query the store runs, turned into SQLite's SQL.
      const compiler = new Kysely<Tables>({
        dialect: {
          createAdapter: () => new SqliteAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new SqliteIntrospector(db),
          createQueryCompiler: () => new SqliteQueryCompiler(),
        },
      });
      try {
        const { sql, parameters } = dueMail(compiler, "sqlite", T0.toISOString(), 50).compile();
        const plan = raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(parameters as SQLInputValue[]));
        const steps = plan.map((row) => String((row as { detail: string }).detail));
        expect(steps.join("\n")).toMatch(/USING INDEX outbox_claim_idx/);
        expect(steps.join("\n")).not.toMatch(/TEMP B-TREE/);
      } finally {
        raw.close();
        await compiler.destroy();
      }
    });

    test("two stores on one file in one process save at the same moment without waiting out the lock", async () => {
      const second = await backend.open();
      try {
        const started = Date.now();
        const saved = await Promise.all([
          store.save(application(), ALL_MAIL, T0),
          second.save(application(), ALL_MAIL, T0),
          store.purge({ contact: T0 }),
          second.save(contact(), NOTIFY, T0),
        ]);
        // busy_timeout is 5 s: a store blocked on the other's write lock would take that long.
        expect(Date.now() - started).toBeLessThan(2000);
        expect(saved).toHaveLength(4);
        expect(await backend.count("submissions")).toBe(3);
        expect(await backend.count("outbox")).toBe(5);
      } finally {
        await second.close();
      }
    });
  }

  if (backend.dialect === "postgres") {
    test("two replicas claiming at the same moment never get the same message", async () => {
      for (let i = 0; i < 40; i++) await store.save(contact(), NOTIFY, at(T0, i));
      const replica = await backend.open();
      try {
        const now = at(T0, MINUTE);
        const claimed: string[] = [];
        for (let round = 0; round < 3; round++) {
          const batches = await Promise.all([
            store.claimDueMail(now, 7, LEASE),
            replica.claimDueMail(now, 7, LEASE),
            store.claimDueMail(now, 7, LEASE),
            replica.claimDueMail(now, 7, LEASE),
          ]);
          claimed.push(...batches.flat().map((m) => m.id));
        }
        expect(new Set(claimed).size).toBe(claimed.length);
        // Whatever was skipped is still there for the next claim: nothing lost either.
        const rest = await replica.claimDueMail(now, 100, LEASE);
        const everything = [...claimed, ...rest.map((m) => m.id)];
        expect(new Set(everything).size).toBe(everything.length);
        expect(everything).toHaveLength(40);
      } finally {
        await replica.close();
      }
    });

    test("two replicas starting at once on a new schema migrate it once, without error", async () => {
      const schema = `store_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
      const options = { databaseUrl: PG_URL, sqlitePath: join(TMP, "unused", "x.sqlite"), pgSchema: schema };
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      try {
        const stores = await Promise.all([openStore(options), openStore(options), openStore(options)]);
        await Promise.all(stores.map((s) => s.close()));
        const { rows } = await admin.query(`SELECT version, name FROM "${schema}".schema_migrations ORDER BY version`);
        expect(rows).toEqual(loadMigrations("postgres").map(({ version, name }) => ({ version, name })));
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
      }
      expect(existsSync(join(TMP, "unused"))).toBe(false); // nothing on the local disk
    });
  }
});

describe("migrations", () => {
  it("use the same numbers and names in both dialects", () => {
    const versions = (dialect: "sqlite" | "postgres") =>
      loadMigrations(dialect).map(({ version, name }) => ({ version, name }));
    expect(versions("sqlite").length).toBeGreaterThan(0);
    expect(versions("postgres")).toEqual(versions("sqlite"));
  });
});

describe("openStore", () => {
  it("refuses a DATABASE_URL that is not PostgreSQL instead of falling back to a local file", async () => {
    const sqlitePath = join(TMP, `refused-${randomUUID()}`, "x.sqlite");
    await expect(openStore({ databaseUrl: "mysql://db.internal/site", sqlitePath })).rejects.toThrow(/postgres:\/\//);
    expect(existsSync(sqlitePath)).toBe(false);
  });
});
