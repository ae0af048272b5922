/**
 * Delivers the outbox: the mail rows the store wrote in the same transaction as each
 * submission. A pass leases the due rows (so another replica leaves them alone), sends
 * each one and marks it sent, or records the failure and when to try again. Delivery is
 * at least once: a crash between sending and marking sends that mail again after the
 * lease runs out, with the same Message-ID.
 */
import type { MailKind, OutboxMessage, SubmissionStore } from "../../common/submissions.ts";
import { composeMail } from "./compose.ts";
import type { MailConfig } from "./config.ts";
import type { MailTransport } from "./transport.ts";

export interface OutboxWorkerOptions {
  store: SubmissionStore;
  transport: MailTransport;
  config: MailConfig;
  /** How often the timer runs a pass; default 15 s. */
  pollIntervalMs?: number;
  /** How long a claimed row stays leased to this worker; default 60 s. */
  leaseMs?: number;
  /** Rows claimed per query; default 10. */
  batchSize?: number;
  /** Retry delay: baseMs × 2^attempts, at most maxMs, ±10% jitter; default 30 s to 1 h. */
  backoff?: { baseMs: number; maxMs: number };
  /**
   * Makes the signed link to an application's CV for the application notification's
   * `attachment` template param (server/signed-links.ts), valid from `now`. Without it
   * the param is empty; the MIME message attaches the CV either way.
   */
  cvLink?: (submissionId: string, now: Date) => string;
  /** Log an error while mail older than this is undelivered; default 1 h. */
  pendingAlertAfterMs?: number;
  log?: { info(msg: string): void; error(msg: string): void };
  now?: () => Date;
  /** Jitter source in [0, 1) (tests). */
  random?: () => number;
}

export interface OutboxWorker {
  /** Starts a pass soon; coalesced with one already waiting, never two at once. */
  kick(): void;
  /** Runs a pass (after the current one, if any) and reports what it did. */
  runOnce(): Promise<PassResult>;
  /** Clears the timer and waits for the current pass. */
  stop(): Promise<void>;
}

interface PassResult {
  sent: number;
  failed: number;
}

/** The pending-mail check costs a query; once per 10 minutes is plenty for an alert. */
const ALERT_CHECK_EVERY_MS = 10 * 60_000;
/** Stored with the row and logged; a whole SMTP transcript helps no one. */
const MAX_ERROR_LENGTH = 500;
/** A safety stop for one pass; the next pass carries on. */
const MAX_BATCHES_PER_PASS = 20;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, transport, config } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 15_000;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 10;
  const backoff = options.backoff ?? { baseMs: 30_000, maxMs: 60 * 60_000 };
  const pendingAlertAfterMs = options.pendingAlertAfterMs ?? 60 * 60_000;
  const log = options.log ?? {
    info: (msg: string) => console.log(msg),
    error: (msg: string) => console.error(msg),
  };
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;

  let stopped = false;
  let lastAlertCheck = Number.NEGATIVE_INFINITY;
  // Passes run one after another on this chain; `waiting` is a pass requested but not
  // started yet, which every further request joins (that is the coalescing).
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<PassResult> | null = null;

  function requestPass(): Promise<PassResult> {
    if (waiting) return waiting;
    const pass = tail.then(() => {
      waiting = null;
      return stopped ? { sent: 0, failed: 0 } : runPass();
    });
    waiting = pass;
    tail = pass.catch(() => undefined);
    return pass;
  }

  async function runPass(): Promise<PassResult> {
    const result: PassResult = { sent: 0, failed: 0 };
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_PASS && !stopped; batch++) {
        const claimedAt = now();
        const messages = await store.claimDueMail(claimedAt, batchSize, leaseMs);
        for (const message of messages) {
          if (stopped) break;
          // Past most of the lease another replica may claim these rows soon; leave the
          // rest for a later pass rather than risk sending them twice.
          if (now().getTime() - claimedAt.getTime() > leaseMs * 0.8) return result;
          const outcome = await deliver(message);
          if (outcome === "sent") result.sent++;
          else if (outcome === "failed") result.failed++;
        }
        if (messages.length < batchSize) break;
      }
    } catch (error) {
      // The store itself failed (database down): nothing was lost, the rows stay pending.
      log.error(`mail outbox: pass failed: ${errorText(error)}`);
    } finally {
      await checkPending();
    }
    return result;
  }

  async function deliver(message: OutboxMessage): Promise<"sent" | "failed" | "skipped"> {
    const label = `${message.kind} ${message.id} for submission ${message.submissionId}`;
    try {
      const submission = await store.get(message.submissionId);
      if (!submission) {
        // The company deleted the submission (or it was purged): nothing left to deliver.
        await store.markMailSent(message.id, now());
        log.info(`mail outbox: ${label}: submission is gone, nothing to deliver; marked done`);
        return "skipped";
      }
      // EmailJS mail carries a link to the CV, not the CV: no need to read the bytes then.
      const attachCv = needsCv(submission.kind, message.kind) && config.transport !== "emailjs";
      const cv = attachCv ? await store.getCv(submission.id) : null;
      const cvLink =
        options.cvLink && needsCv(submission.kind, message.kind) && submission.cv
          ? options.cvLink(submission.id, now())
          : undefined;
      const mail = composeMail(message.kind, submission, cv, config, { cvLink });
      await transport.send(mail);
    } catch (error) {
      await recordFailure(message, label, error);
      return "failed";
    }
    try {
      await store.markMailSent(message.id, now());
    } catch (error) {
      // Sent but not recorded: once the lease runs out it is sent again (at least once),
      // with the same Message-ID. Not a failed attempt, so no backoff is recorded.
      log.error(`mail outbox: sent ${label} but could not mark it sent: ${errorText(error)}`);
      return "sent";
    }
    log.info(`mail outbox: sent ${label}`);
    return "sent";
  }

  async function recordFailure(message: OutboxMessage, label: string, error: unknown): Promise<void> {
    const text = errorText(error);
    const next = new Date(now().getTime() + retryDelay(message.attempts));
    try {
      await store.markMailFailed(message.id, text, next);
    } catch (markError) {
      // The lease runs out and the row is claimed again; at worst one extra attempt.
      log.error(`mail outbox: ${label}: could not record the failure: ${errorText(markError)}`);
    }
    log.error(`mail outbox: ${label} failed (attempt ${message.attempts + 1}): ${text}; next at ${next.toISOString()}`);
  }

  /** baseMs × 2^attempts, capped at maxMs, ±10% so replicas do not retry in step. */
  function retryDelay(attempts: number): number {
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts, 40));
    return Math.round(delay * (0.9 + 0.2 * random()));
  }

  async function checkPending(): Promise<void> {
    const at = now().getTime();
    if (at - lastAlertCheck < ALERT_CHECK_EVERY_MS) return;
    lastAlertCheck = at;
    try {
      const stale = await store.pendingMail(new Date(at - pendingAlertAfterMs));
      const oldest = stale[0];
      if (!oldest) return;
      log.error(
        `mail outbox: ALERT: ${stale.length} mail message(s) undelivered for more than ${formatAge(pendingAlertAfterMs)}; ` +
          `oldest is ${formatAge(at - oldest.createdAt.getTime())} old (${oldest.kind} ${oldest.id}, ` +
          `${oldest.attempts} attempt(s), last error: ${oldest.lastError ?? "none"})`,
      );
    } catch (error) {
      log.error(`mail outbox: could not check for undelivered mail: ${errorText(error)}`);
    }
  }

  const timer = setInterval(() => worker.kick(), pollIntervalMs);
  // The timer alone must not keep the process alive (tests, scripts, shutdown).
  timer.unref();

  const worker: OutboxWorker = {
    kick() {
      if (stopped) return;
      // runPass catches everything; this catch only keeps a bug from becoming an
      // unhandled rejection that ends the process.
      requestPass().catch((error: unknown) => log.error(`mail outbox: ${errorText(error)}`));
    },
    runOnce() {
      return requestPass();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tail;
    },
  };
  // Mail left from before a restart goes out now, not one poll interval later.
  worker.kick();
  return worker;
}

function needsCv(submissionKind: string, mailKind: MailKind): boolean {
  return submissionKind === "application" && mailKind === "company_notification";
}

/** The message only: never a stack, never the mail (it may carry a CV). */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const oneLine = text.replace(/\s+/g, " ").trim() || "unknown error";
  return oneLine.length > MAX_ERROR_LENGTH ? `${oneLine.slice(0, MAX_ERROR_LENGTH - 1)}…` : oneLine;
}

function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
