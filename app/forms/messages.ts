/**
 * The messages both forms show: the fields they share (name, e-mail, phone), the spam
 * check, a post too large, and the summary line. Each form's own words are in its
 * folder (`contact/messages.ts`, `application/messages.ts`). The schemas, the server and
 * the browser-only submit path all take their words from these, so a change shows
 * everywhere at once.
 */
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../common/limits.ts";
import { formatCount } from "../lib/format.ts";

// The old site's exact words, kept as visitors and the company know them.
export const PHONE_INVALID = "Invalid Phone";

// Ours.
export const NAME_REQUIRED = "Please enter your name.";
export const EMAIL_REQUIRED = "Please enter your e-mail address.";
export const EMAIL_INVALID = "Please enter a valid e-mail address, like name@example.com.";
export const PHONE_REQUIRED = "Please enter your phone number.";
export const NAME_TOO_LONG = tooLong("Name", MAX_NAME_LENGTH);
export const EMAIL_TOO_LONG = tooLong("E-mail address", MAX_EMAIL_LENGTH);
/** The body went past the server's size cap, and not because of one field we can name. */
export const FORM_TOO_LARGE = "The form was too large to send. Please shorten it and try again.";
/** Spam defence: a form sent faster than a person could fill it in. */
export const TOO_FAST = "That was quicker than anyone can type. Please check the form and send it again.";

/** "Name must be at most 100 characters." */
export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${formatCount(max)} characters.`;
}

/** The line under a form whose fields need fixing (announced; the fields say what). */
export function fixFieldsMessage(count: number): string {
  return count === 1 ? "Please correct the highlighted field." : `Please correct the ${count} highlighted fields.`;
}
