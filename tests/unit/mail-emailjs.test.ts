/**
 * The emailjs transport with the real outbox worker, a SQLite store on a temp file, and
 * the EmailJS stand-in on 127.0.0.1 (tests/support/stand-ins/emailjs.ts; these machines
 * have no internet). Time is injected, so retries are exercised without waiting.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { composeMail } from "../../server/mail/compose.ts";
import type { MailConfig } from "../../server/mail/config.ts";
import { EmailJsError } from "../../server/mail/emailjs-transport.ts";
import type { MailTransport } from "../../server/mail/mail-transport.ts";
import { createTransport } from "../../server/mail/transport.ts";
import { createLinkSigner, cvLinkMaker } from "../../server/signed-links.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { type EmailJsStandIn, startEmailJsStandIn } from "../support/stand-ins/emailjs.ts";
import { applicationInput, contactInput, mailConfig, stored } from "./helpers/mail-fixtures.ts";
import { outboxBench } from "./helpers/mail-outbox.ts";
import { closedPort } from "../support/mail-smtp.ts";

const BOTH = ["company_notification", "applicant_confirmation"] as const;
const T0 = new Date("2026-11-23T04:00:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const PRIVATE_KEY = "private-key-never-logged-0123";
const SIGNER = createLinkSigner("unit-test-link-secret-of-32-characters-or-more");

let standIn: EmailJsStandIn;
beforeAll(async () => {
  standIn = await startEmailJsStandIn();
});
afterAll(async () => {
  await standIn.stop();
});

beforeEach(() => {
  standIn.reset();
});

/** Workers whose clock the test moves, with a log it can read, and CV links signed as in production. */
const bench = outboxBench("mail-emailjs", T0, (config) => ({ cvLink: cvLinkMaker(SIGNER, config.siteUrl, 30) }));
const worker = bench.worker;

function emailJsConfig(apiOrigin = standIn.origin, timeoutMs?: number): MailConfig {
  return mailConfig({
    transport: "emailjs",
    emailjs: {
      apiOrigin,
      publicKey: "public-key-abc",
      privateKey: PRIVATE_KEY,
      serviceId: "service_blueberry",
      templates: { contact: "template_contact", application: "template_apply", confirmation: "template_confirm" },
      timeoutMs,
    },
  });
}

type SendBody = {
  service_id: string;
  template_id: string;
  user_id: string;
  accessToken: string;
  template_params: Record<string, string>;
};

function bodies(): SendBody[] {
  return standIn.received.map((r) => r.body as SendBody);
}

describe("delivery through EmailJS", () => {
  it("posts a contact message as JSON to /api/v1.0/email/send with the keys and the old site's params, and marks it sent", async () => {
    const { id } = await bench.store.save(contactInput(), ["company_notification"], T0);
    const { outbox, logs } = worker(emailJsConfig());

    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(standIn.received).toHaveLength(1);
    expect(standIn.received[0]?.headers["content-type"]).toBe("application/json");
    expect(bodies()[0]).toEqual({
      service_id: "service_blueberry",
      template_id: "template_contact",
      user_id: "public-key-abc",
      accessToken: PRIVATE_KEY,
      template_params: {
        to_name: "Blueberry Semiconductors",
        from_name: "Ravi Kumar",
        from_email: "ravi@example.com",
        from_mobile: "+919845012345",
        message: "We need a DDR5 PHY verification team for Q3.\nCan we talk next week?",
        submission_id: id,
      },
    });
    expect((await bench.store.get(id))?.mail).toEqual({ pending: 0, sent: 1 });
    expect(logs.error).toEqual([]);
  });

  it("sends an application to the application template with a signed CV link, and the confirmation to the applicant, without reading the CV", async () => {
    const { id } = await bench.store.save(applicationInput(), BOTH, T0);
    let cvReads = 0;
    const counting: Store = {
      ...bench.store,
      getCv: (submissionId) => {
        cvReads++;
        return bench.store.getCv(submissionId);
      },
    };
    const { outbox } = worker(emailJsConfig(), { store: counting });

    expect(await outbox.runOnce()).toEqual({ sent: 2, failed: 0 });
    const byTemplate = new Map(bodies().map((b) => [b.template_id, b.template_params]));
    const notification = byTemplate.get("template_apply");
    const confirmation = byTemplate.get("template_confirm");
    if (!notification || !confirmation) throw new Error("a mail is missing");

    const { attachment, ...rest } = notification;
    expect(rest).toEqual({
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "+919845054321",
      comment: "Six years of UVM on PCIe Gen5 controllers.",
      job: "Design Verification Engineer",
      privacy_version: "2025-01",
      submission_id: id,
    });
    const link = new URL(attachment ?? "");
    expect(link.origin).toBe("https://www.blueberry.test");
    expect(link.pathname).toMatch(/^\/cv\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // Signed for this submission, valid 30 days from the (injected) time of sending.
    expect(SIGNER.verify(link.pathname.slice(4), at(1000))).toEqual({
      status: "valid",
      submissionId: id,
      expiresAt: new Date(at(1000).getTime() + 30 * 86_400_000),
    });

    expect(confirmation).toEqual({
      to_name: "Asha Rao",
      to_email: "asha@example.com",
      job: "Design Verification Engineer",
      reply_to: "careers@blueberry.test",
      privacy_url: "https://www.blueberry.test/privacy",
      // No applicantDataLink maker in this worker: the param is there, empty.
      erase_link: "",
      submission_id: id,
    });
    expect(cvReads).toBe(0);
    expect((await bench.store.get(id))?.mail).toEqual({ pending: 0, sent: 2 });
  });

  it("a 5xx answer is a failed attempt, retried after the backoff and then delivered exactly once", async () => {
    const { id } = await bench.store.save(contactInput(), ["company_notification"], T0);
    standIn.failNext(1, 503);
    const { outbox, logs, clock } = worker(emailJsConfig());

    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.attempts).toBe(1);
    expect(pending?.lastError).toMatch(
      /^EmailJS answered HTTP 503 "Service Unavailable" for the contact mail; will retry$/,
    );
    expect(logs.error.join("\n")).toMatch(/company_notification .* failed \(attempt 1\): EmailJS answered HTTP 503/);

    // Not due yet (1 s ± 10% after the attempt at +1 s).
    clock.now = at(1800);
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    clock.now = at(2200);
    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(standIn.answered.map((a) => a.status)).toEqual([503, 200]);
    expect((await bench.store.get(id))?.mail).toEqual({ pending: 0, sent: 1 });
  });

  it("403 'API calls are disabled for non-browser applications' is retried, logged as ACTION NEEDED with the dashboard setting to switch on", async () => {
    const { id } = await bench.store.save(contactInput(), ["company_notification"], T0);
    standIn.respondWith(403, "API calls are disabled for non-browser applications");
    const { outbox, logs, clock } = worker(emailJsConfig(), { random: () => 0.5 });

    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const log = logs.error.join("\n");
    expect(log).toContain('EmailJS answered HTTP 403 "API calls are disabled for non-browser applications"');
    expect(log).toContain("ACTION NEEDED");
    expect(log).toContain('"API access from non-browser environments"');
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.nextAttemptAt).toEqual(at(2000));

    // Still failing: kept, with the backoff growing; never dropped.
    clock.now = at(2000);
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    // The setting is switched on: the next retry delivers it, with nothing else to do.
    standIn.reset();
    clock.now = at(4000);
    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect((await bench.store.get(id))?.mail).toEqual({ pending: 0, sent: 1 });
  });

  it.each([
    [400, "The template ID is invalid", "check EMAILJS_SERVICE_ID, EMAILJS_CONTACT_TEMPLATE"],
    [401, "The Public Key is invalid", "check EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY"],
    [403, "The private key is invalid", "check EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY"],
    [404, "Not Found", "check EMAILJS_API_ORIGIN"],
  ])("HTTP %i %j is ACTION NEEDED: %s", async (status, text, fix) => {
    await bench.store.save(contactInput(), ["company_notification"], T0);
    standIn.respondWith(status, text);
    const { outbox } = worker(emailJsConfig());
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.lastError).toContain(`HTTP ${status} "${text}"`);
    expect(pending?.lastError).toContain(`ACTION NEEDED, retries will fail until this is fixed: ${fix}`);
  });

  it.each([429, 500, 502])("HTTP %i is a plain retry, not ACTION NEEDED", async (status) => {
    await bench.store.save(contactInput(), ["company_notification"], T0);
    standIn.respondWith(status);
    const { outbox } = worker(emailJsConfig());
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.lastError).toMatch(new RegExp(`^EmailJS answered HTTP ${status} .*; will retry$`));
  });

  it("anything but 200 is a failure, even another 2xx", async () => {
    standIn.respondWith(202, "Accepted");
    const transport = createTransport(emailJsConfig());
    const mail = composeMail("company_notification", stored(contactInput()), null, emailJsConfig());
    await expect(transport.send(mail)).rejects.toThrow(/HTTP 202/);
    standIn.respondWith(200, "OK");
    await expect(transport.send(mail)).resolves.toEqual({
      messageId: "<sub_test_1.company_notification@blueberry.test>",
    });
  });

  it("never puts the private key in an error, even when the answer echoes it", async () => {
    await bench.store.save(contactInput(), ["company_notification"], T0);
    standIn.respondWith(400, `Bad accessToken ${PRIVATE_KEY}\r\nsecond line`);
    const { outbox, logs } = worker(emailJsConfig());
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.lastError).toContain('"Bad accessToken *** second line"');
    expect(`${pending?.lastError}\n${logs.error.join("\n")}`).not.toContain(PRIVATE_KEY);
  });

  it("a closed port fails the attempt naming the connection error", async () => {
    await bench.store.save(contactInput(), ["company_notification"], T0);
    const origin = `http://127.0.0.1:${await closedPort()}`;
    const { outbox } = worker(emailJsConfig(origin));
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.lastError).toBe(`EmailJS at ${origin} could not be reached (ECONNREFUSED); will retry`);
  });

  it("a server that never answers fails the attempt after the timeout instead of holding the pass", async () => {
    const silent: Server = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    bench.afterTest(
      () =>
        new Promise<void>((resolve) => {
          silent.close(() => resolve());
          silent.closeAllConnections();
        }),
    );
    const origin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    await bench.store.save(contactInput(), ["company_notification"], T0);
    const { outbox } = worker(emailJsConfig(origin, 300));
    const started = Date.now();
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    const [pending] = await bench.store.pendingMail(at(86_400_000));
    expect(pending?.lastError).toBe(`EmailJS at ${origin} did not answer within 300 ms; will retry`);
  });

  it("during an outage only the oldest waiting mail is retried as the check, less and less often; all mail goes out, two at a time, once EmailJS answers", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await bench.store.save(contactInput({ name: `Visitor ${i}` }), ["company_notification"], at(i))).id);
    standIn.respondWith(503);
    const real = createTransport(emailJsConfig());
    const inFlight = { now: 0, most: 0 };
    const counting: MailTransport = {
      maxParallel: real.maxParallel,
      async send(mail) {
        inFlight.most = Math.max(inFlight.most, ++inFlight.now);
        try {
          return await real.send(mail);
        } finally {
          inFlight.now--;
        }
      },
      close: () => real.close(),
    };
    const { outbox, logs } = worker(emailJsConfig(), {
      transport: counting,
      probeIntervalMs: 20,
      backoff: { baseMs: 3_600_000, maxMs: 3_600_000 },
    });
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 4 });
    await new Promise((resolve) => setTimeout(resolve, 700));

    // Checks after 20, 40, 80, 160, 320 ms …: a handful in 0.7 s, each a send of the oldest mail.
    const checks = bodies().slice(4);
    expect(checks.length).toBeGreaterThanOrEqual(2);
    expect(checks.length).toBeLessThanOrEqual(8);
    expect(new Set(checks.map((b) => b.template_params.submission_id))).toEqual(new Set([ids[0]]));

    standIn.reset();
    await standIn.waitFor(4, 5000);
    await vi.waitFor(async () => expect(await bench.store.pendingMail(at(86_400_000))).toEqual([]), 5000);
    expect(new Set(bodies().map((b) => b.template_params.submission_id))).toEqual(new Set(ids));
    expect(bodies()).toHaveLength(4);
    // EmailJS is called at most two at a time, whatever the worker's concurrency.
    expect(inFlight.most).toBe(2);
    expect(logs.error.filter((l) => l.includes("delivery is failing"))).toEqual([
      'mail outbox: delivery is failing (EmailJS answered HTTP 503 "Service Unavailable" for the contact mail; will retry); ' +
        "retrying the oldest waiting mail every 20 ms, then less often (at most every 60 s), and sending all waiting mail as soon as it works",
    ]);
    expect(logs.info.filter((l) => l.includes("delivery works again"))).toEqual([
      "mail outbox: delivery works again; 3 waiting mail message(s) made due now",
    ]);
  });

  it("the failure is an EmailJsError with the status and whether a setting must change", async () => {
    const transport = createTransport(emailJsConfig());
    const mail = composeMail("company_notification", stored(contactInput()), null, emailJsConfig());
    standIn.respondWith(403, "API calls are disabled for non-browser applications");
    const refused = await transport.send(mail).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EmailJsError);
    expect(refused).toMatchObject({ status: 403, actionNeeded: true });
    standIn.respondWith(503);
    expect(await transport.send(mail).catch((e: unknown) => e)).toMatchObject({ status: 503, actionNeeded: false });
  });

  it("refuses to start without its settings", () => {
    expect(() => createTransport(mailConfig({ transport: "emailjs" }))).toThrow(/EMAILJS_/);
  });
});
