/**
 * Marking sent mail sent, for the outbox worker. Grouped: sends that finish while a mark
 * is being written share the next statement, one commit (one fsync on SQLite) for several
 * mails, and no wait at all when idle. Remembered: a mail sent but not marked, because
 * the database failed just then, is kept in memory and never sent again by this process;
 * marking it is retried every `retryMs` and before each pass claims anything. That is
 * what keeps delivery at least once without a second copy while the database blips.
 */
import type { OutboxStore } from "../submissions/store-types.ts";
import { errorText } from "./outbox-text.ts";

/** Sent rows marked in one statement at most. */
const MAX_MARKS_PER_STATEMENT = 100;

export interface SentMarksOptions {
  store: OutboxStore;
  /** How often to retry marking mail that was sent but could not be marked. */
  retryMs: number;
  log: { info(msg: string): void; error(msg: string): void };
  now: () => Date;
}

export interface SentMarks {
  /**
   * Marks a sent mail sent and logs it (`label` names it); if the store fails, remembers
   * it instead. Not a failed attempt either way: it went out.
   */
  record(id: string, label: string): Promise<void>;
  /** Sent already, only the mark is missing: never send it again. */
  isRemembered(id: string): boolean;
  /** Marks the remembered mail now, if the store lets it (before a pass claims anything). */
  markRemembered(): Promise<void>;
  /** Stops the retry timer (at once, with the worker's other parts). */
  halt(): void;
  /** Waits for the marks in flight, tries the remembered ones once more and logs what is left. */
  settle(): Promise<void>;
}

export function createSentMarks(options: SentMarksOptions): SentMarks {
  const { store, log, now } = options;
  let stopped = false;
  let queue: { id: string; done: (error?: unknown) => void }[] = [];
  let marking: Promise<void> | null = null;
  /** Sent but not marked: outbox id → label. */
  const remembered = new Map<string, string>();
  let retryTimer: NodeJS.Timeout | undefined;
  let remarking: Promise<void> | null = null;

  function markSent(id: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      queue.push({ id, done: (error) => (error === undefined ? resolve() : reject(error)) });
      marking ??= writeMarks();
    });
  }

  async function writeMarks(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.slice(0, MAX_MARKS_PER_STATEMENT);
      queue = queue.slice(group.length);
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

  function scheduleRetry(): void {
    if (stopped || retryTimer || remembered.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void markRemembered().finally(scheduleRetry);
    }, options.retryMs);
    retryTimer.unref();
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

  return {
    async record(id, label) {
      try {
        await markSent(id);
      } catch (error) {
        // Sent but not recorded. Remembered, so this process never sends it again; marking
        // is retried. Not a failed attempt, so no backoff is recorded.
        remembered.set(id, label);
        scheduleRetry();
        log.error(
          `mail outbox: sent ${label} but could not mark it sent: ${errorText(error)}; ` +
            "it will not be sent again, marking it is retried",
        );
        return;
      }
      log.info(`mail outbox: sent ${label}`);
    },
    isRemembered: (id) => remembered.has(id),
    markRemembered,
    halt() {
      stopped = true;
      clearTimeout(retryTimer);
    },
    async settle() {
      await marking;
      await markRemembered();
      if (remembered.size > 0)
        log.error(
          `mail outbox: stopping with ${remembered.size} mail message(s) sent but not marked sent; ` +
            "they will be sent again after a restart (same Message-ID)",
        );
    },
  };
}
