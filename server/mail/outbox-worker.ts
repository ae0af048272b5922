/**
 * Delivers the outbox: the mail rows the store wrote in the same transaction as each
 * submission.
 *
 * A pass leases the due rows (so another replica leaves them alone), oldest first, sends
 * up to `concurrency` of them at once (and never more than the transport takes: SMTP's
 * pooled connections, EmailJS's modest two) and marks each sent, or records the failure
 * and when to try again (30 s doubling to 1 h). Mail starts in age order; with parallel
 * sends it may finish, and arrive, slightly out of it. The lease is short (10 s) and
 * renewed while the batch is sent, so a replica that dies holds its rows for seconds; no
 * send starts once most of a lease is used up without renewal. Sent rows are marked in
 * small groups, one statement per group, as sends finish.
 *
 * After a failed send the worker suspects an outage and checks every `probeIntervalMs`
 * (2 s) whether mail can be delivered: with the transport's `verify()` (SMTP: connect,
 * greeting, login), or without one by retrying just the oldest waiting mail. When a check
 * that had failed succeeds, or a send succeeds during a confirmed outage, every mail
 * waiting out a backoff is made due at once (`retryPendingNow`, in the database, so every
 * replica's backlog too) and a pass starts: mail resumes within seconds of the server's
 * return, not after its backoff. A check that succeeds at once means the failure was the
 * message's own; its backoff stands. The log gets one line when an outage is confirmed
 * and one when delivery resumes, never one per check. A restart with mail waiting in
 * backoff starts with a check. While an outage is confirmed, mail saved meanwhile is not
 * tried as it arrives: it waits, due, for the check that succeeds (or the next poll).
 *
 * Delivery is at least once. A mail sent but not marked (the database failed just then)
 * is remembered: marking is retried before every pass claims anything and every second
 * meanwhile, and the worker never sends it again. What remains, where the same mail (same
 * Message-ID) can go out twice: the process dies between the server's acceptance and the
 * commit of the mark; the database stays unreachable longer than the lease and another
 * replica claims the row first; the connection drops after the server took the message
 * but before its answer arrived (server/mail/README.md, "When a mail can go out twice").
 */
import type { MailKind, OutboxMessage, OutboxStore } from "../submissions/store-types.ts";
import { lineLogger } from "../log.ts";
import { composeMail, composeWithdrawalNotice } from "./compose.ts";
import type { MailConfig } from "./config.ts";
import type { MailTransport } from "./transport.ts";

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

interface PassResult {
  sent: number;
  failed: number;
}

/** "deferred": the store failed before the send; the row is given back for a pass soon. */
type Outcome = "sent" | "failed" | "skipped" | "deferred";

/** The pending-mail check costs a query; once per 10 minutes is plenty for an alert. */
const ALERT_CHECK_EVERY_MS = 10 * 60_000;
/** Stored with the row and logged; a whole SMTP transcript helps no one. */
const MAX_ERROR_LENGTH = 500;
/** A safety stop for one pass; a pass that reaches it asks for the next one at once. */
const MAX_BATCHES_PER_PASS = 20;
/** Sent rows marked in one statement at most. */
const MAX_MARKS_PER_STATEMENT = 100;
/** A check that costs a real send (no verify()) waits longer after each failure, up to this. */
const MAX_SEND_PROBE_INTERVAL_MS = 60_000;
/** A mail the store failed on this often in a row gets a failed attempt and its backoff. */
const MAX_STORE_FAILURES_WITHOUT_BACKOFF = 3;
/** No send starts once this share of the lease is used: another replica may claim the rest soon. */
const LEASE_SHARE_FOR_SENDING = 0.8;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { store, transport, config } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 15_000;
  const leaseMs = options.leaseMs ?? 10_000;
  const batchSize = options.batchSize ?? 50;
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 5, transport.maxParallel ?? Infinity));
  const backoff = options.backoff ?? { baseMs: 30_000, maxMs: 60 * 60_000 };
  const probeIntervalMs = options.probeIntervalMs ?? 2000;
  const markRetryMs = options.markRetryMs ?? 1000;
  const pendingAlertAfterMs = options.pendingAlertAfterMs ?? 60 * 60_000;
  const log = options.log ?? lineLogger();
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;

  let stopped = false;
  let started = false;
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
    let more = false;
    try {
      if (!started) {
        started = true;
        await checkWaitingAtStart();
      }
      // Mail sent but not marked first: its rows may be claimable again by now.
      await markRemembered();
      await giveBackUnreleased();
      for (let batch = 0; batch < MAX_BATCHES_PER_PASS && !stopped; batch++) {
        const claimedAt = now();
        const messages = await store.claimDueMail(claimedAt, batchSize, leaseMs);
        const { leaseUsedUp, sent, failed } = await deliverBatch(messages, claimedAt);
        result.sent += sent;
        result.failed += failed;
        if (leaseUsedUp || messages.length < batchSize) break;
        // Nothing but failures: the rest would fail the same way. The checks tell when
        // delivery works again; the next pass carries on.
        if (sent === 0 && failed > 0) break;
        if (batch === MAX_BATCHES_PER_PASS - 1) more = true;
      }
    } catch (error) {
      // The store itself failed (database down): nothing was lost, the rows stay pending.
      log.error(`mail outbox: pass failed: ${errorText(error)}`);
      passSoon();
    } finally {
      await checkPending();
      watchLeases();
    }
    if (more) worker.kick();
    return result;
  }

  /** Sends a claimed batch, up to `concurrency` at once, oldest first. */
  async function deliverBatch(messages: OutboxMessage[], claimedAt: Date) {
    const counts = { leaseUsedUp: false, sent: 0, failed: 0 };
    // Nothing was due: no lease to hold, no renewal timer.
    if (messages.length === 0) return counts;
    const lease = holdLease(messages, claimedAt);
    let next = 0;
    async function lane(): Promise<void> {
      while (!stopped && !counts.leaseUsedUp && next < messages.length) {
        if (options.pace) {
          await options.pace();
          // Meanwhile the worker may have stopped, or the other lanes taken the rest.
          if (stopped || counts.leaseUsedUp || next >= messages.length) return;
        }
        // Past most of the lease (renewals failing: the database is unreachable) another
        // replica may claim these rows soon; leave the rest for a later pass rather than
        // risk sending them twice.
        if (!lease.leftToStart()) {
          counts.leaseUsedUp = true;
          return;
        }
        const message = messages[next++] as OutboxMessage;
        // Its lease ran out and another worker took it: theirs to send.
        if (!lease.holds(message.id)) continue;
        const outcome = await deliver(message);
        if (outcome === "deferred") await giveBack(message.id, lease.heldUntil());
        lease.finished(message.id);
        if (outcome === "sent") counts.sent++;
        else if (outcome === "failed") counts.failed++;
      }
    }
    // allSettled: the pass (and stop()) must not end while a lane still sends.
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, messages.length) }, lane));
    await lease.release();
    const broken = lanes.find((lane) => lane.status === "rejected");
    if (broken) throw broken.reason;
    return counts;
  }

  /**
   * Keeps a claimed batch leased while it is being sent: every third of the lease, the
   * rows not finished yet are leased for another `leaseMs`. The lease can then be short
   * (a replica that dies holds its rows for seconds, not a minute) and a slow send still
   * never sees its row claimed by another replica.
   */
  function holdLease(messages: OutboxMessage[], claimedAt: Date) {
    let heldUntil = new Date(claimedAt.getTime() + leaseMs);
    const unfinished = new Set(messages.map((message) => message.id));
    const lost = new Set<string>();
    let renewing: Promise<void> | null = null;
    const timer = setInterval(() => {
      renewing ??= renew().finally(() => {
        renewing = null;
      });
    }, leaseMs / 3);
    timer.unref();

    async function renew(): Promise<void> {
      const ids = [...unfinished];
      const until = new Date(now().getTime() + leaseMs);
      try {
        const kept = new Set(await store.renewMailLease(ids, heldUntil, until));
        // A row not renewed was sent and marked meanwhile, or is another worker's now.
        for (const id of ids) if (!kept.has(id) && unfinished.has(id)) lost.add(id);
        heldUntil = until;
      } catch (error) {
        // The database did not answer: the lease runs on, and no send starts near its end.
        log.error(`mail outbox: could not renew the lease of ${ids.length} mail(s): ${errorText(error)}`);
      }
    }

    return {
      /** Whether enough of the lease is left to start a send. */
      leftToStart: () => heldUntil.getTime() - now().getTime() >= leaseMs * (1 - LEASE_SHARE_FOR_SENDING),
      holds: (id: string) => !lost.has(id),
      heldUntil: () => heldUntil,
      finished(id: string) {
        unfinished.delete(id);
      },
      async release() {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  async function deliver(message: OutboxMessage): Promise<Outcome> {
    const label = `${message.kind} ${message.id} for submission ${message.submissionId}`;
    // Sent already, only the mark is missing: never send it again (markRemembered marks it).
    if (remembered.has(message.id)) return "skipped";
    let handedOver = false;
    try {
      // An erased application's notice: its submission is gone, its withdrawal says enough.
      const withdrawal = message.kind === "withdrawal_notice" ? await store.getWithdrawal(message.submissionId) : null;
      const submission = message.kind === "withdrawal_notice" ? null : await store.get(message.submissionId);
      if (withdrawal) {
        handedOver = true;
        await transport.send(composeWithdrawalNotice(withdrawal, config));
      } else if (!submission) {
        // The company deleted the submission (or it was purged): nothing left to deliver.
        await store.markMailSent(message.id, now());
        log.info(
          `mail outbox: ${label}: ${withdrawalOrSubmission(message.kind)} is gone, nothing to deliver; marked done`,
        );
        return "skipped";
      } else {
        // EmailJS mail carries a link to the CV, not the CV: no need to read the bytes then.
        const attachCv = needsCv(submission.kind, message.kind) && config.transport !== "emailjs";
        const cv = attachCv ? await store.getCv(submission.id) : null;
        const cvLink =
          options.cvLink && needsCv(submission.kind, message.kind) && submission.cv
            ? options.cvLink(submission.id, now())
            : undefined;
        const applicantDataLink =
          options.applicantDataLink && message.kind === "applicant_confirmation" && submission.kind === "application"
            ? options.applicantDataLink(submission.id, submission.createdAt)
            : undefined;
        const mail = composeMail(message.kind, submission, cv, config, { cvLink, applicantDataLink });
        handedOver = true;
        await transport.send(mail);
      }
    } catch (error) {
      // The store failed (the database, not delivery): no attempt at delivery was made, so
      // none is counted and no backoff follows; the mail goes in a pass a moment later.
      // Only a mail the store keeps failing on (a row it cannot read) gets the backoff.
      const storeFailures = (storeFailed.get(message.id) ?? 0) + 1;
      if (!handedOver && storeFailures < MAX_STORE_FAILURES_WITHOUT_BACKOFF) {
        // Bounded: entries of mail another replica sent meanwhile are never cleared otherwise.
        if (storeFailed.size >= 1000) storeFailed.clear();
        storeFailed.set(message.id, storeFailures);
        log.error(`mail outbox: ${label}: the store failed before sending: ${errorText(error)}; trying again shortly`);
        passSoon();
        return "deferred";
      }
      storeFailed.delete(message.id);
      await recordFailure(message, label, error);
      if (!handedOver) return "failed";
      deliveryFailed(error);
      options.onDelivery?.("failed", message.kind);
      return "failed";
    }
    storeFailed.delete(message.id);
    deliveryWorked();
    options.onDelivery?.("sent", message.kind);
    try {
      await markSent(message.id);
    } catch (error) {
      // Sent but not recorded. Remembered, so this process never sends it again; marking
      // is retried. Not a failed attempt, so no backoff is recorded.
      remember(message.id, label);
      log.error(
        `mail outbox: sent ${label} but could not mark it sent: ${errorText(error)}; ` +
          "it will not be sent again, marking it is retried",
      );
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

  /** Outbox id → store failures in a row while preparing it, in this process. */
  const storeFailed = new Map<string, number>();

  /**
   * Rows a failing store kept us from giving back: outbox id → the end of our lease on it.
   * Given back before the next pass claims anything (the row is ours until then anyway).
   */
  const unreleased = new Map<string, Date>();

  async function giveBack(id: string, heldUntil: Date): Promise<void> {
    try {
      await store.releaseMail(id, heldUntil);
    } catch {
      unreleased.set(id, heldUntil);
    }
  }

  async function giveBackUnreleased(): Promise<void> {
    for (const [id, heldUntil] of unreleased) {
      // Past our lease the row is claimable anyway.
      if (heldUntil.getTime() > now().getTime()) await store.releaseMail(id, heldUntil);
      unreleased.delete(id);
    }
  }

  // A store failure is usually a blip (a dropped connection): a pass a moment later, not
  // at the next poll, gets the mail out.
  let passSoonTimer: NodeJS.Timeout | undefined;
  function passSoon(): void {
    if (stopped || passSoonTimer) return;
    passSoonTimer = setTimeout(() => {
      passSoonTimer = undefined;
      worker.kick();
    }, probeIntervalMs);
    passSoonTimer.unref();
  }

  // Mail leased by a replica that died goes when its lease ends, not at the next poll:
  // after a pass, a pass is set for the first lease end before then (checked once a second
  // at most, and only while nothing is already set).
  let leaseWatchTimer: NodeJS.Timeout | undefined;
  let leaseWatch: Promise<void> | null = null;
  let lastLeaseCheck = Number.NEGATIVE_INFINITY;
  function watchLeases(): void {
    if (stopped || leaseWatchTimer || leaseWatch || performance.now() - lastLeaseCheck < 1000) return;
    lastLeaseCheck = performance.now();
    leaseWatch = (async () => {
      try {
        const end = await store.nextLeaseEnd(now());
        const wait = end ? end.getTime() - now().getTime() + 20 : Number.POSITIVE_INFINITY;
        if (stopped || wait >= pollIntervalMs) return;
        leaseWatchTimer = setTimeout(
          () => {
            leaseWatchTimer = undefined;
            worker.kick();
          },
          Math.max(0, wait),
        );
        leaseWatchTimer.unref();
      } catch {
        // The store is failing: the pass that failed asked for another already.
      } finally {
        leaseWatch = null;
      }
    })();
  }

  /** baseMs × 2^attempts, capped at maxMs, ±10% so replicas do not retry in step. */
  function retryDelay(attempts: number): number {
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts, 40));
    return Math.round(delay * (0.9 + 0.2 * random()));
  }

  // ── Marking sent: grouped, and remembered when the database fails ─────────────────

  // Sends finishing while a mark is being written wait for the next statement together:
  // one commit (one fsync on SQLite) for several mails, and no wait at all when idle.
  let markQueue: { id: string; done: (error?: unknown) => void }[] = [];
  let marking: Promise<void> | null = null;

  function markSent(id: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      markQueue.push({ id, done: (error) => (error === undefined ? resolve() : reject(error)) });
      marking ??= writeMarks();
    });
  }

  async function writeMarks(): Promise<void> {
    while (markQueue.length > 0) {
      const group = markQueue.slice(0, MAX_MARKS_PER_STATEMENT);
      markQueue = markQueue.slice(group.length);
      try {
        await store.markMailsSent(
          group.map((entry) => entry.id),
          now(),
        );
        for (const entry of group) entry.done();
      } catch (error) {
        for (const entry of group) entry.done(error ?? new Error("unknown error"));
      }
    }
    marking = null;
  }

  /** Sent but not marked: outbox id → label. Never sent again by this process. */
  const remembered = new Map<string, string>();
  let markRetryTimer: NodeJS.Timeout | undefined;
  let remarking: Promise<void> | null = null;

  function remember(id: string, label: string): void {
    remembered.set(id, label);
    scheduleMarkRetry();
  }

  function scheduleMarkRetry(): void {
    if (stopped || markRetryTimer || remembered.size === 0) return;
    markRetryTimer = setTimeout(() => {
      markRetryTimer = undefined;
      void markRemembered().finally(scheduleMarkRetry);
    }, markRetryMs);
    markRetryTimer.unref();
  }

  function markRemembered(): Promise<void> {
    if (remembered.size === 0) return Promise.resolve();
    remarking ??= (async () => {
      const entries = [...remembered];
      try {
        await store.markMailsSent(
          entries.map(([id]) => id),
          now(),
        );
      } catch {
        // Still failing; the first failure was logged. Tried again on the timer and before the next claim.
        return;
      } finally {
        remarking = null;
      }
      for (const [id, label] of entries) {
        remembered.delete(id);
        log.info(`mail outbox: sent ${label} (marked sent now; the mark had failed)`);
      }
    })();
    return remarking;
  }

  // ── Outages: check, then retry the waiting mail at once ────────────────────────────

  /** A send failed since delivery last worked: checks run until it works again. */
  let failing = false;
  /** A check failed since (or mail was waiting at start): an outage, not one message's trouble. */
  let outageConfirmed = false;
  /** The failing checks of this outage were logged (once). */
  let outageLogged = false;
  /** A mail was sent since the waiting mail was last made due (guards against retrying one bad mail in a loop). */
  let sentSinceRetry = true;
  let sendProbeFailures = 0;
  let probeTimer: NodeJS.Timeout | undefined;
  let probing: Promise<void> | null = null;
  let resuming: Promise<void> | null = null;

  /** The latest send failure, for the log line that confirms an outage. */
  let lastFailure = "";

  function deliveryFailed(error: unknown): void {
    lastFailure = errorText(error);
    if (failing) return;
    failing = true;
    scheduleProbe(probeIntervalMs);
  }

  function deliveryWorked(): void {
    sentSinceRetry = true;
    if (failing && outageConfirmed) void resume();
  }

  /** Plans the next check, unless one is planned or running (which plans its own successor). */
  function scheduleProbe(delayMs: number): void {
    if (stopped || probeTimer || probing) return;
    probeTimer = setTimeout(() => {
      probeTimer = undefined;
      probing = probe()
        .catch((error: unknown) => log.error(`mail outbox: check failed: ${errorText(error)}`))
        .finally(() => {
          probing = null;
          if (failing) scheduleProbe(nextProbeDelay());
        });
    }, delayMs);
    probeTimer.unref();
  }

  function nextProbeDelay(): number {
    if (transport.verify) return probeIntervalMs;
    // A check that sends a real mail backs off: 2 s, 4 s, … at most a minute.
    const cap = Math.max(probeIntervalMs, MAX_SEND_PROBE_INTERVAL_MS);
    return Math.min(cap, probeIntervalMs * 2 ** Math.min(sendProbeFailures, 20));
  }

  async function probe(): Promise<void> {
    if (stopped || !failing) return;
    let works: boolean | null;
    let why = lastFailure;
    if (transport.verify) {
      try {
        await transport.verify();
        works = true;
      } catch (error) {
        works = false;
        why = errorText(error);
      }
    } else {
      // Nothing to check without sending: the oldest waiting mail becomes the check.
      let madeDue: number;
      try {
        madeDue = await store.retryPendingNow(now(), 1);
      } catch {
        return; // The database is down too; check again later.
      }
      if (madeDue === 0) {
        // Nothing waits any more (delivered elsewhere, or deleted): no outage to watch.
        failing = outageConfirmed = outageLogged = false;
        return;
      }
      const result = await requestPass();
      // A send in that pass succeeded and resumed delivery, or the worker stopped.
      if (!failing || stopped) return;
      works = result.sent > 0 ? true : result.failed > 0 ? false : null;
      why = lastFailure;
    }
    if (stopped) return;
    if (works === true) {
      if (outageConfirmed || sentSinceRetry) await resume();
      // It works at once and nothing went out since the last retry: that mail's own
      // trouble, not an outage. Its backoff stands.
      else failing = outageLogged = false;
      return;
    }
    if (works === false) {
      outageConfirmed = true;
      if (!outageLogged) {
        outageLogged = true;
        const how = transport.verify
          ? `checking every ${formatSeconds(probeIntervalMs)}`
          : `retrying the oldest waiting mail every ${formatSeconds(probeIntervalMs)}, then less often (at most every ${formatSeconds(MAX_SEND_PROBE_INTERVAL_MS)})`;
        log.error(
          `mail outbox: delivery is failing (${why}); ${how}, and sending all waiting mail as soon as it works`,
        );
      }
      if (!transport.verify) sendProbeFailures++;
    }
  }

  /** Delivery works again: every mail waiting out a backoff is due now, here and on every replica. */
  function resume(): Promise<void> {
    resuming ??= (async () => {
      failing = outageConfirmed = outageLogged = false;
      sentSinceRetry = false;
      sendProbeFailures = 0;
      try {
        const count = await store.retryPendingNow(now());
        log.info(`mail outbox: delivery works again; ${count} waiting mail message(s) made due now`);
        if (count > 0) worker.kick();
      } catch (error) {
        // The store failed just now: keep checking, and retry from there.
        log.error(`mail outbox: delivery works again, but the waiting mail could not be made due: ${errorText(error)}`);
        failing = outageConfirmed = true;
        scheduleProbe(probeIntervalMs);
      } finally {
        resuming = null;
      }
    })();
    return resuming;
  }

  /** Mail in backoff at start (a restart during an outage): check at once. */
  async function checkWaitingAtStart(): Promise<void> {
    const at = now();
    let waitingCount: number;
    try {
      const pending = await store.pendingMail(at);
      waitingCount = pending.filter((m) => m.attempts > 0 && m.nextAttemptAt.getTime() > at.getTime()).length;
    } catch {
      return; // The pass that follows reports the store's failure.
    }
    if (waitingCount === 0) return;
    log.info(
      `mail outbox: ${waitingCount} mail message(s) waiting to be retried after failed attempts; checking whether delivery works`,
    );
    failing = outageConfirmed = true;
    scheduleProbe(0);
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

  function pass(): void {
    if (stopped) return;
    // runPass catches everything; this catch only keeps a bug from becoming an
    // unhandled rejection that ends the process.
    requestPass().catch((error: unknown) => log.error(`mail outbox: ${errorText(error)}`));
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
      if (failing && outageConfirmed) return;
      pass();
    },
    runOnce() {
      return requestPass();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(probeTimer);
      clearTimeout(markRetryTimer);
      clearTimeout(passSoonTimer);
      await tail;
      await leaseWatch;
      clearTimeout(leaseWatchTimer);
      await probing;
      await resuming;
      await marking;
      await markRemembered();
      if (remembered.size > 0)
        log.error(
          `mail outbox: stopping with ${remembered.size} mail message(s) sent but not marked sent; ` +
            "they will be sent again after a restart (same Message-ID)",
        );
    },
  };
  // Mail left from before a restart goes out now, not one poll interval later.
  worker.kick();
  return worker;
}

function withdrawalOrSubmission(kind: MailKind): string {
  return kind === "withdrawal_notice" ? "withdrawal" : "submission";
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

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
