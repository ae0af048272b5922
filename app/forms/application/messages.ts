/** The job application's own messages; what both forms say is in `../messages.ts`. */
import { MAX_COMMENT_LENGTH } from "../../../common/limits.ts";
import { tooLong } from "../messages.ts";

// The old site's exact words, kept as visitors and the company know them.
export const CV_TOO_LARGE = "FileSize must be less than 500KB";
export const APPLY_SUCCESS = "Form has been submitted successfully!";
export const APPLY_UPLOAD_FAILURE = "Something went wrong!";
export const APPLY_NO_DOWNLOAD_LINK = "Error happened while uploading Image!";
export const APPLY_FAILURE = "Encountered an error while submitting!";
/** An application to an opening that has left the site since the page was opened. */
export const OPENING_CLOSED = "The opening you applied for no longer takes applications, so nothing you sent was kept.";
/** Prefixes of the application's result line. */
export const APPLY_SUCCESS_PREFIX = "Hurray! ";
export const APPLY_FAILURE_PREFIX = "Oops! ";

// Ours.
export const CV_REQUIRED = "Please attach your CV.";
export const CV_EMPTY = "This file is empty. Please choose another.";
export const CV_WRONG_TYPE = "Please upload a PDF, DOC, DOCX, ODT, RTF or TXT file.";
export const CV_HINT = "PDF, DOC, DOCX, ODT, RTF or TXT, at most 500 KB";
export const CONSENT_REQUIRED = "Please agree to the privacy notice to send your application.";
export const JOB_REQUIRED = "Please choose a job to apply for.";
export const COMMENT_TOO_LONG = tooLong("Comment", MAX_COMMENT_LENGTH);
