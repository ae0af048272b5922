/**
 * Mail after an SMTP outage and after a crash, with real parts: the outbox worker and
 * nodemailer's pooled SMTP transport, a real smtp-server on 127.0.0.1, the real store on
 * a SQLite file and on PostgreSQL (TEST_DATABASE_URL, in a throwaway schema; skipped with
 * a warning when unreachable, unless REQUIRE_POSTGRES=1).
 *
 * - SMTP down at first (nothing listens on its port), 40 mails fail and back off for a
 *   minute; SMTP comes up on that port, and every mail arrives within 10 s, once each.
 * - The worker in a child process is SIGKILLed right after the SMTP server acknowledged
 *   a mail, before it could mark it sent; a restarted worker delivers everything, and a
 *   mail that arrives twice carries the same Message-ID both times (server/mail/README.md,
 *   "When a mail can go out twice").
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startOutboxWorker } from "../../server/mail/outbox-worker.ts";
import { createTransport } from "../../server/mail/transport.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store, StoreOptions } from "../../server/submissions/store-types.ts";
import { type Child, NODE_BIN, ROOT, startChild, stopChild } from "../support/processes.ts";
import { contactInput, mailConfig } from "../unit/helpers/mail-fixtures.ts";
import { header, parseMessage } from "../support/mail-mime.ts";
import {
  closedPort,
  messageIdOf,
  type ReceivedMail,
  startSmtpServer,
  type TestSmtpServer,
} from "../support/mail-smtp.ts";
import { until } from "./helpers/http.ts";
import { createSchema, postgresAvailable, type ThrowawaySchema } from "./helpers/postgres.ts";
import { removeDir, tempDir } from "../support/site-server.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const WORKER_SCRIPT = join(ROOT, "tests/integration/helpers/outbox-worker-process.ts");
const MAILS = 40;

interface Backend {
  name: string;
  available: () => Promise<boolean>;
  /** Store options for a fresh database, and the environment a child process needs for it. */
  create(): Promise<{ options: StoreOptions; env: Record<string, string>; drop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: "SQLite",
    available: async () => true,
    async create() {
      const dir = await tempDir("itest-mail-resume");
      const sqlitePath = join(dir, "blueberry.sqlite");
      return { options: { sqlitePath }, env: { SQLITE_PATH: sqlitePath }, drop: () => removeDir(dir) };
    },
  },
  {
    name: "PostgreSQL",
    available: () => postgresAvailable("PostgreSQL mail resume tests"),
    async create() {
      const dir = await tempDir("itest-mail-resume-pg");
      const schema: ThrowawaySchema = await createSchema("itest_mail");
      const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
      return {
        options: { databaseUrl, pgSchema: schema.schema, sqlitePath: join(dir, "unused.sqlite") },
        env: { DATABASE_URL: databaseUrl, PG_SCHEMA: schema.schema },
        drop: async () => {
          await schema.drop();
          await removeDir(dir);
        },
      };
    },
  },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function saveContacts(store: Store, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await store.save(contactInput({ name: `Visitor ${i}` }), ["company_notification"])).id);
  return ids;
}

const farFuture = () => new Date(Date.now() + 365 * 86_400_000);

function submissionOf(mail: ReceivedMail): string {
  return header(parseMessage(mail.raw), "x-blueberry-submission-id") ?? "";
}

describe.each(backends)("mail on $name", (backend) => {
  let enabled = false;
  let database: Awaited<ReturnType<Backend["create"]>> | undefined;
  let store: Store | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    enabled = await backend.available();
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function freshStore(): Promise<{ store: Store; env: Record<string, string> }> {
    database = await backend.create();
    const drop = database.drop;
    cleanups.push(drop);
    store = await openStore(database.options);
    const opened = store;
    cleanups.push(() => opened.close());
    return { store: opened, env: database.env };
  }

  it("every pending mail arrives within 10 s of SMTP's return, each once, though its backoff is a minute", async (context) => {
    if (!enabled) return context.skip();
    const { store } = await freshStore();
    await saveContacts(store, MAILS);
    const port = await closedPort();
    const config = mailConfig({ transport: "smtp", smtpUrl: `smtp://127.0.0.1:${port}` });
    const transport = createTransport(config);
    const logs: string[] = [];
    const worker = startOutboxWorker({
      store,
      transport,
      config,
      backoff: { baseMs: 60_000, maxMs: 60 * 60_000 },
      log: { info: (line) => logs.push(line), error: (line) => logs.push(line) },
    });
    const later: { smtp?: TestSmtpServer } = {};
    cleanups.push(async () => {
      await worker.stop();
      transport.close();
      await later.smtp?.close();
    });

    // Every mail tried, failed, and due again only in a minute.
    await until("every mail to fail once", async () => {
      const waiting = await store.pendingMail(farFuture());
      return waiting.length === MAILS && waiting.every((m) => m.attempts >= 1) ? waiting : undefined;
    });
    // The outage goes on for a few checks.
    await until("the outage to be confirmed", () => logs.find((l) => l.includes("delivery is failing")));
    await sleep(3000);

    const server = await startSmtpServer(port);
    later.smtp = server;
    const back = Date.now();
    await until(
      "every mail to arrive",
      () => (new Set(server.received.map(messageIdOf)).size >= MAILS ? true : undefined),
      15_000,
    );
    const arrivedWithinMs = Date.now() - back;
    expect(arrivedWithinMs).toBeLessThan(10_000);

    await until("every mail to be marked sent", async () =>
      (await store.pendingMail(farFuture())).length === 0 ? true : undefined,
    );
    await sleep(500);
    const copies = new Map<string, number>();
    for (const mail of server.received) copies.set(messageIdOf(mail), (copies.get(messageIdOf(mail)) ?? 0) + 1);
    expect(copies.size).toBe(MAILS);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    // Quiet: one line for the outage, one for the return, however many checks ran.
    expect(logs.filter((l) => l.includes("delivery is failing"))).toHaveLength(1);
    expect(logs.filter((l) => l.includes("delivery works again"))).toEqual([
      `mail outbox: delivery works again; ${MAILS} waiting mail message(s) made due now`,
    ]);
  });

  it("a worker killed right after SMTP accepted a mail: after a restart every mail arrives, a second copy with the same Message-ID", async (context) => {
    if (!enabled) return context.skip();
    const { store, env } = await freshStore();
    const ids = await saveContacts(store, 5);
    const leaseMs = 2000;
    const running: { victim?: Child } = {};
    let killed = false;
    const smtp = await startSmtpServer(0, {
      // Acknowledged, then the worker dies before it can mark the mail sent.
      afterAccept: () => {
        const pid = running.victim?.child.pid;
        if (killed || pid === undefined) return;
        killed = true;
        process.kill(pid, "SIGKILL");
      },
    });
    cleanups.push(() => smtp.close());
    const start = () => {
      const child = startChild(NODE_BIN, [WORKER_SCRIPT], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          ...env,
          SMTP_PORT: String(smtp.port),
          LEASE_MS: String(leaseMs),
          POLL_MS: "500",
        },
      });
      cleanups.push(() => stopChild(child.child));
      return child;
    };

    const victim = start();
    running.victim = victim;
    const death = await victim.exited;
    expect(death.signal).toBe("SIGKILL");
    const acceptedBeforeKill = smtp.received.length;
    expect(acceptedBeforeKill).toBeGreaterThanOrEqual(1);

    // Restarted once its leases have run out.
    await sleep(leaseMs);
    const survivor = start();
    await until("every mail to be marked sent", async () =>
      (await store.pendingMail(farFuture())).length === 0 ? true : undefined,
    );
    await stopChild(survivor.child);
    expect(survivor.output()).not.toMatch(/could not|failed/i);

    const bySubmission = new Map<string, string[]>();
    for (const mail of smtp.received) {
      const id = submissionOf(mail);
      bySubmission.set(id, [...(bySubmission.get(id) ?? []), messageIdOf(mail)]);
    }
    // At least once each.
    expect([...bySubmission.keys()].sort()).toEqual([...ids].sort());
    for (const messageIds of bySubmission.values()) {
      // At most twice, and a second copy is the same message to a mail client.
      expect(messageIds.length).toBeLessThanOrEqual(2);
      expect(new Set(messageIds).size).toBe(1);
    }
    expect(smtp.received.length).toBeLessThanOrEqual(ids.length + acceptedBeforeKill);
  });
});
