/**
 * The outbox's outage state (server/mail/outbox-outage.ts) on its own, as an operator
 * sees it: one error line when an outage is confirmed, one line when delivery works
 * again, none per check; checks start after a failed send and stop when delivery works;
 * checks that cost a real send space out; a mail refused on its own keeps its backoff;
 * new mail waits only during a confirmed outage. Pure transitions, no timers or store.
 */
import { describe, expect, it } from "vitest";
import {
  holdsNewMail,
  initialOutageState,
  isChecking,
  nextCheckDelay,
  nextOutageState,
  type OutageAction,
  type OutageEvent,
  type OutageSettings,
  type OutageState,
} from "../../server/mail/outbox-outage.ts";

const VERIFY: OutageSettings = { intervalMs: 2000, checksSend: false };
const SENDING: OutageSettings = { intervalMs: 2000, checksSend: true };
const REFUSED = "connect ECONNREFUSED 127.0.0.1:2525";

/** Feeds `events` in order from `state`; collects the log lines and what the runner is asked to do. */
function run(events: OutageEvent[], settings = VERIFY, state: OutageState = initialOutageState) {
  const lines: string[] = [];
  const actions: OutageAction[] = [];
  for (const event of events) {
    const step = nextOutageState(state, event, settings);
    state = step.state;
    if (step.log) lines.push(`${step.log.level}: ${step.log.line}`);
    if (step.then) actions.push(step.then);
  }
  return { state, lines, actions };
}

/** What the runner does when asked to resume: the "resuming" event, then the store's answer. */
const resumed = (madeDue: number): OutageEvent[] => [{ type: "resuming" }, { type: "resumed", madeDue }];
const sendFailed: OutageEvent = { type: "send-failed", error: REFUSED };
const checkFailed = (why?: string): OutageEvent => ({ type: "checked", works: false, why });
const checkWorked: OutageEvent = { type: "checked", works: true };

describe("the outbox's outage state", () => {
  it("starts working: no checks, new mail goes as it arrives", () => {
    expect(isChecking(initialOutageState)).toBe(false);
    expect(holdsNewMail(initialOutageState)).toBe(false);
  });

  it("a failed send starts checks quietly, once; more failed sends plan no more checks", () => {
    const first = run([sendFailed]);
    expect(first.state.phase).toBe("suspected");
    expect(first.actions).toEqual(["check-soon"]);
    expect(first.lines).toEqual([]);
    expect(isChecking(first.state)).toBe(true);
    // Not confirmed yet: new mail is still tried as it arrives.
    expect(holdsNewMail(first.state)).toBe(false);

    const more = run([sendFailed, sendFailed, { type: "send-failed", error: "later" }]);
    expect(more.actions).toEqual(["check-soon"]);
    expect(more.state.lastFailure).toBe("later");
  });

  it("a failing check confirms the outage with one error line, naming the failure and the checks", () => {
    const { state, lines, actions } = run([sendFailed, checkFailed(REFUSED), checkFailed("again"), checkFailed()]);
    expect(state).toMatchObject({ phase: "outage", logged: true });
    expect(lines).toEqual([
      `error: mail outbox: delivery is failing (${REFUSED}); checking every 2 s, and sending all waiting mail as soon as it works`,
    ]);
    expect(actions).toEqual(["check-soon"]);
    // Confirmed: new mail waits, due, for the check that works.
    expect(holdsNewMail(state)).toBe(true);
  });

  it("a failing check without a reason of its own names the latest failed send", () => {
    const { lines } = run([sendFailed, { type: "send-failed", error: "550 mailbox full" }, checkFailed()], SENDING);
    expect(lines).toEqual([
      "error: mail outbox: delivery is failing (550 mailbox full); retrying the oldest waiting mail every 2 s, " +
        "then less often (at most every 60 s), and sending all waiting mail as soon as it works",
    ]);
  });

  it("when a check works after the outage was confirmed, all waiting mail is made due and one line says so", () => {
    const outage = run([sendFailed, checkFailed(REFUSED), checkFailed(REFUSED)]);
    const works = run([checkWorked], VERIFY, outage.state);
    expect(works.actions).toEqual(["resume"]);
    expect(works.lines).toEqual([]);

    const after = run(resumed(6), VERIFY, works.state);
    expect(after.state).toEqual({ phase: "working", sentSinceRetry: false, failedSendChecks: 0, lastFailure: REFUSED });
    expect(after.lines).toEqual(["info: mail outbox: delivery works again; 6 waiting mail message(s) made due now"]);
    expect(after.actions).toEqual(["pass"]);
    expect(isChecking(after.state)).toBe(false);
    expect(holdsNewMail(after.state)).toBe(false);
  });

  it("nothing made due: the line still says delivery works again, and no pass is asked for", () => {
    const { lines, actions } = run(resumed(0), VERIFY, run([sendFailed, checkFailed()]).state);
    expect(lines).toEqual(["info: mail outbox: delivery works again; 0 waiting mail message(s) made due now"]);
    expect(actions).toEqual([]);
  });

  it("a send that works during a confirmed outage ends it like a check that works", () => {
    const outage = run([sendFailed, checkFailed()]).state;
    expect(run([{ type: "send-worked" }], VERIFY, outage).actions).toEqual(["resume"]);
    // Only suspected: the send proves nothing about the other mail; checks go on.
    const suspected = run([sendFailed, { type: "send-worked" }]);
    expect(suspected.actions).toEqual(["check-soon"]);
    expect(suspected.state).toMatchObject({ phase: "suspected", sentSinceRetry: true });
  });

  it("a mail refused on its own keeps its backoff: a check that works at once, with nothing sent since the last retry, ends the checks quietly", () => {
    // The first time, the check cannot tell a refusal from an outage that just ended: the
    // waiting mail is made due once.
    const first = run([sendFailed, checkWorked]);
    expect(first.actions).toEqual(["check-soon", "resume"]);
    const retried = run([...resumed(1), sendFailed, checkWorked], VERIFY, first.state);
    // Refused again, nothing sent since: that mail's own trouble, no retry loop, no line.
    expect(retried.actions).toEqual(["pass", "check-soon"]);
    expect(retried.lines).toEqual(["info: mail outbox: delivery works again; 1 waiting mail message(s) made due now"]);
    expect(retried.state.phase).toBe("working");
    // A mail sent since: the next check that works makes the waiting mail due again.
    const later = run([{ type: "send-worked" }, sendFailed, checkWorked], VERIFY, retried.state);
    expect(later.actions).toEqual(["check-soon", "resume"]);
  });

  it("a restart with mail in backoff says so and checks at once, as in a confirmed outage but not logged yet", () => {
    const { state, lines, actions } = run([{ type: "waiting-at-start", count: 3 }]);
    expect(state).toMatchObject({ phase: "outage", logged: false });
    expect(lines).toEqual([
      "info: mail outbox: 3 mail message(s) waiting to be retried after failed attempts; checking whether delivery works",
    ]);
    expect(actions).toEqual(["check-now"]);
    expect(holdsNewMail(state)).toBe(true);
    // Its first failing check writes the outage line; one that works resumes.
    expect(run([checkFailed("down")], VERIFY, state).lines).toHaveLength(1);
    expect(run([checkWorked], VERIFY, state).actions).toEqual(["resume"]);
    // Nothing waiting: nothing changes.
    expect(run([{ type: "waiting-at-start", count: 0 }])).toEqual({
      state: initialOutageState,
      lines: [],
      actions: [],
    });
  });

  it("when the waiting mail cannot be made due, checks go on and the next failing check logs the outage again", () => {
    const outage = run([sendFailed, checkFailed(REFUSED)]).state;
    const { state, lines, actions } = run(
      [checkWorked, { type: "resuming" }, { type: "resume-failed", error: "database is locked" }],
      VERIFY,
      outage,
    );
    expect(actions).toEqual(["resume", "check-soon"]);
    expect(lines).toEqual([
      "error: mail outbox: delivery works again, but the waiting mail could not be made due: database is locked",
    ]);
    expect(state).toMatchObject({ phase: "outage", logged: false });
    expect(run([checkFailed(REFUSED)], VERIFY, state).lines).toHaveLength(1);
  });

  it("checks that send a real mail space out (2 s, 4 s, … at most 60 s); verify() checks keep the interval", () => {
    let state = run([sendFailed], SENDING).state;
    const delays = [nextCheckDelay(state, SENDING)];
    for (let i = 0; i < 7; i++) {
      state = run([checkFailed()], SENDING, state).state;
      delays.push(nextCheckDelay(state, SENDING));
    }
    expect(delays).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    // Delivery works again: the next outage's checks start at the interval.
    expect(nextCheckDelay(run(resumed(1), SENDING, state).state, SENDING)).toBe(2000);

    let verified = run([sendFailed]).state;
    for (let i = 0; i < 7; i++) verified = run([checkFailed()], VERIFY, verified).state;
    expect(verified.failedSendChecks).toBe(0);
    expect(nextCheckDelay(verified, VERIFY)).toBe(2000);
    // An interval longer than the cap is kept.
    expect(nextCheckDelay(state, { intervalMs: 90_000, checksSend: true })).toBe(90_000);
  });

  it("a sending check whose mail is gone, or that told nothing, changes nothing but what it must", () => {
    const outage = run([sendFailed, checkFailed()], SENDING).state;
    expect(run([{ type: "checked", works: null }], SENDING, outage)).toEqual({
      state: outage,
      lines: [],
      actions: [],
    });
    // Nothing waits any more: no outage to watch, quietly.
    const gone = run([{ type: "nothing-waiting" }], SENDING, outage);
    expect(gone.state.phase).toBe("working");
    expect(gone.lines).toEqual([]);
    expect(gone.actions).toEqual([]);
  });

  it("a whole outage: one error line, one recovery line, however many checks fail in between", () => {
    const checks = Array.from({ length: 50 }, () => checkFailed(REFUSED));
    const { state, lines } = run([sendFailed, sendFailed, ...checks, checkWorked, ...resumed(6)]);
    expect(lines).toEqual([
      `error: mail outbox: delivery is failing (${REFUSED}); checking every 2 s, and sending all waiting mail as soon as it works`,
      "info: mail outbox: delivery works again; 6 waiting mail message(s) made due now",
    ]);
    expect(state.phase).toBe("working");
  });
});
