/**
 * The store's tables as the query builder sees them (the schema itself is the SQL in
 * `migrations/`). Times are written as ISO-8601 text in both dialects: SQLite keeps that
 * text, PostgreSQL parses it into TIMESTAMPTZ and reads back a Date.
 */
import type { ColumnType } from "kysely";
import type { CvType, SubmissionKind } from "../../common/submissions.ts";
import type { MailKind } from "./store-types.ts";

type Time = ColumnType<Date | string, string, string>;

export interface Tables {
  submissions: {
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
  };
  cv_files: {
    submission_id: string;
    file_name: string;
    content_type: string;
    detected_type: CvType;
    size: number;
    sha256: string;
    /** A Buffer from PostgreSQL, a plain Uint8Array from SQLite. */
    bytes: Uint8Array;
  };
  outbox: {
    id: string;
    /** Null for a withdrawal notice, whose row belongs to `withdrawal_id` instead. */
    submission_id: string | null;
    withdrawal_id: ColumnType<string | null, string | null | undefined, string | null>;
    kind: MailKind;
    status: "pending" | "sent";
    attempts: number;
    created_at: Time;
    next_attempt_at: Time;
    locked_until: Time | null;
    last_error: string | null;
    sent_at: Time | null;
  };
  withdrawals: {
    id: string;
    job_slug: string;
    job_title: string;
    created_at: Time;
    withdrawn_at: Time;
  };
  settings: {
    key: string;
    value: string;
    created_at: Time;
  };
  /** One row (id 1), overwritten by each readiness check. */
  readiness_probe: {
    id: number;
    written_at: Time;
  };
}
