/**
 * Passes the outbox worker runs before its next poll: a moment after the store failed
 * (usually a blip, a dropped connection: waiting a whole poll would delay the mail for
 * nothing), and when the first lease another worker holds ends (a replica that died
 * leaves its rows leased; they go when the lease ends, not at the next poll).
 */
import type { OutboxStore } from "../submissions/store-types.ts";

export interface PassWakeupsOptions {
  store: OutboxStore;
  /** How long after a store failure the next pass runs. */
  soonMs: number;
  /** A lease that ends after the next poll needs no timer of its own. */
  pollIntervalMs: number;
  kick: () => void;
  now: () => Date;
}

export interface PassWakeups {
  /** A pass `soonMs` from now, unless one is set already. */
  soon(): void;
  /**
   * After a pass: a pass for the first lease still running that ends before the next
   * poll (looked up once a second at most, and only while nothing is set already).
   */
  atLeaseEnd(): void;
  /** Clears the timers (at once, with the worker's other parts). */
  halt(): void;
  /** Waits for a lease lookup in flight. */
  settle(): Promise<void>;
}

export function passWakeups(options: PassWakeupsOptions): PassWakeups {
  const { store, kick, now } = options;
  let stopped = false;
  let soonTimer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  let leaseLookup: Promise<void> | null = null;
  let lastLeaseLookup = Number.NEGATIVE_INFINITY;

  async function lookUpLeaseEnd(): Promise<void> {
    try {
      const end = await store.nextLeaseEnd(now());
      const wait = end ? end.getTime() - now().getTime() + 20 : Number.POSITIVE_INFINITY;
      if (stopped || wait >= options.pollIntervalMs) return;
      leaseTimer = setTimeout(
        () => {
          leaseTimer = undefined;
          kick();
        },
        Math.max(0, wait),
      );
      leaseTimer.unref();
    } catch {
      // The store is failing: the pass that failed asked for another already.
    } finally {
      leaseLookup = null;
    }
  }

  return {
    soon() {
      if (stopped || soonTimer) return;
      soonTimer = setTimeout(() => {
        soonTimer = undefined;
        kick();
      }, options.soonMs);
      soonTimer.unref();
    },
    atLeaseEnd() {
      if (stopped || leaseTimer || leaseLookup || performance.now() - lastLeaseLookup < 1000) return;
      lastLeaseLookup = performance.now();
      leaseLookup = lookUpLeaseEnd();
    },
    halt() {
      stopped = true;
      clearTimeout(soonTimer);
    },
    async settle() {
      await leaseLookup;
      clearTimeout(leaseTimer);
    },
  };
}
