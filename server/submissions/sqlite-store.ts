/**
 * The default store: one SQLite file through node:sqlite. One connection per process;
 * node:sqlite is synchronous, so each method runs to completion without interleaving.
 */
import { chmodSync, existsSync } from "node:fs";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { loadMigrations, pendingMigrations } from "./store-migrations.ts";
import {
  byAge,
  checkLease,
  checkPage,
  checkSave,
  iso,
  OUTBOX_COLUMNS,
  type OutboxRow,
  SUBMISSION_KINDS,
  SUBMISSION_SELECT,
  type SubmissionRow,
  submissionValues,
  toOutboxMessage,
  toSubmission,
  truncateError,
} from "./store-shared.ts";
import type { CvFile, CvType, SubmissionStore } from "./types.ts";

type Params = Record<string, SQLInputValue>;

/** Opens (creating if needed) the file. Its folder must exist; `openStore` makes it. */
export function createSqliteStore(path: string): SubmissionStore {
  const created = !existsSync(path);
  const db = new DatabaseSync(path);
  try {
    // Applicants' CVs: owner-only. Set before the first write so the -wal and -shm files,
    // which SQLite creates with the database file's mode, inherit it.
    if (created) chmodSync(path, 0o600);
    db.exec("PRAGMA busy_timeout = 5000");
    db.exec("PRAGMA journal_mode = WAL");
    // FULL, not NORMAL: in WAL mode NORMAL may lose the last commits on power loss or an
    // OS crash, and the visitor is told "sent" as soon as COMMIT returns. One fsync per
    // submission costs nothing at a contact form's rate.
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
  } catch (error) {
    db.close();
    throw error;
  }

  const statements = new Map<string, StatementSync>();
  function sql(text: string): StatementSync {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  }

  function transaction<T>(work: () => T): T {
    // IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout)
    // at BEGIN instead of failing half-way with SQLITE_BUSY.
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }

  return {
    dialect: "sqlite",

    async migrate() {
      db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TEXT NOT NULL
      )`);
      const applied = () =>
        new Map(
          (sql("SELECT version, name FROM schema_migrations").all() as { version: number; name: string }[]).map((r) => [
            r.version,
            r.name,
          ]),
        );
      for (const migration of pendingMigrations(loadMigrations("sqlite"), applied(), "sqlite")) {
        transaction(() => {
          // Checked again under the write lock: another process may have just applied it.
          if (applied().has(migration.version)) return;
          db.exec(migration.sql);
          sql("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
            migration.version,
            migration.name,
            new Date().toISOString(),
          );
        });
      }
    },

    async save(input, mails, now = new Date()) {
      const kinds = checkSave(input, mails, now);
      const id = crypto.randomUUID();
      const values = submissionValues(id, input, now);
      transaction(() => {
        sql(`INSERT INTO submissions (id, kind, created_at, name, email, phone, message, comment,
               job_slug, job_title, consent_at, privacy_version)
             VALUES (:id, :kind, :created_at, :name, :email, :phone, :message, :comment,
               :job_slug, :job_title, :consent_at, :privacy_version)`).run({
          ...values,
          created_at: iso(now, "now"),
          consent_at: values.consent_at && iso(values.consent_at, "consent.givenAt"),
        } satisfies Params);
        if (input.kind === "application") {
          const cv = input.cv;
          sql(`INSERT INTO cv_files (submission_id, file_name, content_type, detected_type, size, sha256, bytes)
               VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
            id,
            cv.fileName,
            cv.contentType,
            cv.detectedType,
            cv.size,
            cv.sha256,
            cv.bytes,
          );
        }
        for (const kind of kinds) {
          sql(`INSERT INTO outbox (id, submission_id, kind, status, attempts, created_at, next_attempt_at)
               VALUES (?, ?, ?, 'pending', 0, ?, ?)`).run(
            crypto.randomUUID(),
            id,
            kind,
            iso(now, "now"),
            iso(now, "now"),
          );
        }
      });
      return { id };
    },

    async get(id) {
      const row = sql(`SELECT ${SUBMISSION_SELECT} WHERE s.id = ?`).get(id) as SubmissionRow | undefined;
      return row ? toSubmission(row) : null;
    },

    async list(options = {}) {
      const { limit, offset } = checkPage(options);
      const rows = sql(
        `SELECT ${SUBMISSION_SELECT} WHERE (:kind IS NULL OR s.kind = :kind)
         ORDER BY s.created_at DESC, s.id DESC LIMIT :limit OFFSET :offset`,
      ).all({ kind: options.kind ?? null, limit: limit ?? -1, offset }) as unknown as SubmissionRow[];
      return rows.map(toSubmission);
    },

    async getCv(submissionId) {
      const row = sql(
        `SELECT file_name, content_type, detected_type, size, sha256, bytes FROM cv_files WHERE submission_id = ?`,
      ).get(submissionId);
      if (!row) return null;
      return {
        fileName: row.file_name as string,
        contentType: row.content_type as string,
        detectedType: row.detected_type as CvType,
        size: row.size as number,
        sha256: row.sha256 as string,
        bytes: row.bytes as Uint8Array,
      } satisfies CvFile;
    },

    async purge(cutoffs) {
      return transaction(() => {
        let deleted = 0;
        let keptPending = 0;
        const pending = "EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'pending')";
        for (const kind of SUBMISSION_KINDS) {
          const cutoff = cutoffs[kind];
          if (!cutoff) continue;
          const params = { kind, cutoff: iso(cutoff, `cutoff for ${kind}`) };
          const kept = sql(
            `SELECT count(*) AS n FROM submissions s WHERE s.kind = :kind AND s.created_at < :cutoff AND ${pending}`,
          ).get(params);
          keptPending += Number(kept?.n ?? 0);
          deleted += Number(
            sql(`DELETE FROM submissions AS s WHERE s.kind = :kind AND s.created_at < :cutoff AND NOT ${pending}`).run(
              params,
            ).changes,
          );
        }
        return { deleted, keptPending };
      });
    },

    async deleteByEmail(email) {
      // SQLite's lower() folds ASCII only; validated addresses are ASCII.
      return Number(sql("DELETE FROM submissions WHERE lower(email) = lower(?)").run(email).changes);
    },

    async claimDueMail(now, limit, leaseMs) {
      checkLease(limit, leaseMs);
      if (limit === 0) return [];
      const at = iso(now, "now");
      const until = iso(new Date(now.getTime() + leaseMs), "lease end");
      // One statement, so atomic; the write lock keeps other processes out meanwhile.
      const rows = sql(
        `UPDATE outbox SET locked_until = :until
         WHERE id IN (
           SELECT id FROM outbox
           WHERE status = 'pending' AND next_attempt_at <= :at AND (locked_until IS NULL OR locked_until <= :at)
           ORDER BY created_at, id LIMIT :limit)
         RETURNING ${OUTBOX_COLUMNS}`,
      ).all({ at, until, limit }) as unknown as OutboxRow[];
      return rows.map(toOutboxMessage).sort(byAge);
    },

    async markMailSent(id, now) {
      sql(
        `UPDATE outbox SET status = 'sent', sent_at = ?, locked_until = NULL WHERE id = ? AND status = 'pending'`,
      ).run(iso(now, "now"), id);
    },

    async markMailFailed(id, error, nextAttemptAt) {
      sql(
        `UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?, locked_until = NULL
         WHERE id = ? AND status = 'pending'`,
      ).run(truncateError(error), iso(nextAttemptAt, "nextAttemptAt"), id);
    },

    async pendingMail(createdBefore) {
      const rows = sql(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE status = 'pending' AND created_at < ? ORDER BY created_at, id`,
      ).all(iso(createdBefore, "createdBefore")) as unknown as OutboxRow[];
      return rows.map(toOutboxMessage);
    },

    async ping() {
      sql("SELECT 1").get();
    },

    async close() {
      if (db.isOpen) db.close();
    },
  };
}
