/**
 * Whether the request thread is busy answering visitors: the share of each 250 ms it
 * spent working rather than waiting for events (its event-loop utilisation). Busy from
 * 60 %, calm again below 30 %, so a load near one line does not flip it back and forth.
 * The delivery thread slows mail while it is busy (./mail-pacer.ts).
 */
import { performance } from "node:perf_hooks";

export interface RequestLoadOptions {
  /** How often the share is measured; default 250 ms. */
  intervalMs?: number;
  /** Busy from this share of the interval; default 0.6. */
  busyFrom?: number;
  /** Calm again below this share; default 0.3. */
  calmBelow?: number;
}

export interface RequestLoadWatch {
  /** Whether this thread is busy now, as last judged. */
  busy(): boolean;
  stop(): void;
}

/**
 * Calls `onChange(true)` when this thread becomes busy and `onChange(false)` when it is
 * calm again (never twice the same). The timer does not keep the process alive.
 */
export function watchRequestLoad(
  onChange: (busy: boolean) => void,
  options: RequestLoadOptions = {},
): RequestLoadWatch {
  const { intervalMs = 250, busyFrom = 0.6, calmBelow = 0.3 } = options;
  if (!(calmBelow > 0 && calmBelow <= busyFrom && busyFrom <= 1)) {
    throw new Error("the request load needs 0 < calmBelow <= busyFrom <= 1");
  }
  let busy = false;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const next = busy ? share >= calmBelow : share >= busyFrom;
    if (next !== busy) {
      busy = next;
      onChange(busy);
    }
  }, intervalMs);
  timer.unref();
  return { busy: () => busy, stop: () => clearInterval(timer) };
}
