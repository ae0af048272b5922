/**
 * The shared store for several replicas: PostgreSQL through a `pg` pool. Every method is
 * one statement or one transaction on one pooled client, so replicas need no other
 * coordination; mail leases use FOR UPDATE SKIP LOCKED.
 */

import type { PoolClient } from "pg";
import pg from "pg";
import { loadMigrations, pendingMigrations } from "./store-migrations.ts";
import {
  byAge,
  checkDate,
  checkLease,
  checkPage,
  checkSave,
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Plain lower-case identifiers only, so the name needs no quoting in `search_path`. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** Ids are UUID columns: anything else cannot match, and PostgreSQL would reject it. */
function isUuid(id: string): boolean {
  return UUID.test(id);
}

export function createPostgresStore(url: string, schema?: string): SubmissionStore {
  if (schema !== undefined && !SCHEMA.test(schema))
    throw new Error(`PostgreSQL schema "${schema}" must be a lower-case identifier (a-z, 0-9, _)`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that does not answer must fail the request, not hang it.
    connectionTimeoutMillis: 10_000,
    application_name: "blueberry-site",
    // Set at connection start-up, so no query can ever run on another schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client's error (a restart, a dropped link) is emitted on the pool; unhandled,
  // it would end the process. The pool discards that client and opens a new one.
  pool.on("error", (error) => console.error(`PostgreSQL idle connection error: ${error.message}`));
  let closed = false;

  async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      try {
        await client.query("ROLLBACK");
      } catch {
        broken = true; // the connection is unusable: drop it rather than pool it
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Serialises migrations between replicas starting at once (per schema). */
  async function lockMigrations(client: PoolClient): Promise<void> {
    await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`blueberry.migrate:${schema ?? ""}`]);
  }

  async function appliedMigrations(client: PoolClient): Promise<Map<number, string>> {
    const { rows } = await client.query<{ version: number; name: string }>(
      "SELECT version, name FROM schema_migrations",
    );
    return new Map(rows.map((r) => [r.version, r.name]));
  }

  return {
    dialect: "postgres",

    async migrate() {
      const all = loadMigrations("postgres");
      const pending = await transaction(async (client) => {
        await lockMigrations(client);
        if (schema) {
          // Checked first: CREATE SCHEMA IF NOT EXISTS still needs CREATE on the database.
          const found = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema]);
          if (found.rowCount === 0) await client.query(`CREATE SCHEMA "${schema}"`);
        }
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at TIMESTAMPTZ NOT NULL
        )`);
        return pendingMigrations(all, await appliedMigrations(client), "postgres");
      });
      for (const migration of pending) {
        await transaction(async (client) => {
          await lockMigrations(client);
          if ((await appliedMigrations(client)).has(migration.version)) return;
          await client.query(migration.sql);
          await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())", [
            migration.version,
            migration.name,
          ]);
        });
      }
    },

    async save(input, mails, now = new Date()) {
      const kinds = checkSave(input, mails, now);
      const id = crypto.randomUUID();
      const v = submissionValues(id, input, now);
      await transaction(async (client) => {
        await client.query(
          `INSERT INTO submissions (id, kind, created_at, name, email, phone, message, comment,
             job_slug, job_title, consent_at, privacy_version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            v.id,
            v.kind,
            v.created_at,
            v.name,
            v.email,
            v.phone,
            v.message,
            v.comment,
            v.job_slug,
            v.job_title,
            v.consent_at,
            v.privacy_version,
          ],
        );
        if (input.kind === "application") {
          const cv = input.cv;
          await client.query(
            `INSERT INTO cv_files (submission_id, file_name, content_type, detected_type, size, sha256, bytes)
             VALUES ($1, $2, $3, $4, $5, $6, $7)`,
            [id, cv.fileName, cv.contentType, cv.detectedType, cv.size, cv.sha256, cv.bytes],
          );
        }
        for (const kind of kinds) {
          await client.query(
            `INSERT INTO outbox (id, submission_id, kind, status, attempts, created_at, next_attempt_at)
             VALUES ($1, $2, $3, 'pending', 0, $4, $4)`,
            [crypto.randomUUID(), id, kind, now],
          );
        }
      });
      return { id };
    },

    async get(id) {
      if (!isUuid(id)) return null;
      const { rows } = await pool.query<SubmissionRow>(`SELECT ${SUBMISSION_SELECT} WHERE s.id = $1`, [id]);
      return rows[0] ? toSubmission(rows[0]) : null;
    },

    async list(options = {}) {
      const { limit, offset } = checkPage(options);
      const { rows } = await pool.query<SubmissionRow>(
        `SELECT ${SUBMISSION_SELECT} WHERE ($1::text IS NULL OR s.kind = $1)
         ORDER BY s.created_at DESC, s.id DESC LIMIT $2 OFFSET $3`,
        [options.kind ?? null, limit, offset],
      );
      return rows.map(toSubmission);
    },

    async getCv(submissionId) {
      if (!isUuid(submissionId)) return null;
      const { rows } = await pool.query<{
        file_name: string;
        content_type: string;
        detected_type: CvType;
        size: number;
        sha256: string;
        bytes: Buffer;
      }>("SELECT file_name, content_type, detected_type, size, sha256, bytes FROM cv_files WHERE submission_id = $1", [
        submissionId,
      ]);
      const row = rows[0];
      if (!row) return null;
      return {
        fileName: row.file_name,
        contentType: row.content_type,
        detectedType: row.detected_type,
        size: row.size,
        sha256: row.sha256,
        // A plain copy: the interface promises a Uint8Array, not a Buffer.
        bytes: new Uint8Array(row.bytes),
      } satisfies CvFile;
    },

    async purge(cutoffs) {
      return transaction(async (client) => {
        let deleted = 0;
        let keptPending = 0;
        const pending = "EXISTS (SELECT 1 FROM outbox o WHERE o.submission_id = s.id AND o.status = 'pending')";
        for (const kind of SUBMISSION_KINDS) {
          const cutoff = cutoffs[kind];
          if (!cutoff) continue;
          const params = [kind, checkDate(cutoff, `cutoff for ${kind}`)];
          const kept = await client.query<{ n: number }>(
            `SELECT CAST(count(*) AS INTEGER) AS n FROM submissions s
             WHERE s.kind = $1 AND s.created_at < $2 AND ${pending}`,
            params,
          );
          keptPending += kept.rows[0]?.n ?? 0;
          const result = await client.query(
            `DELETE FROM submissions AS s WHERE s.kind = $1 AND s.created_at < $2 AND NOT ${pending}`,
            params,
          );
          deleted += result.rowCount ?? 0;
        }
        return { deleted, keptPending };
      });
    },

    async deleteByEmail(email) {
      const result = await pool.query("DELETE FROM submissions WHERE lower(email) = lower($1)", [email]);
      return result.rowCount ?? 0;
    },

    async claimDueMail(now, limit, leaseMs) {
      checkLease(limit, leaseMs);
      checkDate(now, "now");
      if (limit === 0) return [];
      // SKIP LOCKED: a replica claiming at the same moment passes over the rows this one
      // is taking instead of waiting for them or taking them too.
      const { rows } = await pool.query<OutboxRow>(
        `WITH due AS (
           SELECT id FROM outbox
           WHERE status = 'pending' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1)
           ORDER BY created_at, id
           LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE outbox SET locked_until = $3 WHERE id IN (SELECT id FROM due)
         RETURNING ${OUTBOX_COLUMNS}`,
        [now, limit, checkDate(new Date(now.getTime() + leaseMs), "lease end")],
      );
      return rows.map(toOutboxMessage).sort(byAge);
    },

    async markMailSent(id, now) {
      checkDate(now, "now");
      if (!isUuid(id)) return;
      await pool.query(
        "UPDATE outbox SET status = 'sent', sent_at = $2, locked_until = NULL WHERE id = $1 AND status = 'pending'",
        [id, now],
      );
    },

    async markMailFailed(id, error, nextAttemptAt) {
      checkDate(nextAttemptAt, "nextAttemptAt");
      if (!isUuid(id)) return;
      await pool.query(
        `UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3, locked_until = NULL
         WHERE id = $1 AND status = 'pending'`,
        [id, truncateError(error), nextAttemptAt],
      );
    },

    async pendingMail(createdBefore) {
      const { rows } = await pool.query<OutboxRow>(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE status = 'pending' AND created_at < $1 ORDER BY created_at, id`,
        [checkDate(createdBefore, "createdBefore")],
      );
      return rows.map(toOutboxMessage);
    },

    async ping() {
      await pool.query("SELECT 1");
    },

    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
