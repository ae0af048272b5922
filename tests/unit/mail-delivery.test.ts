/**
 * The outbox end to end with real parts: a SQLite store on a temp file, nodemailer's SMTP
 * transport talking to a real smtp-server on 127.0.0.1, and the file transport on disk.
 * Time is injected, so retries are exercised without waiting for them.
 */
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { composeMail } from "../../server/mail/compose.ts";
import type { MailConfig } from "../../server/mail/config.ts";
import { createTransport } from "../../server/mail/transport.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { APPLICATION_FIELD_LINES, applicationInput, contactInput, mailConfig, pdfCv } from "./helpers/mail-fixtures.ts";
import { outboxBench } from "./helpers/mail-outbox.ts";
import { decodeBody, decodeWords, fileNameOf, header, leaves, parseMessage, textOf } from "../support/mail-mime.ts";
import { closedPort, startSmtpServer, type TestSmtpServer } from "../support/mail-smtp.ts";

const BOTH = ["company_notification", "applicant_confirmation"] as const;
const T0 = new Date("2025-03-14T04:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

const bench = outboxBench("mail-delivery", T0);
/** A worker whose clock the test moves, with a log it can read; stopped after the test. */
const worker = bench.worker;

async function smtpServer(port?: number): Promise<TestSmtpServer> {
  const server = await startSmtpServer(port);
  bench.afterTest(() => server.close());
  return server;
}

function smtpConfig(port: number): MailConfig {
  return mailConfig({ transport: "smtp", smtpUrl: `smtp://127.0.0.1:${port}` });
}

describe("delivery through SMTP", () => {
  it("sends a saved application's notification (with the CV) and confirmation, and marks them sent", async () => {
    const smtp = await smtpServer();
    const cv = pdfCv("Asha_Rao_Resume.pdf");
    const { id } = await bench.store.save(applicationInput({ cv }), BOTH, T0);
    const { outbox, logs } = worker(smtpConfig(smtp.port));

    expect(await outbox.runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(2);

    const notification = smtp.received.find((m) => m.rcptTo.includes("careers@blueberry.test"));
    const confirmation = smtp.received.find((m) => m.rcptTo.includes("asha@example.com"));
    if (!notification || !confirmation) throw new Error("a mail is missing");
    // The envelope, not just the headers: exactly one recipient each.
    expect(notification.rcptTo).toEqual(["careers@blueberry.test"]);
    expect(confirmation.rcptTo).toEqual(["asha@example.com"]);
    expect(notification.mailFrom).toBe("noreply@blueberry.test");

    const n = parseMessage(notification.raw);
    expect(decodeWords(header(n, "subject") ?? "")).toBe("Application: Design Verification Engineer from Asha Rao");
    expect(header(n, "reply-to")).toBe("Asha Rao <asha@example.com>");
    const text = textOf(n, "text/plain");
    for (const line of [...APPLICATION_FIELD_LINES, `Submission: ${id}`]) {
      expect(text).toContain(line);
    }
    const attachment = leaves(n).find((p) => /^attachment/.test(header(p, "content-disposition") ?? ""));
    if (!attachment) throw new Error("no attachment");
    expect(fileNameOf(attachment)).toBe("Asha_Rao_Resume.pdf");
    expect(header(attachment, "content-type")).toMatch(/^application\/pdf/);
    expect(Buffer.compare(decodeBody(attachment), Buffer.from(cv.bytes))).toBe(0);

    const c = parseMessage(confirmation.raw);
    expect(decodeWords(header(c, "subject") ?? "")).toBe(
      "We received your application for Design Verification Engineer",
    );
    expect(leaves(c).some((p) => /^attachment/.test(header(p, "content-disposition") ?? ""))).toBe(false);

    expect((await bench.store.get(id))?.mail).toEqual({ pending: 0, sent: 2 });
    expect(await bench.store.pendingMail(at(86_400_000))).toEqual([]);
    expect(logs.error).toEqual([]);

    // Sent means sent: another pass finds nothing.
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("keeps the mail through an outage and delivers it exactly once when the server is back", async () => {
    const port = await closedPort();
    const { id } = await bench.store.save(contactInput(), ["company_notification"], T0);
    const { outbox, logs, clock } = worker(smtpConfig(port), { clock: { now: at(1000) } });

    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [pending, ...others] = await bench.store.pendingMail(at(86_400_000));
    expect(others).toEqual([]);
    if (!pending) throw new Error("the message is gone");
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toMatch(/ECONNREFUSED/);
    // baseMs 1000 × 2^0 ± 10% after the failed attempt at +1000 ms.
    const retryAt = pending.nextAttemptAt.getTime() - T0.getTime();
    expect(retryAt).toBeGreaterThanOrEqual(1900);
    expect(retryAt).toBeLessThanOrEqual(2100);
    expect((await bench.store.get(id))?.mail).toEqual({ pending: 1, sent: 0 });
    expect(logs.error.join("\n")).toMatch(/company_notification .* failed \(attempt 1\): .*ECONNREFUSED/);

    // Not due yet: a pass leaves it alone.
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });

    const smtp = await smtpServer(port);
    clock.now = at(2200);
    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(textOf(parseMessage(smtp.received[0]?.raw ?? ""), "text/plain")).toContain("from_name: Ravi Kumar");
    expect((await bench.store.get(id))?.mail).toEqual({ pending: 0, sent: 1 });
  });

  it("backs off exponentially up to the maximum", async () => {
    const port = await closedPort();
    await bench.store.save(contactInput(), ["company_notification"], T0);
    // random() = 0.5 is the middle of the ±10% jitter: the plain delay.
    const { outbox, clock } = worker(smtpConfig(port), { random: () => 0.5 });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
      const [message] = await bench.store.pendingMail(at(86_400_000));
      if (!message) throw new Error("the message is gone");
      delays.push(message.nextAttemptAt.getTime() - clock.now.getTime());
      clock.now = message.nextAttemptAt;
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it("coalesces kicks: many kicks, one delivery per message, and stop() waits for the pass", async () => {
    const smtp = await smtpServer();
    await bench.store.save(applicationInput(), BOTH, T0);
    await bench.store.save(contactInput(), ["company_notification"], T0);
    const { outbox } = worker(smtpConfig(smtp.port));
    for (let i = 0; i < 5; i++) outbox.kick();
    await outbox.runOnce();
    await outbox.stop();
    expect(smtp.received).toHaveLength(3);
    expect(await bench.store.pendingMail(at(86_400_000))).toEqual([]);
  });

  it("marks mail of a submission deleted mid-pass as done, without sending it", async () => {
    const smtp = await smtpServer();
    const { id } = await bench.store.save(contactInput(), ["company_notification"], T0);
    const config = smtpConfig(smtp.port);
    // The company deletes the submission between the claim and the send.
    const racing: Store = {
      ...bench.store,
      claimDueMail: async (now, limit, leaseMs) => {
        const claimed = await bench.store.claimDueMail(now, limit, leaseMs);
        await bench.store.deleteByEmail("ravi@example.com");
        return claimed;
      },
    };
    const { outbox, logs } = worker(config, { store: racing });
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
    expect(await bench.store.get(id)).toBeNull();
    expect(logs.info.join("\n")).toMatch(/submission is gone/);
    expect(logs.error).toEqual([]);
  });
});

describe("the file transport", () => {
  it("writes one .eml per message into the outbox folder, creating it", async () => {
    const outboxDir = join(bench.dir, "data", "outbox");
    const config = mailConfig({ transport: "file", outboxDir });
    const application = await bench.store.save(applicationInput(), BOTH, T0);
    const contact = await bench.store.save(contactInput(), ["company_notification"], T0);
    const { outbox } = worker(config);

    expect(await outbox.runOnce()).toEqual({ sent: 3, failed: 0 });
    const files = (await readdir(outboxDir)).sort();
    // No temp files left behind, only the three messages.
    expect(files).toHaveLength(3);
    expect(files.every((f) => f.endsWith(".eml") && !f.startsWith("."))).toBe(true);
    expect(files.filter((f) => f.includes(application.id))).toHaveLength(2);
    expect(files.filter((f) => f.includes(contact.id))).toHaveLength(1);

    const recipients = await Promise.all(
      files.map(async (f) => header(parseMessage(await readFile(join(outboxDir, f))), "to")),
    );
    expect(recipients.sort()).toEqual([
      "Asha Rao <asha@example.com>",
      "business@blueberry.test",
      "careers@blueberry.test",
    ]);
    expect(await bench.store.pendingMail(at(86_400_000))).toEqual([]);
  });

  it("reports a file it could not write, leaves no part of it behind, and writes it private once it can", async () => {
    const outboxDir = join(bench.dir, "data", "outbox");
    const config = mailConfig({ transport: "file", outboxDir });
    const transport = createTransport(config, { now: () => T0 });
    bench.afterTest(async () => transport.close());
    const { id } = await bench.store.save(contactInput(), ["company_notification"], T0);
    const submission = await bench.store.get(id);
    if (!submission) throw new Error("the contact message was not stored");
    const mail = composeMail("company_notification", submission, null, config, {});
    const name = `2025-03-14T04-00-00.000Z-${id}-company_notification.eml`;

    // A folder where the message's file goes: the rename onto it fails.
    await mkdir(join(outboxDir, name), { recursive: true });
    await expect(transport.send(mail)).rejects.toThrow(/EISDIR|directory/i);
    expect(await readdir(outboxDir)).toEqual([name]);

    await rm(join(outboxDir, name), { recursive: true });
    await transport.send(mail);
    expect(await readdir(outboxDir)).toEqual([name]);
    // Owner only: the files hold personal data and CVs.
    expect((await stat(join(outboxDir, name))).mode & 0o777).toBe(0o600);
  });
});

describe("pacing (the delivery thread slows mail while visitors keep the server busy)", () => {
  it("waits for its turn before each send; a stop while a send waits sends no more, and the rest stays pending", async () => {
    const outboxDir = join(bench.dir, "data", "outbox");
    for (let i = 0; i < 4; i++) await bench.store.save(contactInput(), ["company_notification"], T0);
    let turns = 0;
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    // The first send may start at once; the next waits until the test releases it.
    const pace = () => (++turns === 1 ? Promise.resolve() : released);
    const { outbox } = worker(mailConfig({ transport: "file", outboxDir }), { concurrency: 1, pace });

    const pass = outbox.runOnce();
    await vi.waitFor(async () => expect(await readdir(outboxDir).catch(() => [])).toHaveLength(1));
    expect(turns).toBe(2); // The second send is waiting for its turn.
    const stopped = outbox.stop();
    release();
    expect(await pass).toEqual({ sent: 1, failed: 0 });
    await stopped;
    expect(await readdir(outboxDir)).toHaveLength(1);
    expect(await bench.store.pendingMail(at(86_400_000))).toHaveLength(3);
  });
});

describe("the pending alert", () => {
  it("logs an error naming how many mails are undelivered past the threshold and the oldest age", async () => {
    const port = await closedPort();
    await bench.store.save(contactInput(), ["company_notification"], T0);
    await bench.store.save(applicationInput(), BOTH, at(90 * 60_000));
    const clock = { now: at(2 * 3_600_000) };
    const { outbox, logs } = worker(smtpConfig(port), { clock, pendingAlertAfterMs: 3_600_000 });

    await outbox.runOnce();
    const alerts = logs.error.filter((l) => l.includes("ALERT"));
    // Only the contact message is older than an hour; the application's two are 30 min old.
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatch(/ALERT: 1 mail message\(s\) undelivered for more than 60 min; oldest is 2 h old/);
    expect(alerts[0]).toMatch(/ECONNREFUSED/);

    // Checked at most once per 10 minutes.
    clock.now = at(2 * 3_600_000 + 5 * 60_000);
    await outbox.runOnce();
    expect(logs.error.filter((l) => l.includes("ALERT"))).toHaveLength(1);

    // 35 minutes on, the application's mails (saved at +90 min) are over an hour old too.
    clock.now = at(2 * 3_600_000 + 35 * 60_000);
    await outbox.runOnce();
    const later = logs.error.filter((l) => l.includes("ALERT"));
    expect(later).toHaveLength(2);
    expect(later[1]).toMatch(/ALERT: 3 mail message\(s\)/);
    // The logs carry error messages, never message content.
    expect(logs.error.join("\n")).not.toContain("%PDF");
  });

  it("stays quiet while mail is younger than the threshold", async () => {
    const port = await closedPort();
    await bench.store.save(contactInput(), ["company_notification"], T0);
    const { outbox, logs } = worker(smtpConfig(port), { clock: { now: at(30 * 60_000) } });
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(logs.error.some((l) => l.includes("ALERT"))).toBe(false);
  });
});
