/**
 * The two databases the store runs on, each opened as a Kysely instance with its migration
 * runner: a SQLite file through node:sqlite (the default), or PostgreSQL through a `pg`
 * pool for several replicas. Everything else about the store is one set of queries
 * (`kysely-store.ts`).
 */
import { chmodSync, existsSync, statSync } from "node:fs";
import { open } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  type QueryResult,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type PostgresPool,
  type PostgresPoolClient,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import pg from "pg";
import { log } from "../log.ts";
import { isBusy, isReadTimeout } from "./db-errors.ts";
import { migratePostgres, migrateSqlite } from "./store-migrations.ts";
import type { Tables } from "./tables.ts";
import type { DatabaseLimits } from "./store-types.ts";

export interface StoreDatabase {
  dialect: "sqlite" | "postgres";
  db: Kysely<Tables>;
  migrate(): Promise<void>;
  /**
   * Resolves once every transaction committed before the call is on disk. Call it after
   * writing what a visitor is about to be told is kept. PostgreSQL's COMMIT already is.
   */
  durable(): Promise<void>;
  /** Null while the database is the one opened; otherwise why not (the SQLite file was replaced or deleted). */
  replaced(): string | null;
  close(): Promise<void>;
}

/** A few seconds each: a visitor hears back within 5 s, and a stalled database cannot take every connection. */
export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { statementMs: 2000, acquireMs: 2000 };

/** The store gave up waiting for the database; the caller fails and nothing was written. */
export class DatabaseTimeoutError extends Error {
  override name = "DatabaseTimeoutError";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── SQLite ───────────────────────────────────────────────────────────────────────────

/**
 * How long node:sqlite itself waits for a lock. It blocks the whole process while it
 * waits, so only briefly; the driver below waits out the rest asynchronously, up to the
 * statement limit, while the server goes on answering.
 */
const SQLITE_BLOCKING_WAIT_MS = 20;
/** At start nothing else is waiting: the migration may block for another process's. */
const SQLITE_MIGRATION_WAIT_MS = 10_000;

/** Flushes a file or folder to disk through libuv's thread pool, never blocking the event loop. */
async function flush(path: string, how: "datasync" | "sync"): Promise<number> {
  const handle = await open(path, "r");
  try {
    await handle[how]();
    return (await handle.stat()).ino;
  } finally {
    await handle.close();
  }
}

/**
 * A WAL syncer: the file's data (fdatasync), opened afresh so it is the file now at the
 * path; and its folder once per new file, since SQLite deletes the WAL when the last
 * connection closes and makes a new one at the next write, perhaps a visitor's.
 */
function walSync(): (walPath: string) => Promise<void> {
  let folderHolds: number | null = null;
  return async (walPath) => {
    const inode = await flush(walPath, "datasync");
    if (inode !== folderHolds) {
      await flush(dirname(walPath), "sync");
      folderHolds = inode;
    }
  };
}

/**
 * Coalesced syncs of one file: a call resolves after a sync that started after the call,
 * so it covers every write made before it; callers during one sync share the next.
 */
export function fileSyncer(path: string, sync: (path: string) => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    running = sync(path).finally(() => {
      running = null;
    });
    return running;
  };
  // After the running sync, whether it succeeded or not, the next one starts.
  const startNext = (): Promise<void> => {
    next = null;
    return start();
  };
  return () => {
    if (!running) return start();
    next ??= running.then(startNext, startNext);
    return next;
  };
}

/** Opens (creating if needed) the file. Its folder must exist; `openStore` makes it. */
export function openSqlite(
  path: string,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
  syncWal: (walPath: string) => Promise<void> = walSync(),
): StoreDatabase {
  const created = !existsSync(path);
  const raw = new DatabaseSync(path);
  let inode: number;
  try {
    // Applicants' CVs: owner-only. Set before the first write so the -wal and -shm files,
    // which SQLite creates with the database file's mode, inherit it.
    if (created) chmodSync(path, 0o600);
    inode = statSync(path).ino;
    raw.exec(`PRAGMA busy_timeout = ${SQLITE_BLOCKING_WAIT_MS}`);
    raw.exec("PRAGMA journal_mode = WAL");
    // NORMAL: COMMIT writes the WAL without an fsync, which would block the whole process
    // (about 0.7 ms here, most of a submission's cost under load). The store makes what it
    // acknowledges durable itself with `durable()`: an fdatasync of the WAL off the event
    // loop, shared by every commit before it (docs/decisions/0021).
    raw.exec("PRAGMA synchronous = NORMAL");
    raw.exec("PRAGMA foreign_keys = ON");
  } catch (error) {
    raw.close();
    throw error;
  }
  const db = new Kysely<Tables>({ dialect: nodeSqliteDialect(raw, resolve(path), limits) });
  return {
    dialect: "sqlite",
    db,
    durable: fileSyncer(`${path}-wal`, syncWal),
    async migrate() {
      raw.exec(`PRAGMA busy_timeout = ${SQLITE_MIGRATION_WAIT_MS}`);
      try {
        migrateSqlite(raw);
      } finally {
        raw.exec(`PRAGMA busy_timeout = ${SQLITE_BLOCKING_WAIT_MS}`);
      }
    },
    replaced() {
      // Deleted or swapped under a running server, the open file takes writes no one will see.
      const now = existsSync(path) ? statSync(path).ino : null;
      if (now === inode) return null;
      return now === null ? `the SQLite file ${path} was deleted` : `the SQLite file ${path} was replaced`;
    },
    async close() {
      await db.destroy();
      if (raw.isOpen) raw.close(); // destroy() leaves alone a connection it never used
    },
  };
}

/**
 * Kysely's own SQLite dialect, given node:sqlite's DatabaseSync in the shape of the
 * better-sqlite3 database it was written for, and a driver that begins transactions with
 * BEGIN IMMEDIATE. Our adapter rather than a community package: it is these few lines.
 */
function nodeSqliteDialect(raw: DatabaseSync, file: string, limits: DatabaseLimits): Dialect {
  // Kysely prepares each query it runs; the store has a few dozen distinct ones.
  const prepared = new Map<string, StatementSync>();
  const database: SqliteDatabase = {
    close: () => {
      if (raw.isOpen) raw.close();
    },
    prepare(text) {
      let statement = prepared.get(text);
      if (!statement) {
        statement = raw.prepare(text);
        prepared.set(text, statement);
      }
      const args = (parameters: readonly unknown[]) => parameters as SQLInputValue[];
      return {
        // Rows come back from a SELECT and from RETURNING: read both with all().
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...args(parameters)),
        run: (parameters) => statement.run(...args(parameters)),
        iterate: (parameters) => statement.iterate(...args(parameters)),
      };
    },
  };
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(database, raw, file, limits),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** The transaction each SQLite file is in the middle of in this process, if any. */
const turns = new Map<string, Promise<void>>();

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #raw: DatabaseSync;
  readonly #file: string;
  readonly #limits: DatabaseLimits;
  #endTurn = () => {};

  constructor(database: SqliteDatabase, raw: DatabaseSync, file: string, limits: DatabaseLimits) {
    super({ database });
    this.#raw = raw;
    this.#file = file;
    this.#limits = limits;
  }

  /**
   * node:sqlite blocks while it waits for a lock, and Kysely awaits between the statements
   * of a transaction. Two stores on one file in one process (the server has one for the
   * requests and one for the outbox) would otherwise deadlock: one holds the write lock in
   * an await while the other blocks the event loop waiting for it. So they take turns, as
   * other processes do, waiting at most `acquireMs` for theirs.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const previous = turns.get(this.#file) ?? Promise.resolve();
    const { promise: mine, resolve: endTurn } = Promise.withResolvers<void>();
    turns.set(this.#file, mine);
    const end = () => {
      if (turns.get(this.#file) === mine) turns.delete(this.#file);
      endTurn();
    };
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), this.#limits.acquireMs);
    });
    const outcome = await Promise.race([previous.then(() => "turn" as const), gaveUp]);
    clearTimeout(timer);
    if (outcome === "timeout") {
      // Our place in the queue passes on once the one before us is done.
      void previous.then(end);
      throw new DatabaseTimeoutError(
        `the SQLite file was busy in this process for more than ${this.#limits.acquireMs} ms`,
      );
    }
    this.#endTurn = end;
    return new BusyRetryingConnection(await super.acquireConnection(), this.#limits.statementMs);
  }

  override async releaseConnection(): Promise<void> {
    this.#endTurn();
  }

  // IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout) at
  // BEGIN instead of failing half-way with SQLITE_BUSY.
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("BEGIN IMMEDIATE"));
  }

  /**
   * SQLite ends the transaction itself after some errors (a full disk, an I/O error), and
   * a ROLLBACK then fails with "no transaction is active": Kysely would throw that in
   * place of the error that mattered. So there is nothing to roll back then, and a
   * ROLLBACK that fails anyway is logged while the caller gets the first error.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#raw.isTransaction) return;
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      reportFailedRollback("SQLite", error);
    }
  }
}

/** A ROLLBACK after a failed statement failed too: logged, never thrown over the first error. */
function reportFailedRollback(database: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  log.error(`${database}: the ROLLBACK after a failed statement failed too (${reason}); the first error is reported`);
}

/**
 * Another process holds the write lock (an operator's sqlite3 shell, a backup): try the
 * statement again every few milliseconds, awaiting in between so the server keeps
 * answering, until `statementMs` has passed. A statement that failed with SQLITE_BUSY
 * did nothing, so trying it again is safe.
 */
class BusyRetryingConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #statementMs: number;

  constructor(inner: DatabaseConnection, statementMs: number) {
    this.#inner = inner;
    this.#statementMs = statementMs;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + this.#statementMs;
    for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
      try {
        return await this.#inner.executeQuery<R>(query);
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() + wait > deadline)
          throw new DatabaseTimeoutError(
            `the SQLite file stayed locked by another process for ${this.#statementMs} ms`,
          );
        await sleep(wait);
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────────────

/** Plain lower-case identifiers only, so the name needs no quoting in `search_path`. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** How long a migration may take, waiting for another replica's included. */
const MIGRATION_LIMIT_MS = 5 * 60_000;

export function openPostgres(
  url: string,
  options: { schema?: string; limits?: DatabaseLimits; pool?: { size: number; name: string } } = {},
): StoreDatabase {
  const { schema, limits = DEFAULT_DATABASE_LIMITS } = options;
  if (schema !== undefined && !SCHEMA.test(schema))
    throw new Error(`PostgreSQL schema "${schema}" must be a lower-case identifier (a-z, 0-9, _)`);
  const connection = {
    connectionString: url,
    application_name: options.pool?.name ?? "blueberry-site",
    keepAlive: true,
    // Set at connection start-up, so no query can ever run on another schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({
    ...connection,
    ...postgresTimeouts(limits),
    max: options.pool?.size ?? 10,
  });
  survivingDroppedConnections(pool, (message) => log.error(`PostgreSQL ${message}`));
  const db = new Kysely<Tables>({ dialect: new FirstErrorPostgresDialect({ pool: discardingTimedOutClients(pool) }) });
  let closed = false;
  return {
    dialect: "postgres",
    // synchronous_commit is on: COMMIT returned once the WAL was flushed.
    durable: async () => {},
    db,
    async migrate() {
      // One connection of its own without the request limits: a migration may have to wait
      // for another replica's, and may rewrite a large table.
      const migrationPool = new pg.Pool({
        ...connection,
        max: 1,
        connectionTimeoutMillis: limits.acquireMs,
        statement_timeout: MIGRATION_LIMIT_MS,
        lock_timeout: MIGRATION_LIMIT_MS,
      });
      survivingDroppedConnections(migrationPool, () => {});
      const migrator = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: migrationPool }) });
      try {
        await migratePostgres(migrator, schema);
      } finally {
        await migrator.destroy();
        if (!migrationPool.ended) await migrationPool.end();
      }
    },
    replaced: () => null,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // destroy() ends the pool only if a query ever ran.
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * A connection PostgreSQL drops (a restart, `pg_terminate_backend`, a cut link) emits
 * "error": on the pool while the client is idle, on the client itself while it is checked
 * out between queries. Unhandled, either ends the process, taking every request with it.
 * Here both are logged; the pool discards the broken client and opens a new one, and the
 * query that needed it fails as any database failure does.
 */
export function survivingDroppedConnections(pool: pg.Pool, report: (message: string) => void): void {
  pool.on("error", (error) => report(`idle connection error: ${error.message}`));
  pool.on("connect", (client) => {
    client.on("error", (error) => report(`connection error: ${error.message}`));
  });
}

/**
 * The limits as pg's connection settings. PostgreSQL itself ends a statement that runs,
 * or waits for a lock, longer than `statementMs`, and the connection stays usable. A
 * server that stops answering altogether (stalled, or a link gone silent) is caught by
 * the client's own read timeout a little later; such a connection is then discarded
 * (`discardingTimedOutClients`). A session left idle in a transaction by a client that
 * gave up is ended by the server, so it cannot hold its locks.
 */
export function postgresTimeouts(limits: DatabaseLimits) {
  return {
    connectionTimeoutMillis: limits.acquireMs,
    statement_timeout: limits.statementMs,
    lock_timeout: limits.statementMs,
    query_timeout: limits.statementMs + 500,
    idle_in_transaction_session_timeout: Math.max(10_000, limits.statementMs * 5),
  };
}

/**
 * Kysely's PostgreSQL dialect, except that a ROLLBACK that fails (on a connection already
 * broken, as after a read timeout) is logged instead of thrown over the error that made
 * the transaction fail. Kysely has then marked the connection to be destroyed, and
 * PostgreSQL rolls back what a closed session held.
 */
class FirstErrorPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): PostgresDriver {
    return new FirstErrorPostgresDriver(this.#config);
  }
}

class FirstErrorPostgresDriver extends PostgresDriver {
  override async rollbackTransaction(connection: Parameters<PostgresDriver["rollbackTransaction"]>[0]): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } catch (error) {
      reportFailedRollback("PostgreSQL", error);
    }
  }
}

/**
 * The pool as Kysely sees it, except that a client whose query hit the read timeout is
 * destroyed on release instead of going back to the pool, and refuses further queries at
 * once (Kysely's ROLLBACK would otherwise wait out another timeout on the dead link).
 */
function discardingTimedOutClients(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let broken = false;
      const query = ((...args: Parameters<pg.PoolClient["query"]>) => {
        if (broken)
          return Promise.reject(new DatabaseTimeoutError("PostgreSQL did not answer; the connection was abandoned"));
        return (client.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
          if (isReadTimeout(error)) broken = true;
          throw isReadTimeout(error) ? new DatabaseTimeoutError("PostgreSQL did not answer in time") : error;
        });
      }) as unknown as PostgresPoolClient["query"];
      // Kysely asks for a destroy too, after a ROLLBACK that failed.
      return { query, release: (destroy?: boolean) => client.release(broken || destroy || undefined) };
    },
    end: () => pool.end(),
    options: pool.options,
    Client: pg.Client,
  };
}
