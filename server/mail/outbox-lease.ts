/**
 * The outbox worker's hold on the rows it claimed. The lease is short (10 s by default),
 * so a replica that dies holds its rows for seconds, not a minute; while a batch is being
 * sent it is renewed every third of it, so a slow send never sees its row claimed by
 * another replica. A row given back early (the store failed before its send) is due again
 * at once for the next pass.
 */
import type { OutboxMessage, OutboxStore } from "../submissions/store-types.ts";
import { errorText } from "./outbox-text.ts";

/** No send starts once this share of the lease is used: another replica may claim the rest soon. */
const LEASE_SHARE_FOR_SENDING = 0.8;

export interface LeaseOptions {
  store: OutboxStore;
  leaseMs: number;
  log: { error(msg: string): void };
  now: () => Date;
}

export interface BatchLease {
  /** Whether enough of the lease is left to start a send. */
  leftToStart(): boolean;
  /** False once a renewal found the row another worker's (its lease ran out and it was claimed). */
  holds(id: string): boolean;
  heldUntil(): Date;
  /** The row is sent, failed or given back: renewals leave it out. */
  finished(id: string): void;
  /** Stops renewing (after a renewal in flight). */
  release(): Promise<void>;
}

/** Keeps a claimed batch leased while it is being sent: every third of the lease, the rows not finished yet. */
export function holdLease(options: LeaseOptions, messages: OutboxMessage[], claimedAt: Date): BatchLease {
  const { store, leaseMs, log, now } = options;
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
    leftToStart: () => heldUntil.getTime() - now().getTime() >= leaseMs * (1 - LEASE_SHARE_FOR_SENDING),
    holds: (id) => !lost.has(id),
    heldUntil: () => heldUntil,
    finished(id) {
      unfinished.delete(id);
    },
    async release() {
      clearInterval(timer);
      await renewing;
    },
  };
}

export interface LeaseReturns {
  /** Gives a row back before its lease ends; if the store fails, remembers to do it later. */
  giveBack(id: string, heldUntil: Date): Promise<void>;
  /** Gives back the rows a failing store kept us from giving back (before a pass claims anything). */
  giveBackUnreleased(): Promise<void>;
}

export function leaseReturns(store: OutboxStore, now: () => Date): LeaseReturns {
  /** Outbox id → the end of our lease on it; the row is ours until then anyway. */
  const unreleased = new Map<string, Date>();
  return {
    async giveBack(id, heldUntil) {
      try {
        await store.releaseMail(id, heldUntil);
      } catch {
        unreleased.set(id, heldUntil);
      }
    },
    async giveBackUnreleased() {
      for (const [id, heldUntil] of unreleased) {
        // Past our lease the row is claimable anyway.
        if (heldUntil.getTime() > now().getTime()) await store.releaseMail(id, heldUntil);
        unreleased.delete(id);
      }
    },
  };
}
