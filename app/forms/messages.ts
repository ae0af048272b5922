/**
 * Every message the forms show. Some keep the old site's exact words (marked below); the
 * rest are ours. The schemas, the server and the browser-only submit path all take
 * their words from here, so a change shows everywhere at once.
 */
import { MAX_COMMENT_LENGTH, MAX_EMAIL_LENGTH, MAX_MESSAGE_LENGTH, MAX_NAME_LENGTH } from "../../common/limits.ts";
import { formatCount } from "../lib/format.ts";

// The old site's exact words, kept as visitors and the company know them.
export const PHONE_INVALID = "Invalid Phone";
export const CV_TOO_LARGE = "FileSize must be less than 500KB";
export const CONTACT_FAILURE = "Something went wrong please try again!";
export const CONTACT_SUCCESS = "Email has been sent successfully!";
export const APPLY_SUCCESS = "Form has been submitted successfully!";
export const APPLY_UPLOAD_FAILURE = "Something went wrong!";
export const APPLY_NO_DOWNLOAD_LINK = "Error happened while uploading Image!";
export const APPLY_FAILURE = "Encountered an error while submitting!";
/** Prefixes of the application's result line. */
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
export const JOB_REQUIRED = "Please choose a job to apply for.";
export const NAME_TOO_LONG = tooLong("Name", MAX_NAME_LENGTH);
export const EMAIL_TOO_LONG = tooLong("E-mail address", MAX_EMAIL_LENGTH);
export const MESSAGE_TOO_LONG = tooLong("Message", MAX_MESSAGE_LENGTH);
export const COMMENT_TOO_LONG = tooLong("Comment", MAX_COMMENT_LENGTH);
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
