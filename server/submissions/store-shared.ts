/**
 * What both store backends share: input checks done before any SQL runs, the columns
 * read for a submission, and the mapping from rows to domain objects.
 */
import { createHash } from "node:crypto";
import type {
  CvFile,
  CvMetadata,
  CvType,
  MailKind,
  OutboxMessage,
  StoredSubmission,
  SubmissionInput,
  SubmissionKind,
} from "./types.ts";

export const SUBMISSION_KINDS: readonly SubmissionKind[] = ["contact", "application"];
export const LAST_ERROR_MAX = 1000;

/**
 * A usable instant. Years outside 0000–9999 are refused: SQLite compares ISO-8601 text,
 * and `+275760-…` would sort before `2025-…`, so a "far future" cutoff would match nothing.
 */
export function checkDate(value: Date, what: string): Date {
  const time = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`${what} is not a valid Date`);
  const year = value.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`${what} must fall in the years 0000–9999`);
  return value;
}

export function iso(value: Date, what: string): string {
  return checkDate(value, what).toISOString();
}

/** The stored metadata must describe the stored bytes, or it is worse than none. */
export function checkCv(cv: CvFile): void {
  if (cv.size !== cv.bytes.byteLength)
    throw new RangeError(`CV size ${cv.size} does not match its ${cv.bytes.byteLength} bytes`);
  const actual = createHash("sha256").update(cv.bytes).digest("hex");
  if (cv.sha256 !== actual) throw new RangeError("CV sha256 does not match its bytes");
}

export function checkSave(input: SubmissionInput, mails: readonly MailKind[], now: Date): MailKind[] {
  checkDate(now, "now");
  if (input.kind === "application") {
    checkDate(input.consent.givenAt, "consent.givenAt");
    checkCv(input.cv);
  }
  // One row per kind: a repeated kind would mail the same person twice.
  return [...new Set(mails)];
}

export function checkPage(options: { limit?: number; offset?: number }): { limit: number | null; offset: number } {
  const { limit, offset = 0 } = options;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 0))
    throw new RangeError("limit must be a whole number ≥ 0");
  if (!(Number.isSafeInteger(offset) && offset >= 0)) throw new RangeError("offset must be a whole number ≥ 0");
  return { limit: limit ?? null, offset };
}

export function checkLease(limit: number, leaseMs: number): void {
  if (!(Number.isSafeInteger(limit) && limit >= 0)) throw new RangeError("limit must be a whole number ≥ 0");
  if (!(Number.isFinite(leaseMs) && leaseMs > 0)) throw new RangeError("leaseMs must be a positive number");
}

/** At most 1000 characters (whole code points), without NUL, which PostgreSQL text refuses. */
export function truncateError(error: string): string {
  const chars = Array.from(String(error).replaceAll("\0", ""));
  return chars.length > LAST_ERROR_MAX ? chars.slice(0, LAST_ERROR_MAX).join("") : chars.join("");
}

/** Column values of a submission row, as both dialects store them. */
export function submissionValues(id: string, input: SubmissionInput, now: Date) {
  const app = input.kind === "application" ? input : null;
  return {
    id,
    kind: input.kind,
    created_at: now,
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.kind === "contact" ? input.message : null,
    comment: app ? app.comment : null,
    job_slug: app ? app.jobSlug : null,
    job_title: app ? app.jobTitle : null,
    consent_at: app ? app.consent.givenAt : null,
    privacy_version: app ? app.consent.privacyVersion : null,
  };
}

/**
 * The select list for a submission with its CV metadata (never the bytes) and mail counts,
 * over `submissions s LEFT JOIN cv_files c`. Valid in both dialects.
 */
export const SUBMISSION_SELECT = `
  s.id, s.kind, s.created_at, s.name, s.email, s.phone, s.message, s.comment,
  s.job_slug, s.job_title, s.consent_at, s.privacy_version,
  c.file_name AS cv_file_name, c.content_type AS cv_content_type, c.detected_type AS cv_detected_type,
  c.size AS cv_size, c.sha256 AS cv_sha256,
  CAST((SELECT count(*) FROM outbox o WHERE o.submission_id = s.id AND o.status = 'pending') AS INTEGER) AS mail_pending,
  CAST((SELECT count(*) FROM outbox o WHERE o.submission_id = s.id AND o.status = 'sent') AS INTEGER) AS mail_sent
FROM submissions s LEFT JOIN cv_files c ON c.submission_id = s.id`;

type Time = Date | string;

export interface SubmissionRow {
  id: string;
  kind: SubmissionKind;
  created_at: Time;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  comment: string | null;
  job_slug: string | null;
  job_title: string | null;
  consent_at: Time | null;
  privacy_version: string | null;
  cv_file_name: string | null;
  cv_content_type: string | null;
  cv_detected_type: CvType | null;
  cv_size: number | null;
  cv_sha256: string | null;
  mail_pending: number;
  mail_sent: number;
}

export interface OutboxRow {
  id: string;
  submission_id: string;
  kind: MailKind;
  attempts: number;
  created_at: Time;
  next_attempt_at: Time;
  last_error: string | null;
}

/** SQLite hands back ISO text, PostgreSQL a Date. */
function toDate(value: Time): Date {
  return value instanceof Date ? value : new Date(value);
}

export function toSubmission(row: SubmissionRow): StoredSubmission {
  const cv: CvMetadata | null =
    row.cv_file_name === null
      ? null
      : {
          fileName: row.cv_file_name,
          contentType: row.cv_content_type as string,
          detectedType: row.cv_detected_type as CvType,
          size: Number(row.cv_size),
          sha256: row.cv_sha256 as string,
        };
  return {
    id: row.id,
    kind: row.kind,
    createdAt: toDate(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    comment: row.comment,
    jobSlug: row.job_slug,
    jobTitle: row.job_title,
    consentAt: row.consent_at === null ? null : toDate(row.consent_at),
    privacyVersion: row.privacy_version,
    cv,
    mail: { pending: Number(row.mail_pending), sent: Number(row.mail_sent) },
  };
}

export const OUTBOX_COLUMNS = "id, submission_id, kind, attempts, created_at, next_attempt_at, last_error";

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    submissionId: row.submission_id,
    kind: row.kind,
    attempts: Number(row.attempts),
    createdAt: toDate(row.created_at),
    nextAttemptAt: toDate(row.next_attempt_at),
    lastError: row.last_error,
  };
}

/** Oldest first, ties by id: the order claims and pendingMail promise. */
export function byAge(a: OutboxMessage, b: OutboxMessage): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
