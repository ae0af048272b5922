/**
 * Delivers the outbox: the mail rows the store wrote in the same transaction as each
 * submission. This file starts the worker and wires its parts; each part is a file of
 * its own, readable and testable alone:
 *
 * - ./outbox-pass.ts, the pass: claims due rows (leased, so another replica leaves them
 *   alone), oldest first, and sends up to `concurrency` at once (never more than the
 *   transport takes: SMTP's pooled connections, EmailJS's modest two);
 * - ./outbox-lease.ts, the lease on a claimed batch: short (10 s), renewed while the batch
 *   is sent, so a replica that dies holds its rows for seconds; no send starts once most
 *   of it is used up without renewal;
 * - ./outbox-deliver.ts, one mail: compose, send, and mark it sent or record the failure
 *   and when to try again (30 s doubling to 1 h);
 * - ./outbox-marks.ts, the sent marks: in small groups, one statement per group, and
 *   remembered when the database fails, so a mail sent is never sent again by this process;
 * - ./outbox-outage.ts (the state, pure) and ./outbox-checks.ts (its timers): after a
 *   failed send, checks every `probeIntervalMs` (2 s) until delivery works, then every
 *   mail waiting out a backoff goes at once; one log line when an outage is confirmed and
 *   one when it ends; during a confirmed outage new mail waits for the checks;
 * - ./outbox-wakeups.ts, passes before the next poll (after a store failure, at a dead
 *   replica's lease end), and ./outbox-alert.ts, the alert for mail that does not go out.
 *
 * Delivery is at least once. What remains, where the same mail (same Message-ID) can go
 * out twice: the process dies between the server's acceptance and the commit of the mark;
 * the database stays unreachable longer than the lease and another replica claims the row
 * first; the connection drops after the server took the message but before its answer
 * arrived (server/mail/README.md, "When a mail can go out twice").
 */
import type { MailKind, OutboxStore } from "../submissions/store-types.ts";
import { lineLogger } from "../log.ts";
import type { MailConfig } from "./config.ts";
import type { MailTransport } from "./mail-transport.ts";
import { undeliveredAlert } from "./outbox-alert.ts";
import { startOutageChecks } from "./outbox-checks.ts";
import { mailDeliverer } from "./outbox-deliver.ts";
import { createSentMarks } from "./outbox-marks.ts";
import { createPassLoop, type PassResult } from "./outbox-pass.ts";
import { errorText } from "./outbox-text.ts";
import { passWakeups } from "./outbox-wakeups.ts";

export interface OutboxWorkerOptions {
  store: OutboxStore;
  transport: MailTransport;
  config: MailConfig;
  /** How often the timer runs a pass; default 15 s. */
  pollIntervalMs?: number;
  /**
   * How long a claimed row stays leased to this worker unless renewed (every third of it,
   * while the batch is being sent); default 10 s.
   */
  leaseMs?: number;
  /** Rows claimed per query; default 50. */
  batchSize?: number;
  /** Mails sent at once (fewer if the transport takes fewer); default 5. */
  concurrency?: number;
  /** Retry delay: baseMs × 2^attempts, at most maxMs, ±10% jitter; default 30 s to 1 h. */
  backoff?: { baseMs: number; maxMs: number };
  /** While delivery is failing, how often to check whether it works again; default 2 s. */
  probeIntervalMs?: number;
  /** How often to retry marking mail that was sent but could not be marked; default 1 s. */
  markRetryMs?: number;
  /**
   * Makes the signed link to an application's CV for the application notification's
   * `attachment` template param (server/signed-links.ts), valid from `now`. Without it
   * the param is empty; the MIME message attaches the CV either way.
   */
  cvLink?: (submissionId: string, now: Date) => string;
  /**
   * Makes the applicant's signed link to see and erase their data, valid until the
   * application's retention ends, for the confirmation (server/signed-links.ts).
   */
  applicantDataLink?: (submissionId: string, applicationCreatedAt: Date) => string;
  /** Log an error while mail older than this is undelivered; default 1 h. */
  pendingAlertAfterMs?: number;
  log?: { info(msg: string): void; error(msg: string): void };
  /** Told of each send the transport accepted or refused (the metrics); a store failure is neither. */
  onDelivery?: (outcome: "sent" | "failed", kind: MailKind) => void;
  /**
   * Awaited before each send starts: the delivery thread's pacer, which slows mail while
   * visitors keep the server thread busy (./mail-pacer.ts). Default: no wait.
   */
  pace?: () => Promise<void>;
  now?: () => Date;
  /** Jitter source in [0, 1) (tests). */
  random?: () => number;
}

export interface OutboxWorker {
  /** Starts a pass soon; coalesced with one already waiting, never two at once. */
  kick(): void;
  /** Runs a pass (after the current one, if any) and reports what it did. */
  runOnce(): Promise<PassResult>;
  /**
   * Clears the timers and waits for the current pass (every send in flight), a check in
   * flight and the last marks. Close the transport after this.
   */
  stop(): Promise<void>;
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, transport, config } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 15_000;
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 5, transport.maxParallel ?? Infinity));
  const probeIntervalMs = options.probeIntervalMs ?? 2000;
  const log = options.log ?? lineLogger();
  const now = options.now ?? (() => new Date());
  const kick = () => worker.kick();

  const checks = startOutageChecks({
    store,
    transport,
    intervalMs: probeIntervalMs,
    runPass: () => passes.request(),
    kick,
    log,
    now,
  });
  const marks = createSentMarks({ store, retryMs: options.markRetryMs ?? 1000, log, now });
  // A store failure is usually a blip: the pass after it runs a check interval later.
  const wakeups = passWakeups({ store, soonMs: probeIntervalMs, pollIntervalMs, kick, now });
  const passes = createPassLoop({
    store,
    leaseMs: options.leaseMs ?? 10_000,
    batchSize: options.batchSize ?? 50,
    concurrency,
    pace: options.pace,
    deliver: mailDeliverer({
      store,
      transport,
      config,
      backoff: options.backoff ?? { baseMs: 30_000, maxMs: 60 * 60_000 },
      random: options.random ?? Math.random,
      cvLink: options.cvLink,
      applicantDataLink: options.applicantDataLink,
      onDelivery: options.onDelivery,
      marks,
      outage: checks,
      passSoon: () => wakeups.soon(),
      log,
      now,
    }),
    marks,
    checks,
    wakeups,
    alert: undeliveredAlert({ store, afterMs: options.pendingAlertAfterMs ?? 60 * 60_000, log, now }),
    kick,
    log,
    now,
  });

  let stopped = false;
  function pass(): void {
    if (stopped) return;
    // A pass catches everything; this catch only keeps a bug from becoming an
    // unhandled rejection that ends the process.
    passes.request().catch((error: unknown) => log.error(`mail outbox: ${errorText(error)}`));
  }

  // The poll runs a pass even during an outage: it tries one batch of the waiting mail
  // and keeps the undelivered-mail alert current.
  const timer = setInterval(pass, pollIntervalMs);
  // The timer alone must not keep the process alive (tests, scripts, shutdown).
  timer.unref();

  const worker: OutboxWorker = {
    kick() {
      // During a confirmed outage new mail waits, due, for the checks: tried as it
      // arrived, each would fail the same way, at a connection attempt apiece, and under
      // load that was half a core taken from the visitors. When a
      // check succeeds, all of it goes at once.
      if (checks.holdsNewMail()) return;
      pass();
    },
    runOnce() {
      return passes.request();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const part of [passes, checks, marks, wakeups]) part.halt();
      // The pass first: its sends in flight still mark, look up leases and start checks.
      await passes.settle();
      await wakeups.settle();
      await checks.settle();
      await marks.settle();
    },
  };
  // Mail left from before a restart goes out now, not one poll interval later.
  worker.kick();
  return worker;
}
