/**
 * The outbox worker's pass: marks what was sent but not marked, gives back rows a failing
 * store kept, then claims due rows batch by batch (longest due first) and sends each
 * batch in up to `concurrency` lanes, oldest first. Passes run one after another on one
 * chain, and requests for a pass that has not started yet share it: a burst of kicks
 * costs one pass.
 */
import type { OutboxMessage, OutboxStore } from "../submissions/store-types.ts";
import type { OutageChecks } from "./outbox-checks.ts";
import type { Outcome } from "./outbox-deliver.ts";
import { holdLease, type LeaseOptions, leaseReturns } from "./outbox-lease.ts";
import type { SentMarks } from "./outbox-marks.ts";
import { errorText } from "./outbox-text.ts";
import type { PassWakeups } from "./outbox-wakeups.ts";

/** A safety stop for one pass; a pass that reaches it asks for the next one at once. */
const MAX_BATCHES_PER_PASS = 20;

export interface PassResult {
  sent: number;
  failed: number;
}

export interface PassLoopOptions extends LeaseOptions {
  store: OutboxStore;
  /** Rows claimed per query. */
  batchSize: number;
  /** Mails sent at once. */
  concurrency: number;
  /** Awaited before each send starts (the delivery thread's pacer). */
  pace?: () => Promise<void>;
  deliver: (message: OutboxMessage) => Promise<Outcome>;
  marks: Pick<SentMarks, "markRemembered">;
  checks: Pick<OutageChecks, "checkWaitingAtStart">;
  wakeups: Pick<PassWakeups, "soon" | "atLeaseEnd">;
  /** The undelivered-mail alert, run after each pass. */
  alert: () => Promise<void>;
  /** Asks for another pass (one that reached its cap of batches). */
  kick: () => void;
}

export interface PassLoop {
  /** A pass after the current one; joins a pass requested but not started yet. */
  request(): Promise<PassResult>;
  /** No further pass or send starts (at once, with the worker's other parts). */
  halt(): void;
  /** Waits for the current pass: every send in flight. */
  settle(): Promise<void>;
}

export function createPassLoop(options: PassLoopOptions): PassLoop {
  const { store, batchSize, now, log } = options;
  const returns = leaseReturns(store, now);
  let stopped = false;
  let started = false;
  // `waiting` is a pass requested but not started yet, which every further request joins.
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<PassResult> | null = null;

  function request(): Promise<PassResult> {
    if (waiting) return waiting;
    const pass = tail.then(() => {
      waiting = null;
      return stopped ? { sent: 0, failed: 0 } : run();
    });
    waiting = pass;
    tail = pass.catch(() => undefined);
    return pass;
  }

  async function run(): Promise<PassResult> {
    const result: PassResult = { sent: 0, failed: 0 };
    let more = false;
    try {
      if (!started) {
        started = true;
        await options.checks.checkWaitingAtStart();
      }
      // Mail sent but not marked first: its rows may be claimable again by now.
      await options.marks.markRemembered();
      await returns.giveBackUnreleased();
      for (let batch = 0; batch < MAX_BATCHES_PER_PASS && !stopped; batch++) {
        const claimedAt = now();
        const messages = await store.claimDueMail(claimedAt, batchSize, options.leaseMs);
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
      options.wakeups.soon();
    } finally {
      await options.alert();
      options.wakeups.atLeaseEnd();
    }
    if (more) options.kick();
    return result;
  }

  /** Sends a claimed batch, up to `concurrency` at once, oldest first. */
  async function deliverBatch(messages: OutboxMessage[], claimedAt: Date) {
    const counts = { leaseUsedUp: false, sent: 0, failed: 0 };
    // Nothing was due: no lease to hold, no renewal timer.
    if (messages.length === 0) return counts;
    const lease = holdLease(options, messages, claimedAt);
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
        const outcome = await options.deliver(message);
        if (outcome === "deferred") await returns.giveBack(message.id, lease.heldUntil());
        lease.finished(message.id);
        if (outcome === "sent") counts.sent++;
        else if (outcome === "failed") counts.failed++;
      }
    }
    // allSettled: the pass (and stop()) must not end while a lane still sends.
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(options.concurrency, messages.length) }, lane),
    );
    await lease.release();
    const broken = lanes.find((lane) => lane.status === "rejected");
    if (broken) throw broken.reason;
    return counts;
  }

  return {
    request,
    halt() {
      stopped = true;
    },
    async settle() {
      await tail;
    },
  };
}
