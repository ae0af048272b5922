/**
 * The outbox worker alone in a process of its own, as the server runs it, for tests that
 * kill it mid-delivery (`node tests/integration/helpers/outbox-worker-process.ts`).
 *
 * Environment: SQLITE_PATH, or DATABASE_URL with PG_SCHEMA; SMTP_PORT (127.0.0.1);
 * LEASE_MS and POLL_MS. Prints "outbox worker ready" once started; SIGTERM stops the
 * worker (sends in flight finish), closes the transport and the store, and exits 0.
 */
import { startOutboxWorker } from "../../../server/mail/outbox-worker.ts";
import { createTransport } from "../../../server/mail/transport.ts";
import { openStore } from "../../../server/submissions/store.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set`);
  return value;
}

const store = await openStore({
  sqlitePath: process.env.SQLITE_PATH ?? "unused.sqlite",
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgSchema: process.env.PG_SCHEMA || undefined,
});
const config = {
  transport: "smtp" as const,
  outboxDir: "unused-outbox",
  smtpUrl: `smtp://127.0.0.1:${required("SMTP_PORT")}`,
  from: { name: "Blueberry Semiconductors website", address: "noreply@blueberry.test" },
  companyInbox: { contact: "business@blueberry.test", careers: "careers@blueberry.test" },
  siteUrl: "https://www.blueberry.test",
};
const transport = createTransport(config);
const worker = startOutboxWorker({
  store,
  transport,
  config,
  leaseMs: Number(required("LEASE_MS")),
  pollIntervalMs: Number(required("POLL_MS")),
});
console.log("outbox worker ready");

process.once("SIGTERM", () => {
  void (async () => {
    await worker.stop();
    transport.close();
    await store.close();
    process.exit(0);
  })();
});
