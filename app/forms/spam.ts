/**
 * The two spam checks every submit path makes on a posted form (the server action and
 * the static build's browser path alike).
 */
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "../../common/limits.ts";

/** True when a script (not a person) sent the form: the honeypot is filled. */
export function isBot(form: FormData): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

/** Sent faster than a person could, when the browser recorded a start (no JS: not timed). */
export function tooFast(form: FormData, minFillMs: number, now: number): boolean {
  const started = Number(form.get(STARTED_AT_FIELD));
  return Number.isFinite(started) && started > 0 && now - started < minFillMs;
}
