/**
 * The limits both forms keep and the names of the fields that are not the visitor's
 * data (spam defence, which form). Dependency-free: pages import it eagerly.
 */

/** 500 KB in thousands: 512,000 bytes pass, 512,001 fail. */
export const MAX_CV_BYTES = 512_000;
/** A phone number has at most 15 digits (ITU-T E.164), country code included. */
export const MAX_PHONE_DIGITS = 15;
/** The phone picker's country until the visitor picks another (India, where the company is). */
export const DEFAULT_COUNTRY = "IN";
export const MAX_NAME_LENGTH = 100;
/** RFC 5321 path limit. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_MESSAGE_LENGTH = 5000;
export const MAX_COMMENT_LENGTH = 2000;

/**
 * The one list of CV types: the name extension of each (also the store's and the mail's
 * name for the type), the MIME type we store, upload and attach it with, the other MIME
 * types browsers report for it (the file picker's filter), and, for `doc`, the other type
 * such a name may hold (Word often saves RTF as .doc). The server checks the content
 * too (cv-file.server.ts); firebase/storage.rules lists the same MIME types (a unit test
 * holds the two together).
 */
const CV_TYPE_LIST = {
  pdf: { mime: "application/pdf" },
  doc: { mime: "application/msword", nameMayHold: ["rtf"] },
  docx: { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  odt: { mime: "application/vnd.oasis.opendocument.text" },
  rtf: { mime: "application/rtf", alsoReportedAs: ["text/rtf"] },
  txt: { mime: "text/plain" },
} as const satisfies Record<string, CvTypeFacts>;

interface CvTypeFacts {
  mime: string;
  alsoReportedAs?: readonly string[];
  nameMayHold?: readonly string[];
}

/** A CV type, detected from the content; it doubles as the file name extension. */
export type CvType = keyof typeof CV_TYPE_LIST;

export const CV_TYPES: Readonly<Record<CvType, CvTypeFacts>> = CV_TYPE_LIST;

/** The file input's `accept` attribute: extensions first, then every MIME type browsers report. */
export const CV_ACCEPT = [
  ...Object.keys(CV_TYPES).map((ext) => `.${ext}`),
  ...Object.values(CV_TYPES).flatMap((type) => [type.mime, ...(type.alsoReportedAs ?? [])]),
].join(",");

/** The extension of a file name, lower-cased, or "" when it has none ("cv", ".pdf", "cv."). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The CV type a file name claims by its extension, or null when it is not one we take. */
export function cvTypeOfName(name: string): CvType | null {
  const ext = fileExtension(name);
  return Object.hasOwn(CV_TYPES, ext) ? (ext as CvType) : null;
}

export function isAllowedCvName(name: string): boolean {
  return cvTypeOfName(name) !== null;
}

// ── Fields that are not the visitor's data ─────────────────────────────────────────

/** Honeypot: a visually hidden text field that people leave empty and bots fill in. */
export const HONEYPOT_FIELD = "website";
/**
 * Set by script as the form is sent: the milliseconds since the visitor first used it,
 * measured in the browser with a monotonic clock (`performance.now()`), so the visitor's
 * clock, right or wrong, never matters. Empty without JavaScript.
 */
export const FILL_MS_FIELD = "fillMs";
/** Says which form was sent; lets the page tell its own submission apart. */
export const INTENT_FIELD = "intent";
/**
 * Added by the form once its page is hydrated, so a post made by the page's script (which
 * wants the answer as data) is told apart from a plain HTML post (answered with a
 * redirect) without reading React Router's URLs.
 */
export const SENT_BY_SCRIPT_FIELD = "sentByScript";
export const CONTACT_INTENT = "contact";
export const APPLY_INTENT = "apply";
/** The opening's title beside its slug (the static build mails it; the server looks it up). */
export const JOB_TITLE_FIELD = "jobTitle";
/** The version of the privacy notice the applicant agreed to, as the page showed it. */
export const PRIVACY_VERSION_FIELD = "privacyVersion";
