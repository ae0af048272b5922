/**
 * Mail gives way to visitors. While the request thread is busy (./request-load.ts tells
 * the delivery thread so), the outbox starts at most one send per `gapMs`: mail keeps
 * going at a trickle and catches up at full speed once the burst is over. Otherwise a
 * send starts at once.
 *
 * Nice 10 alone does not do this on a small machine: the kernel gives the request thread
 * the core they share, but the delivery thread then runs on the other one, beside it
 * (often the same physical core), and slows it all the same (docs/decisions/0025).
 */

export interface MailPacer {
  /** The request thread became busy (`true`) or calm again (`false`). */
  setBusy(busy: boolean): void;
  /**
   * Resolves when the next send may start (at once while calm, one per gap while busy),
   * with the moment it granted, in `performance.now()` time.
   */
  turn(): Promise<number>;
}

/** While busy: one send per 50 ms, 20 mails a second. */
const BUSY_SEND_GAP_MS = 50;

export function createMailPacer(gapMs = BUSY_SEND_GAP_MS): MailPacer {
  if (!Number.isFinite(gapMs) || gapMs <= 0) throw new Error("the gap between sends must be a positive number of ms");
  let busy = false;
  let nextStart = 0;
  /** Turns waiting out a gap; all of them go on when the request thread is calm again. */
  const sleepers = new Set<() => void>();

  function nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  return {
    setBusy(value) {
      busy = value;
      if (!busy) for (const wake of [...sleepers]) wake();
    },
    async turn() {
      while (busy) {
        const now = performance.now();
        const wait = nextStart - now;
        if (wait <= 0) {
          nextStart = now + gapMs;
          return now;
        }
        await nap(wait);
      }
      return performance.now();
    },
  };
}
