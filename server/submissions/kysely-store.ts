/**
 * The submissions store: one set of queries, built with Kysely, for SQLite and PostgreSQL
 * alike. Where the dialects differ it says so (the mail lease, the erasure's lock); the
 * connections, their settings and the migrations are in `dialects.ts` and
 * `store-migrations.ts` (docs/decisions/0013-one-query-layer-for-the-store-with-kysely.md).
 *
 * One factory per role of `store-types.ts`, each on the same database handle:
 * `createSubmissionRecords`, `createOutboxQueue` and `createSettingsStore`; `createStore`
 * puts them together with the database's migrate, readiness and close
 * (docs/decisions/0038).
 */
import { type ExpressionBuilder, type QueryCreator, sql, type Transaction } from "kysely";
import { isAboutOneRow, isMissingTable } from "./db-errors.ts";
import type { StoreDatabase } from "./dialects.ts";
import { groupCommits } from "./group-commit.ts";
import { timeOrderedId } from "./ids.ts";
import { loadMigrations } from "./store-migrations.ts";
import {
  byAge,
  checkLease,
  checkPage,
  checkSave,
  checkSetting,
  iso,
  isUuid,
  SUBMISSION_KINDS,
  submissionValues,
  toDate,
  toOutboxMessage,
  toSubmission,
  truncateError,
} from "./store-shared.ts";
import type {
  EraseResult,
  MailKind,
  OutboxQueue,
  SettingsStore,
  Store,
  StoreReadiness,
  SubmissionRecords,
  Withdrawal,
} from "./store-types.ts";
import type { Tables } from "./tables.ts";
import { type WriteHealth, writeHealth } from "./write-health.ts";
import type { CvFile, SubmissionInput, SubmissionKind } from "../../common/submissions.ts";

const OUTBOX_COLUMNS = [
  "id",
  "submission_id",
  "withdrawal_id",
  "kind",
  "attempts",
  "created_at",
  "next_attempt_at",
  "last_error",
] as const;

/**
 * SQLite takes OFFSET only after a LIMIT and PostgreSQL refuses a negative one, so the
 * largest safe integer stands for "no limit" in both.
 */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

type Submissions = ExpressionBuilder<Tables & { s: Tables["submissions"] }, "s">;

/** The submission's mail in one state, counted (an integer in both dialects). */
function mailCount(eb: Submissions, status: "pending" | "sent") {
  return eb.cast<number>(
    eb
      .selectFrom("outbox as o")
      .select((o) => o.fn.countAll().as("n"))
      .whereRef("o.submission_id", "=", "s.id")
      .where("o.status", "=", status),
    "integer",
  );
}

function hasPendingMail(eb: Submissions) {
  return eb.exists(
    eb
      .selectFrom("outbox as o")
      .select(sql.lit(1).as("one"))
      .whereRef("o.submission_id", "=", "s.id")
      .where("o.status", "=", "pending"),
  );
}

/** The newest migration of this code, per dialect (read once: the files do not change while running). */
const latest = new Map<string, number>();
function latestMigration(dialect: "sqlite" | "postgres"): number {
  let version = latest.get(dialect);
  if (version === undefined) {
    version = Math.max(0, ...loadMigrations(dialect).map((m) => m.version));
    latest.set(dialect, version);
  }
  return version;
}

async function withdrawalOf(db: Pick<StoreDatabase["db"], "selectFrom">, id: string): Promise<Withdrawal | null> {
  const row = await db
    .selectFrom("withdrawals")
    .select(["id", "job_slug", "job_title", "created_at", "withdrawn_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row
    ? {
        submissionId: row.id,
        jobSlug: row.job_slug,
        jobTitle: row.job_title,
        applicationCreatedAt: toDate(row.created_at),
        withdrawnAt: toDate(row.withdrawn_at),
      }
    : null;
}

/** One checked submission on its way into the store, with the kinds of mail it is owed. */
interface PendingSave {
  id: string;
  input: SubmissionInput;
  kinds: MailKind[];
  now: Date;
}

/** Writes the submissions, their CVs and their pending mail: one INSERT per table. */
async function insertSaves(trx: Transaction<Tables>, saves: PendingSave[]): Promise<void> {
  await trx
    .insertInto("submissions")
    .values(saves.map(({ id, input, now }) => submissionValues(id, input, now)))
    .execute();
  const cvs = saves.flatMap(({ id, input }) => {
    if (input.kind !== "application") return [];
    const { fileName, contentType, detectedType, size, sha256, bytes } = input.cv;
    return [
      {
        submission_id: id,
        file_name: fileName,
        content_type: contentType,
        detected_type: detectedType,
        size,
        sha256,
        bytes,
      },
    ];
  });
  if (cvs.length > 0) await trx.insertInto("cv_files").values(cvs).execute();
  const outbox = saves.flatMap(({ id, kinds, now }) => {
    const at = iso(now, "now");
    return kinds.map((kind) => ({
      id: timeOrderedId(now.getTime()),
      submission_id: id,
      kind,
      status: "pending" as const,
      attempts: 0,
      created_at: at,
      next_attempt_at: at,
    }));
  });
  if (outbox.length > 0) await trx.insertInto("outbox").values(outbox).execute();
}

/**
 * The rows a claim takes: due, not leased, at most `limit`. The mail due longest goes
 * first, and of mail due at once (new mail; an outage's, made due together) the oldest:
 * the order of outbox_claim_idx, so a claim reads a batch's rows, not the whole backlog
 * (migration 004). On PostgreSQL, SKIP LOCKED makes a replica claiming at the same moment
 * pass over the rows this one is taking instead of waiting for them or taking them too.
 */
export function dueMail(query: QueryCreator<Tables>, dialect: StoreDatabase["dialect"], at: string, limit: number) {
  return query
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .orderBy("next_attempt_at")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .$if(dialect === "postgres", (due) => due.forUpdate().skipLocked());
}

// ─── Submission records ──────────────────────────────────────────────────────────────

/** A submission with its CV metadata (never the bytes) and its mail counts. */
function submissionRows(db: StoreDatabase["db"]) {
  return db
    .selectFrom("submissions as s")
    .leftJoin("cv_files as c", "c.submission_id", "s.id")
    .selectAll("s")
    .select((eb) => [
      "c.file_name as cv_file_name",
      "c.content_type as cv_content_type",
      "c.detected_type as cv_detected_type",
      "c.size as cv_size",
      "c.sha256 as cv_sha256",
      mailCount(eb, "pending").as("mail_pending"),
      mailCount(eb, "sent").as("mail_sent"),
    ]);
}

/** Runs a write for a visitor, whose outcome readiness weighs (write-health.ts). */
function watching(writes: WriteHealth) {
  return async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      const result = await write();
      writes.wrote();
      return result;
    } catch (error) {
      writes.failed(error, Date.now());
      throw error;
    }
  };
}

/** `purge`'s deletions, in its one transaction. */
async function purgeIn(trx: Transaction<Tables>, cutoffs: Partial<Record<SubmissionKind, Date>>) {
  let deleted = 0;
  let keptPending = 0;
  for (const kind of SUBMISSION_KINDS) {
    const cutoff = cutoffs[kind];
    if (!cutoff) continue;
    const before = iso(cutoff, `cutoff for ${kind}`);
    const kept = await trx
      .selectFrom("submissions as s")
      .select((eb) => eb.cast<number>(eb.fn.countAll(), "integer").as("n"))
      .where("s.kind", "=", kind)
      .where("s.created_at", "<", before)
      .where(hasPendingMail)
      .executeTakeFirst();
    keptPending += Number(kept?.n ?? 0);
    const result = await trx
      .deleteFrom("submissions as s")
      .where("s.kind", "=", kind)
      .where("s.created_at", "<", before)
      .where((eb) => eb.not(hasPendingMail(eb)))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  // What is left of erased applications goes when the application would have gone,
  // once the company's notice is out (the cascade takes its outbox row).
  if (cutoffs.application) {
    const before = iso(cutoffs.application, "cutoff for application");
    await trx
      .deleteFrom("withdrawals as w")
      .where("w.created_at", "<", before)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("outbox as o")
              .select(sql.lit(1).as("one"))
              .whereRef("o.withdrawal_id", "=", "w.id")
              .where("o.status", "=", "pending"),
          ),
        ),
      )
      .execute();
  }
  return { deleted, keptPending };
}

/** `eraseApplication`'s changes, in its one transaction; `at` is `now` as stored. */
async function eraseIn(
  trx: Transaction<Tables>,
  dialect: StoreDatabase["dialect"],
  submissionId: string,
  now: Date,
  at: string,
): Promise<EraseResult> {
  // Locked on PostgreSQL, so a second erase (a double click, another replica) waits
  // for this one and then finds it gone; SQLite's write transaction already excludes it.
  const application = await trx
    .selectFrom("submissions")
    .select(["id", "job_slug", "job_title", "created_at"])
    .where("id", "=", submissionId)
    .where("kind", "=", "application")
    .$if(dialect === "postgres", (query) => query.forUpdate())
    .executeTakeFirst();
  if (!application) return { status: "gone", withdrawal: await withdrawalOf(trx, submissionId) };
  const createdAt = toDate(application.created_at);
  await trx
    .insertInto("withdrawals")
    .values({
      id: submissionId,
      job_slug: application.job_slug ?? "",
      job_title: application.job_title ?? "",
      created_at: createdAt.toISOString(),
      withdrawn_at: at,
    })
    .execute();
  await trx
    .insertInto("outbox")
    .values({
      id: timeOrderedId(now.getTime()),
      submission_id: null,
      withdrawal_id: submissionId,
      kind: "withdrawal_notice",
      status: "pending",
      attempts: 0,
      created_at: at,
      next_attempt_at: at,
    })
    .execute();
  // The cascades take the CV and every mail row of the application, pending ones included.
  await trx.deleteFrom("submissions").where("id", "=", submissionId).execute();
  const withdrawal: Withdrawal = {
    submissionId,
    jobSlug: application.job_slug ?? "",
    jobTitle: application.job_title ?? "",
    applicationCreatedAt: createdAt,
    withdrawnAt: new Date(at),
  };
  return { status: "erased", withdrawal };
}

/**
 * The submissions, their CVs and withdrawals. Saves and erasures are a visitor's writes:
 * `writes` hears how each ended, for readiness.
 */
export function createSubmissionRecords(
  { dialect, db, durable }: StoreDatabase,
  writes: WriteHealth,
): SubmissionRecords {
  const watched = watching(writes);
  // The visitor is told "sent" when this resolves: committed, and on disk.
  const writeSaves = (saves: PendingSave[]) =>
    watched(async () => {
      await db.transaction().execute((trx) => insertSaves(trx, saves));
      await durable();
    });
  // SQLite: saves of one event-loop turn share a transaction and its WAL sync, both run by
  // this one process (group-commit.ts). PostgreSQL commits concurrent transactions on its
  // own connections.
  const saveInTurn =
    dialect === "sqlite"
      ? groupCommits(writeSaves, { maxBatch: 64, isAboutOneRow })
      : (save: PendingSave) => writeSaves([save]);

  return {
    async save(input, mails, now = new Date()) {
      const kinds = checkSave(input, mails, now);
      if (kinds.includes("withdrawal_notice"))
        throw new RangeError("a withdrawal notice is written by eraseApplication");
      const id = timeOrderedId(now.getTime());
      await saveInTurn({ id, input, kinds, now });
      return { id };
    },

    async get(id) {
      if (!isUuid(id)) return null;
      const row = await submissionRows(db).where("s.id", "=", id).executeTakeFirst();
      return row ? toSubmission(row) : null;
    },

    async list(options = {}) {
      const { limit, offset } = checkPage(options);
      const { kind } = options;
      const rows = await submissionRows(db)
        .$if(kind !== undefined, (query) => query.where("s.kind", "=", kind as NonNullable<typeof kind>))
        .orderBy("s.created_at", "desc")
        .orderBy("s.id", "desc")
        .limit(limit ?? NO_LIMIT)
        .offset(offset)
        .execute();
      return rows.map(toSubmission);
    },

    async getCv(submissionId) {
      if (!isUuid(submissionId)) return null;
      const row = await db
        .selectFrom("cv_files")
        .select(["file_name", "content_type", "detected_type", "size", "sha256", "bytes"])
        .where("submission_id", "=", submissionId)
        .executeTakeFirst();
      if (!row) return null;
      return {
        fileName: row.file_name,
        contentType: row.content_type,
        detectedType: row.detected_type,
        size: Number(row.size),
        sha256: row.sha256,
        // A plain copy: the interface promises a Uint8Array, and PostgreSQL gives a Buffer.
        bytes: new Uint8Array(row.bytes),
      } satisfies CvFile;
    },

    async purge(cutoffs) {
      const outcome = await db.transaction().execute((trx) => purgeIn(trx, cutoffs));
      // Erased as the notice promises: on disk before the command says so.
      await durable();
      return outcome;
    },

    async deleteByEmail(email) {
      // SQLite's lower() folds ASCII only; validated addresses are ASCII.
      const result = await db
        .deleteFrom("submissions")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", eb.fn("lower", [eb.val(email)])))
        .executeTakeFirst();
      await durable();
      return Number(result.numDeletedRows);
    },

    async eraseApplication(submissionId, now = new Date()) {
      const at = iso(now, "now");
      if (!isUuid(submissionId)) return { status: "gone", withdrawal: null };
      const outcome = await watched(() =>
        db.transaction().execute((trx) => eraseIn(trx, dialect, submissionId, now, at)),
      );
      // The applicant is told their data is gone when this returns.
      await watched(durable);
      return outcome;
    },

    async getWithdrawal(submissionId) {
      if (!isUuid(submissionId)) return null;
      return withdrawalOf(db, submissionId);
    },
  };
}

// ─── The outbox queue ────────────────────────────────────────────────────────────────

/** What `retryPendingNow` makes due: pending mail waiting out a backoff past `at`, the oldest `limit`. */
function backedOffMail(eb: ExpressionBuilder<Tables, "outbox">, at: string, limit: number) {
  return eb
    .selectFrom("outbox")
    .select("id")
    .where("status", "=", "pending")
    .where("next_attempt_at", ">", at)
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit);
}

/** The outbox as a queue: leases for mail workers, sent marks, failures and retries. */
export function createOutboxQueue({ dialect, db }: StoreDatabase): OutboxQueue {
  /** Pending rows among `ids`: a row marked sent is never changed again. */
  const pendingRows = (ids: readonly string[]) =>
    db.updateTable("outbox").where("id", "in", ids).where("status", "=", "pending");
  const markSent = async (ids: readonly string[], now: Date) => {
    const at = iso(now, "now");
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return;
    await pendingRows(valid).set({ status: "sent", sent_at: at, locked_until: null }).execute();
  };

  return {
    async claimDueMail(now, limit, leaseMs) {
      checkLease(limit, leaseMs);
      const at = iso(now, "now");
      if (limit === 0) return [];
      const until = iso(new Date(now.getTime() + leaseMs), "lease end");
      // One statement. On SQLite that is atomic, and the write lock keeps other processes
      // out meanwhile.
      const rows = await db
        .with("due", (query) => dueMail(query, dialect, at, limit))
        .updateTable("outbox")
        .set({ locked_until: until })
        .where("id", "in", (eb) => eb.selectFrom("due").select("id"))
        .returning(OUTBOX_COLUMNS)
        .execute();
      return rows.map(toOutboxMessage).sort(byAge);
    },

    async renewMailLease(ids, heldUntil, until) {
      const held = iso(heldUntil, "heldUntil");
      const next = iso(until, "until");
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      // Only rows still under this very lease: one that ran out and another worker claimed
      // carries that worker's end, and stays theirs.
      const rows = await pendingRows(valid)
        .set({ locked_until: next })
        .where("locked_until", "=", held)
        .returning("id")
        .execute();
      return rows.map((row) => row.id);
    },

    markMailSent: (id, now) => markSent([id], now),

    markMailsSent: markSent,

    async markMailFailed(id, error, nextAttemptAt) {
      const next = iso(nextAttemptAt, "nextAttemptAt");
      if (!isUuid(id)) return;
      await pendingRows([id])
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          last_error: truncateError(error),
          next_attempt_at: next,
          locked_until: null,
        }))
        .execute();
    },

    async releaseMail(id, heldUntil) {
      const held = iso(heldUntil, "heldUntil");
      if (!isUuid(id)) return;
      await pendingRows([id]).set({ locked_until: null }).where("locked_until", "=", held).execute();
    },

    async retryPendingNow(now, limit) {
      const at = iso(now, "now");
      if (limit !== undefined) checkLease(limit, 1);
      const result = await db
        .updateTable("outbox")
        .set({ next_attempt_at: at })
        .where("id", "in", (eb) => backedOffMail(eb, at, limit ?? NO_LIMIT))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async nextLeaseEnd(now) {
      const row = await db
        .selectFrom("outbox")
        .select("locked_until")
        .where("status", "=", "pending")
        .where("locked_until", ">", iso(now, "now"))
        .orderBy("locked_until")
        .limit(1)
        .executeTakeFirst();
      return row?.locked_until ? toDate(row.locked_until) : null;
    },

    async pendingMail(createdBefore) {
      const rows = await db
        .selectFrom("outbox")
        .select(OUTBOX_COLUMNS)
        .where("status", "=", "pending")
        .where("created_at", "<", iso(createdBefore, "createdBefore"))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toOutboxMessage);
    },
  };
}

// ─── Settings ────────────────────────────────────────────────────────────────────────

/** The small values the server keeps for itself (the generated link secret). */
export function createSettingsStore({ db, durable }: StoreDatabase): SettingsStore {
  return {
    async getOrCreateSetting(key, value) {
      checkSetting(key, value);
      // Two statements, not one transaction: on PostgreSQL, after ON CONFLICT DO NOTHING has
      // waited for a racing replica's insert to commit, only a new statement's snapshot
      // sees that row.
      await db
        .insertInto("settings")
        .values({ key, value, created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      // A secret lost to a power cut would void every link signed with it.
      await durable();
      const stored = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      if (!stored) throw new Error(`setting "${key}" could not be stored`);
      return stored.value;
    },
  };
}

// ─── The whole store ─────────────────────────────────────────────────────────────────

/**
 * `readiness()`: the schema, the outbox's backlog, and whether the store can write (its
 * probe write, and what `writes` heard of visitors' writes).
 */
function readinessCheck({ dialect, db, replaced }: StoreDatabase, writes: WriteHealth) {
  /** One small write: whether the store can write now, which no read tells. */
  const probeWrite = async (): Promise<string | null> => {
    const at = new Date().toISOString();
    try {
      await db
        .insertInto("readiness_probe")
        .values({ id: 1, written_at: at })
        .onConflict((conflict) => conflict.column("id").doUpdateSet({ written_at: at }))
        .execute();
    } catch (error) {
      return writes.probeFailed(error);
    }
    return writes.probeWrote(Date.now());
  };

  return async (): Promise<StoreReadiness> => {
    const expected = latestMigration(dialect);
    const gone = replaced();
    if (gone) throw new Error(gone);
    let applied: number | null;
    try {
      const { rows } = await sql<{
        version: number | null;
      }>`SELECT max(version) AS version FROM schema_migrations`.execute(db);
      const version = rows[0]?.version ?? null;
      applied = version === null ? null : Number(version);
    } catch (error) {
      // The tables are gone (a database dropped and made again empty): not ready, but answering.
      if (isMissingTable(error))
        return {
          schema: { expected, applied: null },
          outbox: { pending: 0, oldestPendingAt: null },
          cannotWrite: null,
        };
      throw error;
    }
    const backlog = await db
      .selectFrom("outbox")
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll(), "integer").as("pending"),
        eb.fn.min("created_at").as("oldest"),
      ])
      .where("status", "=", "pending")
      .executeTakeFirst();
    const oldest = backlog?.oldest ?? null;
    // Only on the schema this code expects: an older one has no probe table.
    const cannotWrite = applied !== null && applied >= expected ? await probeWrite() : null;
    return {
      cannotWrite,
      schema: { expected, applied },
      outbox: {
        pending: Number(backlog?.pending ?? 0),
        oldestPendingAt: oldest === null ? null : oldest instanceof Date ? oldest : new Date(oldest),
      },
    };
  };
}

/**
 * The three roles on one database handle, with the database's own migrate, readiness and
 * close: what `openStore` returns for the server's wiring. The records and readiness share
 * one watch on writes (write-health.ts).
 */
export function createStore(database: StoreDatabase): Store {
  const writes = writeHealth();
  return {
    dialect: database.dialect,
    migrate: database.migrate,
    readiness: readinessCheck(database, writes),
    close: database.close,
    ...createSubmissionRecords(database, writes),
    ...createOutboxQueue(database),
    ...createSettingsStore(database),
  };
}
