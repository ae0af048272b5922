/**
 * `npm run bench:mail [-- --mails N] [--concurrency N]`: how fast the outbox drains a
 * backlog through SMTP.
 *
 * For each store backend it stores N contact messages with their notification pending
 * (default 2000): a fresh SQLite file in a temporary folder, and PostgreSQL too when
 * DATABASE_URL or TEST_DATABASE_URL is set, in a throwaway schema dropped at the end.
 * Then it starts a real smtp-server on a free 127.0.0.1 port, runs the outbox worker
 * (server/mail/outbox-worker.ts) with the SMTP transport as the server does, and times
 * it from start until every mail is marked sent. It prints mails, seconds and mails/s
 * per backend, how long each claim of a batch took (median and longest: on SQLite the
 * claim holds the write lock that visitors' saves wait for), and how many mails arrived
 * more than once (should be 0). The goal is at least 100 mails/s on loopback; printed,
 * not enforced. Exit 1 if a mail is missing or still pending. It only ever connects to
 * this machine.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { MailConfig } from "../../server/mail/config.ts";
import { startOutboxWorker } from "../../server/mail/outbox-worker.ts";
import { createTransport } from "../../server/mail/transport.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { OutboxStore, StoreOptions } from "../../server/submissions/store-types.ts";
import { messageIdOf, startSmtpServer } from "../../tests/support/mail-smtp.ts";
import { cleanUpOnSignals, onCleanUp, runBenchmark } from "./processes.ts";
import { fail, wholeNumber } from "./options.ts";
import { percentile } from "./percentile.ts";
import { throwawayBenchSchema } from "./postgres.ts";

const MAX_MAILS = 100_000;
const MAX_CONCURRENCY = 50;
/** Longer than any drain worth measuring: a stuck run ends with an error, not a hang. */
const DRAIN_LIMIT_MS = 10 * 60_000;
const USAGE = "Usage: npm run bench:mail -- [--mails N] [--concurrency N]";

// ── Options ──────────────────────────────────────────────────────────────────────────

let args: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    options: {
      mails: { type: "string" },
      concurrency: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    allowPositionals: false,
  });
}
try {
  args = parseOptions();
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
if (args.values.help) {
  console.log(`${USAGE}
  --mails N         pending mails to drain per backend; default 2000, at most ${MAX_MAILS}
  --concurrency N   mails sent at once and SMTP connections kept open; default 5 (the server's default)
PostgreSQL is measured too when DATABASE_URL or TEST_DATABASE_URL names a 127.0.0.1 database.`);
  process.exit(0);
}
const MAILS = wholeNumber("mails", args.values.mails, 2000, MAX_MAILS);
const CONCURRENCY = wholeNumber("concurrency", args.values.concurrency, 5, MAX_CONCURRENCY);
const PG_URL = process.env.DATABASE_URL?.trim() || process.env.TEST_DATABASE_URL?.trim() || "";

// ── One backend ──────────────────────────────────────────────────────────────────────

interface Drain {
  backend: string;
  mails: number;
  seconds: number;
  duplicates: number;
  missing: number;
  stillPending: number;
  errors: string[];
  /** How long each claim of a batch took, sorted. */
  claimMs: number[];
}

const CONFIG_BASE: Omit<MailConfig, "smtpUrl"> = {
  transport: "smtp",
  outboxDir: join(tmpdir(), "unused-outbox"),
  from: { name: "Blueberry Semiconductors website", address: "noreply@blueberry.test" },
  companyInbox: { contact: "business@blueberry.test", careers: "careers@blueberry.test" },
  siteUrl: "https://www.blueberry.test",
};

async function drain(backend: string, storeOptions: StoreOptions): Promise<Drain> {
  const store = await openStore(storeOptions);
  try {
    const storing = performance.now();
    for (let n = 0; n < MAILS; n++) {
      await store.save(
        {
          kind: "contact",
          name: `Bench Visitor ${n}`,
          email: `bench.${n}@example.com`,
          phone: "+919845012345",
          message: `Benchmark message ${n}: we would like a quote for DFT on a 7 nm automotive MCU.`,
        },
        ["company_notification"],
      );
    }
    console.log(`${backend}: stored ${MAILS} pending mails in ${((performance.now() - storing) / 1000).toFixed(1)} s`);

    const smtp = await startSmtpServer();
    onCleanUp(() => smtp.close());
    const config: MailConfig = { ...CONFIG_BASE, smtpUrl: `smtp://127.0.0.1:${smtp.port}` };
    const transport = createTransport(config, { smtpMaxConnections: CONCURRENCY });
    let marked = 0;
    const errors: string[] = [];
    const { promise: allMarked, resolve: done } = Promise.withResolvers<void>();
    const started = performance.now();
    // The server's settings otherwise (lease, batch, backoff): only the log is kept quiet.
    // Each claim's time: on SQLite the statement holds the write lock that visitors' saves wait for.
    const claims: number[] = [];
    const timedStore: OutboxStore = {
      ...store,
      async claimDueMail(...claim) {
        const t0 = performance.now();
        try {
          return await store.claimDueMail(...claim);
        } finally {
          claims.push(performance.now() - t0);
        }
      },
    };
    const worker = startOutboxWorker({
      store: timedStore,
      transport,
      config,
      concurrency: CONCURRENCY,
      log: {
        info(line) {
          // Logged once the "sent" mark is committed.
          if (line.startsWith("mail outbox: sent ") && ++marked === MAILS) done();
        },
        error(line) {
          errors.push(line);
        },
      },
    });
    const limit = setTimeout(() => done(), DRAIN_LIMIT_MS);
    await allMarked;
    const seconds = (performance.now() - started) / 1000;
    clearTimeout(limit);
    await worker.stop();
    transport.close();
    await smtp.close();

    const perMessageId = new Map<string, number>();
    for (const mail of smtp.received) {
      const id = messageIdOf(mail);
      perMessageId.set(id, (perMessageId.get(id) ?? 0) + 1);
    }
    const duplicates = [...perMessageId.values()].reduce((sum, n) => sum + n - 1, 0);
    const stillPending = (await store.pendingMail(new Date(Date.now() + 86_400_000))).length;
    return {
      backend,
      mails: marked,
      seconds,
      duplicates,
      missing: MAILS - perMessageId.size,
      stillPending,
      errors,
      claimMs: claims.sort((a, b) => a - b),
    };
  } finally {
    await store.close();
  }
}

// ── Main ─────────────────────────────────────────────────────────────────────────────

cleanUpOnSignals("stopping the SMTP server and removing temporary data.");

async function postgresOptions(url: string, dataDir: string): Promise<StoreOptions> {
  const schema = await throwawayBenchSchema(url, "bench_mail");
  // Two connections, as the server gives its outbox store (server/index.ts).
  return {
    databaseUrl: url,
    pgSchema: schema,
    sqlitePath: join(dataDir, "unused.sqlite"),
    pool: { size: 2, name: "blueberry-bench-mail" },
  };
}

async function main(): Promise<number> {
  const cpu = cpus()[0]?.model?.trim() ?? "unknown CPU";
  console.log(`Machine: ${availableParallelism()} cores (${cpu}); Node ${process.version}`);
  console.log(`Drain: ${MAILS} mails per backend, ${CONCURRENCY} at once, smtp-server on 127.0.0.1\n`);

  const dataDir = mkdtempSync(join(tmpdir(), "blueberry-bench-mail-"));
  onCleanUp(() => rmSync(dataDir, { recursive: true, force: true }));

  const results: Drain[] = [];
  results.push(await drain("SQLite", { sqlitePath: join(dataDir, "blueberry.sqlite") }));
  if (PG_URL) results.push(await drain("PostgreSQL", await postgresOptions(PG_URL, dataDir)));
  else console.log("PostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL to measure it too)");

  const header = ["backend", "mails", "seconds", "mails/s", "claim ms p50", "max", "duplicates", "missing", "pending"];
  const rows = results.map((r) => [
    r.backend,
    String(r.mails),
    r.seconds.toFixed(2),
    (r.mails / r.seconds).toFixed(1),
    percentile(r.claimMs, 50).toFixed(2),
    percentile(r.claimMs, 100).toFixed(2),
    String(r.duplicates),
    String(r.missing),
    String(r.stillPending),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
  let ok = true;
  for (const r of results) {
    if (r.errors.length > 0) console.log(`${r.backend}: ${r.errors.length} error line(s), first: ${r.errors[0]}`);
    if (r.missing > 0 || r.stillPending > 0) ok = false;
  }
  console.log("\nGoal: at least 100 mails/s on loopback (printed, not enforced).");
  return ok ? 0 : 1;
}

await runBenchmark(main);
