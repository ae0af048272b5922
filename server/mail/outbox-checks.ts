/**
 * Runs the outbox's outage state (./outbox-outage.ts): the checks while delivery fails,
 * and the retry of all waiting mail once it works. Mail then resumes within seconds of
 * the mail server's return instead of after each mail's backoff.
 *
 * A check is the transport's `verify()` (SMTP: connect, greeting, login; the file
 * transport: its folder), or, for a transport without one (EmailJS), making the oldest
 * waiting mail due and running a pass: that check is a real send. Working again, every
 * mail waiting out a backoff is made due in the database (`retryPendingNow`), so every
 * replica's backlog goes too.
 */
import type { OutboxStore } from "../submissions/store-types.ts";
import type { MailTransport } from "./mail-transport.ts";
import {
  initialOutageState,
  holdsNewMail,
  isChecking,
  nextCheckDelay,
  nextOutageState,
  type OutageEvent,
  type OutageSettings,
} from "./outbox-outage.ts";
import { errorText } from "./outbox-text.ts";

export interface OutageChecksOptions {
  store: OutboxStore;
  transport: MailTransport;
  /** How often to check while delivery fails. */
  intervalMs: number;
  /** Runs a pass after the current one: the check of a transport without `verify()`. */
  runPass: () => Promise<{ sent: number; failed: number }>;
  /** Asks for a pass: waiting mail was made due. */
  kick: () => void;
  log: { info(msg: string): void; error(msg: string): void };
  now: () => Date;
}

export interface OutageChecks {
  /** The transport refused a send (not a store failure). */
  sendFailed(error: unknown): void;
  /** The transport accepted a send. */
  sendWorked(): void;
  /** During a confirmed outage new mail waits for the checks: a kick runs no pass. */
  holdsNewMail(): boolean;
  /** Mail in backoff at start (a restart during an outage): check at once. */
  checkWaitingAtStart(): Promise<void>;
  /** Stops planning checks (at once, with the worker's other parts). */
  halt(): void;
  /** Waits for a check and a retry of the waiting mail in flight. */
  settle(): Promise<void>;
}

export function startOutageChecks(options: OutageChecksOptions): OutageChecks {
  const { store, transport, log, now } = options;
  const settings: OutageSettings = { intervalMs: options.intervalMs, checksSend: !transport.verify };
  let state = initialOutageState;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | null = null;
  let resuming: Promise<void> | null = null;

  /** Applies an event; a "resume" it asks for is returned, so a check can wait for it. */
  function apply(event: OutageEvent): Promise<void> | undefined {
    const step = nextOutageState(state, event, settings);
    state = step.state;
    if (step.log) log[step.log.level](step.log.line);
    if (step.then === "resume") return resume();
    if (step.then === "check-soon") schedule(settings.intervalMs);
    else if (step.then === "check-now") schedule(0);
    else if (step.then === "pass") options.kick();
    return undefined;
  }

  /** Plans the next check, unless one is planned or running (which plans its own successor). */
  function schedule(delayMs: number): void {
    if (stopped || timer || checking) return;
    timer = setTimeout(() => {
      timer = undefined;
      checking = check()
        .catch((error: unknown) => log.error(`mail outbox: check failed: ${errorText(error)}`))
        .finally(() => {
          checking = null;
          if (isChecking(state)) schedule(nextCheckDelay(state, settings));
        });
    }, delayMs);
    timer.unref();
  }

  async function check(): Promise<void> {
    if (stopped || !isChecking(state)) return;
    const result = transport.verify ? await verify() : await sendCheck();
    if (stopped || result === "done") return;
    await apply({ type: "checked", ...result });
  }

  async function verify(): Promise<{ works: boolean; why?: string }> {
    try {
      await transport.verify?.();
      return { works: true };
    } catch (error) {
      return { works: false, why: errorText(error) };
    }
  }

  /** Nothing to check without sending: the oldest waiting mail becomes the check. */
  async function sendCheck(): Promise<{ works: boolean | null } | "done"> {
    let madeDue: number;
    try {
      madeDue = await store.retryPendingNow(now(), 1);
    } catch {
      return "done"; // The database is down too; check again later.
    }
    if (madeDue === 0) {
      apply({ type: "nothing-waiting" });
      return "done";
    }
    const result = await options.runPass();
    // A send in that pass succeeded and resumed delivery, or the worker stopped.
    if (!isChecking(state) || stopped) return "done";
    return { works: result.sent > 0 ? true : result.failed > 0 ? false : null };
  }

  /** Delivery works again: every mail waiting out a backoff is due now, here and on every replica. */
  function resume(): Promise<void> {
    resuming ??= (async () => {
      apply({ type: "resuming" });
      try {
        apply({ type: "resumed", madeDue: await store.retryPendingNow(now()) });
      } catch (error) {
        apply({ type: "resume-failed", error: errorText(error) });
      } finally {
        resuming = null;
      }
    })();
    return resuming;
  }

  return {
    sendFailed: (error) => void apply({ type: "send-failed", error: errorText(error) }),
    sendWorked: () => void apply({ type: "send-worked" }),
    holdsNewMail: () => holdsNewMail(state),
    async checkWaitingAtStart() {
      const at = now();
      let count: number;
      try {
        const pending = await store.pendingMail(at);
        count = pending.filter((m) => m.attempts > 0 && m.nextAttemptAt.getTime() > at.getTime()).length;
      } catch {
        return; // The pass that follows reports the store's failure.
      }
      apply({ type: "waiting-at-start", count });
    },
    halt() {
      stopped = true;
      clearTimeout(timer);
    },
    async settle() {
      await checking;
      await resuming;
    },
  };
}
