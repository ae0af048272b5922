/**
 * The outbox worker's resilience with real parts (a SQLite store on a temp file,
 * nodemailer's pooled SMTP transport, a real smtp-server on 127.0.0.1): mail resumes as
 * soon as SMTP is back instead of after its backoff, quietly; a backlog goes out over a
 * few reused connections in parallel, within the lease; a mail sent while the database
 * could not record it is never sent again; stop() waits for the sends in flight.
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import type { MailConfig } from "../../server/mail/config.ts";
import type { MailTransport } from "../../server/mail/mail-transport.ts";
import { createTransport } from "../../server/mail/transport.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { applicationInput, contactInput, mailConfig } from "./helpers/mail-fixtures.ts";
import { outboxBench } from "./helpers/mail-outbox.ts";
import {
  closedPort,
  messageIdOf,
  type SmtpServerOptions,
  startSmtpServer,
  type TestSmtpServer,
} from "../support/mail-smtp.ts";

const BOTH = ["company_notification", "applicant_confirmation"] as const;
const T0 = new Date("2026-02-02T06:00:00.000Z");
const HOUR = 3_600_000;
const LONG_BACKOFF = { baseMs: HOUR, maxMs: HOUR };

const bench = outboxBench("mail-outbox", T0);
const worker = bench.worker;

async function smtpServer(port?: number, options?: SmtpServerOptions): Promise<TestSmtpServer> {
  const server = await startSmtpServer(port, options);
  bench.afterTest(() => server.close());
  return server;
}

function smtpConfig(port: number): MailConfig {
  return mailConfig({ transport: "smtp", smtpUrl: `smtp://127.0.0.1:${port}` });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it is true; fails naming `what` after `timeoutMs`. */
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

async function saveContacts(count: number, store: Store = bench.store): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const saved = await store.save(contactInput({ name: `Visitor ${i}` }), ["company_notification"], T0);
    ids.push(saved.id);
  }
  return ids;
}

const pending = (store: Store = bench.store) => store.pendingMail(new Date(T0.getTime() + 1000 * HOUR));

/** How many times each Message-ID arrived. */
function copiesPerMessageId(server: TestSmtpServer): number[] {
  const counts = new Map<string, number>();
  for (const mail of server.received) counts.set(messageIdOf(mail), (counts.get(messageIdOf(mail)) ?? 0) + 1);
  return [...counts.values()];
}

describe("after an outage", () => {
  it("checks quietly while SMTP is down and sends every waiting mail once it is back, without waiting out the backoff", async () => {
    const port = await closedPort();
    await saveContacts(6);
    const { outbox, logs } = worker(smtpConfig(port), { probeIntervalMs: 20, backoff: LONG_BACKOFF });

    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 6 });
    // Due in an hour; a dozen checks fail meanwhile.
    await until("the outage to be confirmed", () => logs.error.some((l) => l.includes("delivery is failing")));
    await sleep(250);
    const smtp = await smtpServer(port);
    await until("every waiting mail to arrive", () => smtp.received.length >= 6);
    await until("every mail to be marked sent", async () => (await pending()).length === 0);

    expect(copiesPerMessageId(smtp)).toEqual([1, 1, 1, 1, 1, 1]);
    const outageLines = logs.error.filter((l) => l.includes("delivery is failing"));
    expect(outageLines).toHaveLength(1);
    expect(outageLines[0]).toMatch(/ECONNREFUSED.*checking every 20 ms/);
    expect(logs.info.filter((l) => l.includes("delivery works again"))).toEqual([
      "mail outbox: delivery works again; 6 waiting mail message(s) made due now",
    ]);
    // One failed attempt each, logged as before; the checks themselves add no lines.
    expect(logs.error.filter((l) => / failed \(attempt 1\)/.test(l))).toHaveLength(6);
    expect(logs.error).toHaveLength(7);
  });

  it("mail saved during a confirmed outage is not tried as it arrives; it goes out, once each, when SMTP is back", async () => {
    const port = await closedPort();
    await saveContacts(3);
    const { outbox, logs } = worker(smtpConfig(port), { probeIntervalMs: 20, backoff: LONG_BACKOFF });
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 3 });
    await until("the outage to be confirmed", () => logs.error.some((l) => l.includes("delivery is failing")));

    // Visitors keep writing: each save asks for a pass, as the server does.
    const during = await saveContacts(40);
    for (let i = 0; i < during.length; i++) outbox.kick();
    await sleep(300);
    const waiting = (await pending()).filter((m) => during.includes(m.submissionId ?? ""));
    expect(waiting).toHaveLength(40);
    expect(waiting.map((m) => m.attempts)).toEqual(Array.from({ length: 40 }, () => 0));
    expect(logs.error.filter((l) => / failed \(attempt 1\)/.test(l))).toHaveLength(3);

    const smtp = await smtpServer(port);
    await until("every mail to arrive", () => smtp.received.length >= 43);
    await until("every mail to be marked sent", async () => (await pending()).length === 0);
    expect(copiesPerMessageId(smtp)).toEqual(Array.from({ length: 43 }, () => 1));
  });

  it("after a restart with mail waiting in backoff, checks at once and sends it", async () => {
    const port = await closedPort();
    await saveContacts(3);
    const first = worker(smtpConfig(port), { backoff: LONG_BACKOFF });
    expect(await first.outbox.runOnce()).toEqual({ sent: 0, failed: 3 });
    await first.stop();

    const smtp = await smtpServer(port);
    // Checks once a minute from now on: only the check at start can deliver in time.
    const { logs } = worker(smtpConfig(port), { backoff: LONG_BACKOFF, probeIntervalMs: 60_000 });
    await until("the waiting mail to arrive", () => smtp.received.length >= 3);
    await until("every mail to be marked sent", async () => (await pending()).length === 0);
    expect(logs.info[0]).toBe(
      "mail outbox: 3 mail message(s) waiting to be retried after failed attempts; checking whether delivery works",
    );
    expect(logs.info).toContain("mail outbox: delivery works again; 3 waiting mail message(s) made due now");
    expect(copiesPerMessageId(smtp)).toEqual([1, 1, 1]);
  });

  it("a mail the server refuses keeps its backoff while the server answers: no retry loop", async () => {
    const smtp = await smtpServer(undefined, { refuseRecipient: (address) => address === "asha@example.com" });
    const { id } = await bench.store.save(applicationInput(), BOTH, T0);
    const { outbox, logs, clock } = worker(smtpConfig(smtp.port), { probeIntervalMs: 20, backoff: LONG_BACKOFF });

    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 1 });
    // Fifty check intervals: enough for a loop to show.
    await sleep(1000);
    const [confirmation, ...others] = await pending();
    expect(others).toEqual([]);
    expect(confirmation?.submissionId).toBe(id);
    // Retried at most once at once (the check cannot tell a refusal from an outage that
    // just ended), then left to its backoff.
    expect(confirmation?.attempts).toBeLessThanOrEqual(2);
    expect(smtp.recipientsTried.filter((a) => a === "asha@example.com").length).toBe(confirmation?.attempts);
    expect(confirmation?.nextAttemptAt.getTime()).toBeGreaterThan(clock.now.getTime() + 0.8 * HOUR);
    expect(confirmation?.lastError).toMatch(/550/);
    expect(logs.error.some((l) => l.includes("delivery is failing"))).toBe(false);
  });
});

describe("sending in parallel over pooled connections", () => {
  it("sends a backlog in parallel over at most `smtpMaxConnections` reused connections, each mail once", async () => {
    const smtp = await smtpServer(undefined, { beforeAccept: () => sleep(15) });
    await saveContacts(30);
    const transport = createTransport(smtpConfig(smtp.port), { smtpMaxConnections: 3 });
    bench.afterTest(() => transport.close());
    // The worker's concurrency (default 5) is capped by what the transport takes.
    const { outbox, logs } = worker(smtpConfig(smtp.port), { transport, batchSize: 10 });

    expect(await outbox.runOnce()).toEqual({ sent: 30, failed: 0 });
    expect(smtp.received).toHaveLength(30);
    expect(copiesPerMessageId(smtp).every((n) => n === 1)).toBe(true);
    expect(smtp.connections.mostAtOnce).toBeGreaterThanOrEqual(2);
    expect(smtp.connections.mostAtOnce).toBeLessThanOrEqual(3);
    // Reused, not one connection per mail.
    expect(smtp.connections.opened).toBeLessThanOrEqual(3);
    expect(await pending()).toEqual([]);
    expect(logs.info.filter((l) => l.startsWith("mail outbox: sent "))).toHaveLength(30);
    expect(logs.error).toEqual([]);
  });

  it("starts no send once most of the lease is used up; the rest stay pending for a later pass", async () => {
    const smtp = await smtpServer();
    await saveContacts(6);
    const clock = { now: new Date(T0.getTime() + 1000) };
    const real = createTransport(smtpConfig(smtp.port));
    bench.afterTest(() => real.close());
    // Each send takes 45% of the lease (on the test's clock).
    const slow: MailTransport = {
      async send(mail) {
        clock.now = new Date(clock.now.getTime() + 4500);
        return real.send(mail);
      },
      close: () => real.close(),
    };
    const { outbox } = worker(smtpConfig(smtp.port), { transport: slow, clock, leaseMs: 10_000, concurrency: 2 });

    // Two start at once; after them 90% of the lease is gone, so the other four wait.
    expect(await outbox.runOnce()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    const left = await pending();
    expect(left).toHaveLength(4);
    expect(left.every((m) => m.attempts === 0)).toBe(true);
  });
});

describe("when the store, not delivery, fails", () => {
  /** The bench's store, whose `get` fails `times` times (Infinity: always) like a dropped connection. */
  function storeFailingGet(times: number): Store {
    let failures = 0;
    return new Proxy(bench.store, {
      get(target, property, receiver) {
        if (property !== "get") return Reflect.get(target, property, receiver);
        return async (id: string) => {
          if (failures++ < times) throw new Error("Connection terminated unexpectedly");
          return target.get(id);
        };
      },
    });
  }

  it("a mail whose row could not be read is no failed attempt: it goes out a moment later, not after its backoff", async () => {
    const smtp = await smtpServer();
    await saveContacts(1);
    const { outbox, logs } = worker(smtpConfig(smtp.port), {
      store: storeFailingGet(1),
      probeIntervalMs: 50,
      backoff: LONG_BACKOFF,
    });

    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    await until("the mail to arrive", () => smtp.received.length === 1);
    await until("it to be marked sent", async () => (await pending()).length === 0);
    expect(logs.error).toEqual([
      expect.stringMatching(
        /the store failed before sending: Connection terminated unexpectedly; trying again shortly$/,
      ),
    ]);
    expect(logs.error.some((l) => l.includes("failed (attempt"))).toBe(false);
  });

  it("a mail the store keeps failing on gets a failed attempt and its backoff, not a loop", async () => {
    const smtp = await smtpServer();
    await saveContacts(1);
    const { outbox, logs, clock } = worker(smtpConfig(smtp.port), {
      store: storeFailingGet(Infinity),
      probeIntervalMs: 20,
      backoff: LONG_BACKOFF,
    });
    await outbox.runOnce();
    await until("the failed attempt", () => logs.error.some((l) => l.includes("failed (attempt 1)")));
    await sleep(200);
    const [waiting] = await pending();
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(clock.now.getTime() + 0.8 * HOUR);
    expect(smtp.received).toEqual([]);
  });
});

describe("the lease on a batch being sent", () => {
  it("is renewed while a send takes longer than the lease, so another worker does not take the row and send it again", async () => {
    const smtp = await smtpServer();
    await saveContacts(1);
    const clock = { now: new Date(T0.getTime() + 1000) };
    const real = createTransport(smtpConfig(smtp.port));
    bench.afterTest(() => real.close());
    let sendsStarted = 0;
    let letItFinish = () => {};
    const finished = new Promise<void>((resolve) => {
      letItFinish = resolve;
    });
    const held: MailTransport = {
      async send(mail) {
        sendsStarted++;
        await finished;
        return real.send(mail);
      },
      close: () => real.close(),
    };
    const leaseMs = 300;
    const first = worker(smtpConfig(smtp.port), { transport: held, clock, leaseMs });
    const firstPass = first.outbox.runOnce();
    await until("the first worker to start its send", () => sendsStarted === 1);

    // Three leases pass on the clock while the send hangs; renewals (every 100 ms) keep up.
    for (let step = 0; step < 9; step++) {
      clock.now = new Date(clock.now.getTime() + 100);
      await sleep(120);
    }
    const second = worker(smtpConfig(smtp.port), { clock, leaseMs });
    expect(await second.outbox.runOnce()).toEqual({ sent: 0, failed: 0 });

    letItFinish();
    expect(await firstPass).toEqual({ sent: 1, failed: 0 });
    expect(copiesPerMessageId(smtp)).toEqual([1]);
    expect(await pending()).toEqual([]);
    expect(first.logs.error).toEqual([]);
  });
});

describe("mail leased by a worker that died", () => {
  it("goes out as soon as the lease ends, not at the next poll", async () => {
    const smtp = await smtpServer();
    await saveContacts(2);
    // A replica claimed both rows for 400 ms and died (SIGKILL) before sending them.
    expect(await bench.store.claimDueMail(new Date(), 10, 400)).toHaveLength(2);
    // Polls once a minute: only the watch on the lease can send them within seconds.
    const started = Date.now();
    worker(smtpConfig(smtp.port), { now: () => new Date(), pollIntervalMs: 60_000 });
    await until("both mails to arrive", () => smtp.received.length === 2, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(copiesPerMessageId(smtp)).toEqual([1, 1]);
  });
});

describe("a mail sent while the database could not record it", () => {
  it("with the SQLite file locked by another process during the send, goes out exactly once and ends up marked sent", async () => {
    const path = join(bench.dir, "locked.sqlite");
    // Short limits, so a statement gives up on the lock quickly.
    const store = await openStore({ sqlitePath: path, limits: { statementMs: 200, acquireMs: 200 } });
    bench.afterTest(() => store.close());
    const locker = new DatabaseSync(path);
    bench.afterTest(() => locker.close());
    let locked = false;
    const smtp = await smtpServer(undefined, {
      // An operator's sqlite3 shell (or a backup) takes the write lock while the mail is handed over.
      beforeAccept: () => {
        if (locked) return;
        locker.exec("BEGIN IMMEDIATE");
        locked = true;
      },
    });
    const [id] = await saveContacts(1, store);
    const clock = { now: new Date(T0.getTime() + 1000) };
    const { outbox, logs } = worker(smtpConfig(smtp.port), { store, clock, leaseMs: 5000, markRetryMs: 20 });

    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(logs.error.join("\n")).toMatch(/sent company_notification .* but could not mark it sent: .*locked/);
    // Marking is retried meanwhile, and fails while the lock is held.
    await sleep(300);
    expect((await pending(store)).map((m) => m.submissionId)).toEqual([id]);

    // The lease runs out; a pass while the lock is still held claims nothing.
    clock.now = new Date(clock.now.getTime() + 6000);
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    locker.exec("ROLLBACK");
    await outbox.runOnce();
    await until("the mail to be marked sent", async () => (await pending(store)).length === 0);
    await outbox.runOnce();

    expect(smtp.received).toHaveLength(1);
    expect((await store.get(id as string))?.mail).toEqual({ pending: 0, sent: 1 });
    expect(logs.info.some((l) => /marked sent now; the mark had failed/.test(l))).toBe(true);
  });

  it("is not sent again when its row is claimed again before the mark gets through", async () => {
    const smtp = await smtpServer();
    let marksFail = true;
    const store: Store = {
      ...bench.store,
      markMailsSent: async (ids, now) => {
        if (marksFail) throw new Error("connection terminated unexpectedly");
        return bench.store.markMailsSent(ids, now);
      },
    };
    const [id] = await saveContacts(1);
    const clock = { now: new Date(T0.getTime() + 1000) };
    const { outbox, logs } = worker(smtpConfig(smtp.port), { store, clock, leaseMs: 5000, markRetryMs: 60_000 });

    expect(await outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    // The lease runs out and the row is claimed again (claims work, marks still fail).
    clock.now = new Date(clock.now.getTime() + 6000);
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect((await pending()).map((m) => m.submissionId)).toEqual([id]);

    marksFail = false;
    clock.now = new Date(clock.now.getTime() + 6000);
    expect(await outbox.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await pending()).toEqual([]);
    expect(logs.error.filter((l) => l.includes("could not mark it sent"))).toHaveLength(1);
  });

  it("stop() tries the mark once more and, if it still fails, says the mail will go out again after a restart", async () => {
    const smtp = await smtpServer();
    const store: Store = {
      ...bench.store,
      markMailsSent: async () => {
        throw new Error("connection terminated unexpectedly");
      },
    };
    await saveContacts(1);
    const started = worker(smtpConfig(smtp.port), { store, markRetryMs: 60_000 });
    expect(await started.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    await started.stop();
    expect(started.logs.error.at(-1)).toBe(
      "mail outbox: stopping with 1 mail message(s) sent but not marked sent; they will be sent again after a restart (same Message-ID)",
    );
  });
});

describe("stop()", () => {
  it("waits for every send in flight; closing the transport then closes the pooled connections", async () => {
    let inFlight = 0;
    const smtp = await smtpServer(undefined, {
      beforeAccept: async () => {
        inFlight++;
        await sleep(200);
      },
    });
    await saveContacts(4);
    const started = worker(smtpConfig(smtp.port), { concurrency: 4 });
    await until("the sends to be under way", () => inFlight === 4);

    await started.outbox.stop();
    expect(smtp.received).toHaveLength(4);
    expect(await pending()).toEqual([]);
    expect(smtp.connections.open).toBeGreaterThan(0);

    await started.stop();
    await until("the pooled connections to close", () => smtp.connections.open === 0, 2000);
  });
});
