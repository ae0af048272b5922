/**
 * The rules both forms follow, shared by the browser (checks before sending) and the
 * server actions (the checks that count). Dependency-free and pure, so importing it adds
 * a few hundred bytes to the page and nothing else. Phone rules need libphonenumber-js
 * and live in `phone.ts`, which the browser loads only when a form is first used.
 *
 * Messages keep the exact text of spec §8 where one applies (see /work/shared/SPEC.md);
 * the rest are ours. Changing a message here changes it in the browser and on the server.
 */

// ── Limits ─────────────────────────────────────────────────────────────────────────

/** 500 KB as the spec means it: 512,000 bytes pass, 512,001 fail. */
export const MAX_CV_BYTES = 512_000;
/** A phone number has at most 15 digits (ITU-T E.164), country code included. */
export const MAX_PHONE_DIGITS = 15;
export const MAX_NAME_LENGTH = 100;
/** RFC 5321 path limit. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 2000;

/** File types a CV may have; the server also checks the content (magic bytes). */
export const ALLOWED_CV_EXTENSIONS = ["pdf", "doc", "docx", "odt", "rtf", "txt"] as const;
export type CvExtension = (typeof ALLOWED_CV_EXTENSIONS)[number];

/** MIME types browsers report for those files (for the file picker's filter). */
export const ALLOWED_CV_MIME_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.oasis.opendocument.text",
  "application/rtf",
  "text/rtf",
  "text/plain",
] as const;

/** The file input's `accept` attribute: extensions first, then MIME types. */
export const CV_ACCEPT = [...ALLOWED_CV_EXTENSIONS.map((ext) => `.${ext}`), ...ALLOWED_CV_MIME_TYPES].join(",");

// ── Field names both sides agree on ────────────────────────────────────────────────

/** Honeypot: a visually hidden text field that people leave empty and bots fill in. */
export const HONEYPOT_FIELD = "website";
/** Set by script to `Date.now()` (ms) when the visitor first uses the form; empty without JS. */
export const STARTED_AT_FIELD = "startedAt";
/** Says which form was sent; lets the page tell its own submission apart. */
export const INTENT_FIELD = "intent";
export const CONTACT_INTENT = "contact";
export const APPLY_INTENT = "apply";

// ── Messages ───────────────────────────────────────────────────────────────────────

// Spec §8, exact text.
export const PHONE_INVALID = "Invalid Phone";
export const CV_TOO_LARGE = "FileSize must be less than 500KB";
export const CONTACT_FAILURE = "Something went wrong please try again!";
export const CONTACT_SUCCESS = "Email has been sent successfully!";
export const APPLY_SUCCESS = "Form has been submitted successfully!";
export const APPLY_UPLOAD_FAILURE = "Something went wrong!";
export const APPLY_FAILURE = "Encountered an error while submitting!";
/** Prefixes of the application's result line (spec §2, Application modal). */
export const APPLY_SUCCESS_PREFIX = "Hurray! ";
export const APPLY_FAILURE_PREFIX = "Oops! ";

// Ours.
export const NAME_REQUIRED = "Please enter your name.";
export const EMAIL_REQUIRED = "Please enter your e-mail address.";
export const EMAIL_INVALID = "Please enter a valid e-mail address, like name@example.com.";
export const PHONE_REQUIRED = "Please enter your phone number.";
export const MESSAGE_REQUIRED = "Please enter your message.";
export const CV_REQUIRED = "Please attach your CV.";
export const CV_EMPTY = "This file is empty. Please choose another.";
export const CV_WRONG_TYPE = "Please upload a PDF, DOC, DOCX, ODT, RTF or TXT file.";
export const CV_HINT = "PDF, DOC, DOCX, ODT, RTF or TXT, at most 500 KB";
export const CONSENT_REQUIRED = "Please agree to the privacy notice to send your application.";
export const NAME_TOO_LONG = tooLong("Name", MAX_NAME_LENGTH);
export const EMAIL_TOO_LONG = tooLong("E-mail address", MAX_EMAIL_LENGTH);
export const MESSAGE_TOO_LONG = tooLong("Message", MAX_MESSAGE_LENGTH);
export const COMMENT_TOO_LONG = tooLong("Comment", MAX_COMMENT_LENGTH);

/** "Name must be at most 100 characters." */
export function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max.toLocaleString("en-US")} characters.`;
}

/** The line under a form whose fields need fixing (announced; the fields say what). */
export function fixFieldsMessage(count: number): string {
  return count === 1 ? "Please correct the highlighted field." : `Please correct the ${count} highlighted fields.`;
}

// ── Checks: each returns the message to show, or null when the value is fine ───────

/** A required single- or multi-line text: empty (after trimming) or too long fails. */
export function checkRequiredText(value: string, max: number, required: string, long: string): string | null {
  const text = value.trim();
  if (text === "") return required;
  if (text.length > max) return long;
  return null;
}

export function checkName(value: string): string | null {
  return checkRequiredText(value, MAX_NAME_LENGTH, NAME_REQUIRED, NAME_TOO_LONG);
}

export function checkMessage(value: string): string | null {
  return checkRequiredText(value, MAX_MESSAGE_LENGTH, MESSAGE_REQUIRED, MESSAGE_TOO_LONG);
}

/** Comment is optional; only its length is checked. */
export function checkComment(value: string): string | null {
  return value.trim().length > MAX_COMMENT_LENGTH ? COMMENT_TOO_LONG : null;
}

/**
 * The address shape browsers accept for `type="email"` (WHATWG), plus a dot in the
 * domain: a contact address on the public internet always has one.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function checkEmail(value: string): string | null {
  const email = value.trim();
  if (email === "") return EMAIL_REQUIRED;
  if (email.length > MAX_EMAIL_LENGTH) return EMAIL_TOO_LONG;
  if (!EMAIL_PATTERN.test(email)) return EMAIL_INVALID;
  return null;
}

/** The extension of a file name, lower-cased, or "" when it has none ("cv", ".pdf", "cv."). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function isAllowedCvName(name: string): boolean {
  return (ALLOWED_CV_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/**
 * The CV as far as name and size can tell (a `File` fits). A form sent with no file
 * chosen carries an empty, nameless file, which counts as missing. The type is checked
 * before the size, so a large file of the wrong type is told the more useful thing.
 * The server checks the content as well.
 */
export function checkCvFile(file: { name: string; size: number } | null | undefined): string | null {
  if (!file || (file.name === "" && file.size === 0)) return CV_REQUIRED;
  if (!isAllowedCvName(file.name)) return CV_WRONG_TYPE;
  if (file.size === 0) return CV_EMPTY;
  if (file.size > MAX_CV_BYTES) return CV_TOO_LARGE;
  return null;
}

/** The number of digits in a phone value. */
export function countDigits(value: string): number {
  return value.replace(/\D/g, "").length;
}

/**
 * What the phone box keeps as the visitor types or pastes: digits, spaces and hyphens,
 * and no more than MAX_PHONE_DIGITS digits (later digits are dropped).
 */
export function sanitizePhoneInput(value: string): string {
  let digits = 0;
  let out = "";
  for (const ch of value) {
    if (ch >= "0" && ch <= "9") {
      if (digits === MAX_PHONE_DIGITS) continue;
      digits++;
      out += ch;
    } else if (ch === " " || ch === "-") {
      out += ch;
    }
  }
  return out;
}
