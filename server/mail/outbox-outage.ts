/**
 * Whether mail can be delivered, as the outbox sees it: the state, and what each event
 * (a send failed or worked, a check's result, a restart with mail in backoff, waiting
 * mail made due) changes, logs and asks for next. Pure: the timers, the checks and the
 * store calls are ./outbox-checks.ts's, so every transition can be tested alone.
 *
 * What an operator sees: one error line when an outage is confirmed (`delivery is
 * failing`), one line when it ends (`delivery works again; N … made due now`), never a
 * line per check. A check that works at once, after one failed send, means the failure
 * was that mail's own (a refused recipient): its backoff stands and nothing is logged.
 */
import { formatSeconds } from "./outbox-text.ts";

/** Checks that cost a real send (no `verify()`) wait longer after each failure, up to this. */
export const MAX_SEND_CHECK_INTERVAL_MS = 60_000;

interface OutageCounters {
  /**
   * A mail was sent since the waiting mail was last made due. A check that works then is
   * no proof that the failure was one mail's own, so the waiting mail is made due; without
   * a send since, one bad mail would be retried in a loop.
   */
  readonly sentSinceRetry: boolean;
  /** Checks that were real sends and failed, since delivery last worked: they space out. */
  readonly failedSendChecks: number;
  /** The latest send failure, for the line that confirms an outage. */
  readonly lastFailure: string;
}

export type OutageState = OutageCounters &
  (
    | /** Delivery works, or nothing says otherwise: no checks run. */
      { readonly phase: "working" }
      /** A send failed: checks run until one works. Kicks still run passes. */
    | { readonly phase: "suspected" }
    /**
     * A check failed too, or mail waited in backoff at start, or the waiting mail could
     * not be made due: checks run, new mail waits for them (a kick does nothing), and the
     * next check or send that works makes every waiting mail due. `logged`: this outage's
     * one error line is written.
     */
    | { readonly phase: "outage"; readonly logged: boolean }
  );

export type OutageEvent =
  | { type: "send-failed"; error: string }
  | { type: "send-worked" }
  /** `count` mails wait out a backoff at start (a restart during an outage). */
  | { type: "waiting-at-start"; count: number }
  /**
   * A check's result: true, delivery works; false, it does not (`why`, else the latest
   * send failure); null, the check told nothing (its pass neither sent nor failed).
   */
  | { type: "checked"; works: boolean | null; why?: string }
  /** A check found no mail waiting any more (delivered elsewhere, or deleted). */
  | { type: "nothing-waiting" }
  /** Delivery works: the waiting mail is being made due. */
  | { type: "resuming" }
  | { type: "resumed"; madeDue: number }
  | { type: "resume-failed"; error: string };

/** What the runner does after a transition. */
export type OutageAction =
  /** Check after the interval. */
  | "check-soon"
  /** Check at once. */
  | "check-now"
  /** Make every waiting mail due (then the "resuming" event). */
  | "resume"
  /** Run a pass: waiting mail was made due. */
  | "pass";

export interface OutageStep {
  state: OutageState;
  log?: { level: "info" | "error"; line: string };
  then?: OutageAction;
}

export interface OutageSettings {
  /** How often checks run (2 s by default); checks that send space out from it. */
  intervalMs: number;
  /** The transport has no `verify()`: a check retries the oldest waiting mail. */
  checksSend: boolean;
}

export const initialOutageState: OutageState = {
  phase: "working",
  sentSinceRetry: true,
  failedSendChecks: 0,
  lastFailure: "",
};

/** Checks run (a send failed since delivery last worked). */
export function isChecking(state: OutageState): boolean {
  return state.phase !== "working";
}

/** During a confirmed outage, new mail waits, due, for the checks instead of a pass each. */
export function holdsNewMail(state: OutageState): boolean {
  return state.phase === "outage";
}

/** The wait before the next check: the interval, or for sending checks 2 s, 4 s, … at most a minute. */
export function nextCheckDelay(state: OutageState, settings: OutageSettings): number {
  if (!settings.checksSend) return settings.intervalMs;
  const cap = Math.max(settings.intervalMs, MAX_SEND_CHECK_INTERVAL_MS);
  return Math.min(cap, settings.intervalMs * 2 ** Math.min(state.failedSendChecks, 20));
}

export function nextOutageState(state: OutageState, event: OutageEvent, settings: OutageSettings): OutageStep {
  switch (event.type) {
    case "send-failed": {
      const next = { ...counters(state), lastFailure: event.error };
      if (state.phase !== "working") return { state: withPhase(next, state) };
      return { state: { ...next, phase: "suspected" }, then: "check-soon" };
    }
    case "send-worked": {
      const next = withPhase({ ...counters(state), sentSinceRetry: true }, state);
      return state.phase === "outage" ? { state: next, then: "resume" } : { state: next };
    }
    case "waiting-at-start":
      if (event.count === 0) return { state };
      return {
        state: outage(state, loggedAlready(state)),
        log: {
          level: "info",
          line: `mail outbox: ${event.count} mail message(s) waiting to be retried after failed attempts; checking whether delivery works`,
        },
        then: "check-now",
      };
    case "checked":
      return checked(state, event, settings);
    case "nothing-waiting":
      return { state: { ...counters(state), phase: "working" } };
    case "resuming":
      return { state: { ...counters(state), phase: "working", sentSinceRetry: false, failedSendChecks: 0 } };
    case "resumed":
      return {
        state,
        log: {
          level: "info",
          line: `mail outbox: delivery works again; ${event.madeDue} waiting mail message(s) made due now`,
        },
        then: event.madeDue > 0 ? "pass" : undefined,
      };
    case "resume-failed":
      // The store failed just now: keep checking, and make the mail due from there.
      return {
        state: outage(state, loggedAlready(state)),
        log: {
          level: "error",
          line: `mail outbox: delivery works again, but the waiting mail could not be made due: ${event.error}`,
        },
        then: "check-soon",
      };
  }
}

function checked(
  state: OutageState,
  event: Extract<OutageEvent, { type: "checked" }>,
  settings: OutageSettings,
): OutageStep {
  if (event.works === null) return { state };
  if (event.works) {
    if (state.phase === "outage" || state.sentSinceRetry) return { state, then: "resume" };
    // It works at once and nothing went out since the last retry: that mail's own
    // trouble, not an outage. Its backoff stands.
    return { state: { ...counters(state), phase: "working" } };
  }
  const failedSendChecks = state.failedSendChecks + (settings.checksSend ? 1 : 0);
  const next = outage({ ...state, failedSendChecks }, true);
  if (loggedAlready(state)) return { state: next };
  const every = formatSeconds(settings.intervalMs);
  const how = settings.checksSend
    ? `retrying the oldest waiting mail every ${every}, then less often (at most every ${formatSeconds(MAX_SEND_CHECK_INTERVAL_MS)})`
    : `checking every ${every}`;
  const why = event.why ?? state.lastFailure;
  return {
    state: next,
    log: {
      level: "error",
      line: `mail outbox: delivery is failing (${why}); ${how}, and sending all waiting mail as soon as it works`,
    },
  };
}

function counters(state: OutageState): OutageCounters {
  return {
    sentSinceRetry: state.sentSinceRetry,
    failedSendChecks: state.failedSendChecks,
    lastFailure: state.lastFailure,
  };
}

function loggedAlready(state: OutageState): boolean {
  return state.phase === "outage" && state.logged;
}

function outage(state: OutageState, logged: boolean): OutageState {
  return { ...counters(state), phase: "outage", logged };
}

/** `counters` in the phase `like` is in. */
function withPhase(next: OutageCounters, like: OutageState): OutageState {
  return like.phase === "outage" ? { ...next, phase: "outage", logged: like.logged } : { ...next, phase: like.phase };
}
