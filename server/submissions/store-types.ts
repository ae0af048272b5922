/**
 * The submissions store, split by role: the records (submissions, their CVs, withdrawals),
 * the outbox queue (leases, sent marks, retries) and the settings the server keeps for
 * itself, beside what opening, checking and closing the database takes. One database
 * holds them all (SQLite through node:sqlite by default, PostgreSQL when DATABASE_URL is
 * set); `kysely-store.ts` builds each role on the same handle, and `Store` is the three
 * together, for the server's wiring. Each user takes the role it needs.
 *
 * Server-only: route actions hand a submission to `FormServices.submissions`
 * (common/form-services.ts, composed in server/submission-intake.ts) and see no store.
 */
import type {
  CvFile,
  CvMetadata,
  Sender,
  SubmissionInput,
  SubmissionKind,
  SubmissionMailKind,
} from "../../common/submissions.ts";

/**
 * A submission as the store keeps it, for the outbox's mail, the company's tool and the
 * tests that read what was kept.
 */
export interface StoredSubmission extends Sender {
  id: string;
  kind: SubmissionKind;
  createdAt: Date;
  /** Contact only. */
  message: string | null;
  /** Application only. */
  comment: string | null;
  jobSlug: string | null;
  jobTitle: string | null;
  consentAt: Date | null;
  privacyVersion: string | null;
  cv: CvMetadata | null;
  /** Outbox state of this submission's mail. */
  mail: { pending: number; sent: number };
}

/**
 * Every mail the outbox delivers: a submission's, and the company's notice that an
 * applicant erased their application (its row belongs to the `Withdrawal`, since the
 * submission is gone).
 */
export type MailKind = SubmissionMailKind | "withdrawal_notice";

export interface OutboxMessage {
  id: string;
  submissionId: string;
  kind: MailKind;
  attempts: number;
  createdAt: Date;
  nextAttemptAt: Date;
  lastError: string | null;
}

/**
 * What is left of an application its applicant erased (docs/decisions/0017): nothing
 * personal, only the random id, the job and the dates, for the company's notice and for
 * the erase link to say it is done. Purged when the application would have been.
 */
export interface Withdrawal {
  /** The erased submission's id. */
  submissionId: string;
  jobSlug: string;
  jobTitle: string;
  /** When the application was made (its retention runs from here). */
  applicationCreatedAt: Date;
  withdrawnAt: Date;
}

export type EraseResult =
  /** Deleted now, its pending mail with it. */
  | { status: "erased"; withdrawal: Withdrawal }
  /** No such application (any more): erased before, purged, or deleted by the company. */
  | { status: "gone"; withdrawal: Withdrawal | null };

export interface PurgeResult {
  deleted: number;
  /** Old enough to go, but kept because their mail is not delivered yet. */
  keptPending: number;
}

/** The submissions, their CVs and what is left of erased applications. */
export interface SubmissionRecords {
  /**
   * In one transaction: the submission, its CV (if any) and one pending outbox row per
   * mail kind. Either all of it is committed or none of it.
   */
  save(input: SubmissionInput, mails: readonly MailKind[], now?: Date): Promise<{ id: string }>;
  get(id: string): Promise<StoredSubmission | null>;
  /** Newest first. */
  list(options?: { kind?: SubmissionKind; limit?: number; offset?: number }): Promise<StoredSubmission[]>;
  getCv(submissionId: string): Promise<CvFile | null>;
  /**
   * Deletes submissions created before the cutoff for their kind (a kind without a
   * cutoff is kept), except those with mail still pending; withdrawals go by the
   * application cutoff (their application's date) once their notice is sent.
   */
  purge(cutoffs: Partial<Record<SubmissionKind, Date>>): Promise<PurgeResult>;
  /** Deletes every submission from this address (case-insensitive); returns how many. */
  deleteByEmail(email: string): Promise<number>;
  /**
   * The applicant's own erasure, in one transaction: the application, its CV and all its
   * mail rows (a pending notification carrying the CV never goes out) are deleted, and a
   * `Withdrawal` with one pending `withdrawal_notice` to the company is written.
   * Applications only; a second call finds it gone.
   */
  eraseApplication(submissionId: string, now?: Date): Promise<EraseResult>;
  /** The withdrawal of an erased application, while it is kept. */
  getWithdrawal(submissionId: string): Promise<Withdrawal | null>;
}

/** The outbox's rows as a queue: leased by mail workers, marked sent, retried. */
export interface OutboxQueue {
  /**
   * Leases up to `limit` pending messages whose next attempt is due, so that another
   * worker (another replica) does not take them until `leaseMs` has passed.
   */
  claimDueMail(now: Date, limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /**
   * Extends the lease of claimed messages that are still under the lease ending at
   * `heldUntil` (claimed by this worker, not yet sent or failed) to `until`; returns the
   * ids it extended. A lease that ran out and was taken by another worker is not.
   */
  renewMailLease(ids: readonly string[], heldUntil: Date, until: Date): Promise<string[]>;
  markMailSent(id: string, now: Date): Promise<void>;
  /** `markMailSent` for several messages in one statement (one commit). */
  markMailsSent(ids: readonly string[], now: Date): Promise<void>;
  /** Records a failed attempt (attempts + 1) and when to try again; releases the lease. */
  markMailFailed(id: string, error: string, nextAttemptAt: Date): Promise<void>;
  /**
   * Gives back a message claimed under the lease ending at `heldUntil`, without counting
   * an attempt (the store, not delivery, failed); a lease since taken by another worker stays.
   */
  releaseMail(id: string, heldUntil: Date): Promise<void>;
  /**
   * Makes pending messages that are waiting out a backoff due at `now` (the oldest
   * `limit` of them, or all), once mail can be delivered again; returns how many.
   */
  retryPendingNow(now: Date, limit?: number): Promise<number>;
  /**
   * When the first lease on pending mail that runs past `now` ends (mail another worker,
   * perhaps one that died, holds), or null: the time to look for that mail again.
   */
  nextLeaseEnd(now: Date): Promise<Date | null>;
  /** Pending messages created before `createdBefore`, oldest first. */
  pendingMail(createdBefore: Date): Promise<OutboxMessage[]>;
}

/** What the outbox worker takes: the queue, and the records its mail is composed from. */
export interface OutboxStore extends OutboxQueue, Pick<SubmissionRecords, "get" | "getCv" | "getWithdrawal"> {}

/** Small values the server keeps for itself (`settings`, migration 002), today the generated link secret. */
export interface SettingsStore {
  /**
   * The value stored under `key` in `settings`, storing `value` first when the key has
   * none. Insert-if-absent: processes racing at start all get the one value that won.
   */
  getOrCreateSetting(key: string, value: string): Promise<string>;
}

/** The database behind the roles: its dialect, its schema, whether it can take a submission, closing it. */
export interface StoreConnection {
  readonly dialect: "sqlite" | "postgres";
  /** Applies the numbered migrations not yet applied (idempotent). */
  migrate(): Promise<void>;
  /**
   * Whether the store can take a submission, for the readiness check: the migrations
   * applied, whether it can write (it writes a probe row to know), and the outbox's
   * backlog. Rejects when the database does not answer.
   */
  readiness(): Promise<StoreReadiness>;
  close(): Promise<void>;
}

/** The three roles on one database, as `openStore` returns them for the server's wiring. */
export interface Store extends StoreConnection, SubmissionRecords, OutboxQueue, SettingsStore {}

export interface StoreReadiness {
  /** The newest migration this code has, and the newest the database records (null: none, the schema is gone). */
  schema: { expected: number; applied: number | null };
  outbox: { pending: number; oldestPendingAt: Date | null };
  /**
   * Null when the probe write just committed and no visitor's write was refused for want of
   * storage in the last 30 s; otherwise why the store cannot write (a full disk, a
   * read-only database). Null, unchecked, while the schema is not the expected one.
   */
  cannotWrite: string | null;
}

/**
 * How long the store waits for the database before it gives up and the caller fails
 * (a visitor sees the form's failure message with their input kept, a pass retries later).
 */
export interface DatabaseLimits {
  /** The longest one statement may run, waiting for a lock included. */
  statementMs: number;
  /** The longest a caller waits for a connection (PostgreSQL's pool, SQLite's write turn). */
  acquireMs: number;
}

export interface StoreOptions {
  /** postgres://… to use PostgreSQL; otherwise SQLite at `sqlitePath`. */
  databaseUrl?: string;
  /** The SQLite file; its folder is created if missing. */
  sqlitePath: string;
  /** PostgreSQL schema to use (created if missing); tests use a throwaway one. */
  pgSchema?: string;
  /** Default 2 s each (server/submissions/dialects.ts); the command-line tool allows longer statements. */
  limits?: DatabaseLimits;
  /** PostgreSQL connections this store may open (default 10); its name in pg_stat_activity. */
  pool?: { size: number; name: string };
}
