/**
 * The bench the outbox tests share: per test, a SQLite store in a fresh temp folder, and
 * outbox workers with a clock the test moves and a log it can read. After each test its
 * workers and servers stop (last started first), then the store closes and the folder goes.
 */
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import type { MailConfig } from "../../../server/mail/config.ts";
import { type OutboxWorkerOptions, startOutboxWorker } from "../../../server/mail/outbox-worker.ts";
import { createTransport } from "../../../server/mail/transport.ts";
import { openStore } from "../../../server/submissions/store.ts";
import type { Store } from "../../../server/submissions/store-types.ts";
import { removeDir, tempDir } from "./mail-fixtures.ts";

export type WorkerOptions = Partial<OutboxWorkerOptions> & { clock?: { now: Date } };

export interface OutboxBench {
  /** This test's store and folder (set before each test). */
  readonly store: Store;
  readonly dir: string;
  /** Something to stop after the test, before the store closes. */
  afterTest(cleanup: () => Promise<void> | void): void;
  /** A worker over this test's store; its clock starts one second after `t0`. */
  worker(config: MailConfig, options?: WorkerOptions): ReturnType<typeof startWorker>;
}

/**
 * Registers the hooks; call at the top of a test file. `defaults(config)` adds worker
 * options every worker of the file gets (a test's own options win).
 */
export function outboxBench(
  prefix: string,
  t0: Date,
  defaults: (config: MailConfig) => Partial<OutboxWorkerOptions> = () => ({}),
): OutboxBench {
  let dir: string | undefined;
  let store: Store | undefined;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeEach(async () => {
    dir = await tempDir(prefix);
    store = await openStore({ sqlitePath: join(dir, "submissions.sqlite") });
  });

  afterEach(async () => {
    // Workers and servers first (they use the store), then the store, then the files.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await store?.close();
    if (dir) await removeDir(dir);
  });

  const bench: OutboxBench = {
    get store() {
      if (!store) throw new Error("the store exists only inside a test");
      return store;
    },
    get dir() {
      if (!dir) throw new Error("the folder exists only inside a test");
      return dir;
    },
    afterTest: (cleanup) => void cleanups.push(cleanup),
    worker(config, options = {}) {
      const started = startWorker(bench.store, config, { ...defaults(config), ...options }, t0);
      bench.afterTest(started.stop);
      return started;
    },
  };
  return bench;
}

function startWorker(store: Store, config: MailConfig, options: WorkerOptions, t0: Date) {
  const clock = options.clock ?? { now: new Date(t0.getTime() + 1000) };
  const logs = { info: [] as string[], error: [] as string[] };
  const transport = createTransport(config);
  const outbox = startOutboxWorker({
    store,
    transport,
    config,
    pollIntervalMs: 60_000,
    // Checks during an outage run on real time; tests that want them ask for them.
    probeIntervalMs: 60_000,
    backoff: { baseMs: 1000, maxMs: 8000 },
    log: { info: (m) => logs.info.push(m), error: (m) => logs.error.push(m) },
    now: () => clock.now,
    ...options,
  });
  const stop = async () => {
    await outbox.stop();
    transport.close();
  };
  return { outbox, logs, clock, stop };
}
