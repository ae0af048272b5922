/**
 * The two spam checks every submit path makes on a posted form (the server action and
 * the static build's browser path alike).
 */
import { FILL_MS_FIELD, HONEYPOT_FIELD } from "../../common/limits.ts";

/** True when a script (not a person) sent the form: the honeypot is filled. */
export function isBot(form: FormData): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  return typeof honeypot === "string" && honeypot.trim() !== "";
}

/**
 * Sent faster than a person could: the time the browser measured from first use to
 * sending is under `minFillMs`. No time (no JavaScript) or one that is not a number is not
 * timed; a negative one no browser measures, so it counts as too fast.
 */
export function tooFast(form: FormData, minFillMs: number): boolean {
  const sent = form.get(FILL_MS_FIELD);
  if (typeof sent !== "string" || sent.trim() === "") return false;
  const fillMs = Number(sent);
  return Number.isFinite(fillMs) && fillMs < minFillMs;
}
