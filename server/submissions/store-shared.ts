/**
 * The store's rules that hold whatever the dialect: input checks done before any SQL runs,
 * and the mapping from rows to domain objects.
 */
import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import type { Tables } from "./tables.ts";
import type { CvFile, CvMetadata, CvType, SubmissionInput, SubmissionKind } from "../../common/submissions.ts";
import type { MailKind, OutboxMessage, StoredSubmission } from "./store-types.ts";

export const SUBMISSION_KINDS: readonly SubmissionKind[] = ["contact", "application"];
const LAST_ERROR_MAX = 1000;

/**
 * A usable instant. Years outside 0000–9999 are refused: SQLite compares ISO-8601 text,
 * and `+275760-…` would sort before `2025-…`, so a "far future" cutoff would match nothing.
 */
function checkDate(value: Date, what: string): Date {
  const time = value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`${what} is not a valid Date`);
  const year = value.getUTCFullYear();
  if (year < 0 || year > 9999) throw new RangeError(`${what} must fall in the years 0000–9999`);
  return value;
}

/** How both dialects are given a time (see tables.ts). */
export function iso(value: Date, what: string): string {
  return checkDate(value, what).toISOString();
}

/** The stored metadata must describe the stored bytes, or it is worse than none. */
function checkCv(cv: CvFile): void {
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

/** A settings key is a short identifier; its value is text without NUL (PostgreSQL refuses it). */
export function checkSetting(key: string, value: string): void {
  if (!/^[a-z][a-z0-9_.-]{0,63}$/.test(key))
    throw new RangeError(`setting key "${key}" must be a short lower-case name`);
  if (typeof value !== "string" || value.includes("\0"))
    throw new RangeError("a setting's value must be text without NUL");
}

/** At most 1000 characters (whole code points), without NUL, which PostgreSQL text refuses. */
export function truncateError(error: string): string {
  const chars = Array.from(String(error).replaceAll("\0", ""));
  return chars.length > LAST_ERROR_MAX ? chars.slice(0, LAST_ERROR_MAX).join("") : chars.join("");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else cannot match, and PostgreSQL's UUID columns would reject it. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** Column values of a submission row. */
export function submissionValues(id: string, input: SubmissionInput, now: Date) {
  const app = input.kind === "application" ? input : null;
  return {
    id,
    kind: input.kind,
    created_at: iso(now, "now"),
    name: input.name,
    email: input.email,
    phone: input.phone,
    message: input.kind === "contact" ? input.message : null,
    comment: app ? app.comment : null,
    job_slug: app ? app.jobSlug : null,
    job_title: app ? app.jobTitle : null,
    consent_at: app ? iso(app.consent.givenAt, "consent.givenAt") : null,
    privacy_version: app ? app.consent.privacyVersion : null,
  };
}

type Time = Date | string;

/** A submission as `kysely-store.ts` selects it: its columns, its CV's metadata, its mail counts. */
type SubmissionRow = Selectable<Tables["submissions"]> & {
  cv_file_name: string | null;
  cv_content_type: string | null;
  cv_detected_type: CvType | null;
  cv_size: number | null;
  cv_sha256: string | null;
  mail_pending: number;
  mail_sent: number;
};

type OutboxRow = Pick<
  Selectable<Tables["outbox"]>,
  "id" | "submission_id" | "withdrawal_id" | "kind" | "attempts" | "created_at" | "next_attempt_at" | "last_error"
>;

/** SQLite hands back ISO text, PostgreSQL a Date. */
export function toDate(value: Time): Date {
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

export function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    // A withdrawal notice belongs to the withdrawal, whose id is the erased submission's.
    submissionId: row.submission_id ?? row.withdrawal_id ?? "",
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
