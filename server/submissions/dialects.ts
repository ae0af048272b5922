/**
 * The two databases the store runs on, each opened as a Kysely instance with its migration
 * runner: a SQLite file through node:sqlite (the default), or PostgreSQL through a `pg`
 * pool for several replicas. Everything else about the store is one set of queries
 * (`kysely-store.ts`).
 */
import { chmodSync, existsSync } from "node:fs";
import { resolve } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import pg from "pg";
import { migratePostgres, migrateSqlite } from "./store-migrations.ts";
import type { Tables } from "./tables.ts";

export interface StoreDatabase {
  dialect: "sqlite" | "postgres";
  db: Kysely<Tables>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// ── SQLite ───────────────────────────────────────────────────────────────────────────

/** Opens (creating if needed) the file. Its folder must exist; `openStore` makes it. */
export function openSqlite(path: string): StoreDatabase {
  const created = !existsSync(path);
  const raw = new DatabaseSync(path);
  try {
    // Applicants' CVs: owner-only. Set before the first write so the -wal and -shm files,
    // which SQLite creates with the database file's mode, inherit it.
    if (created) chmodSync(path, 0o600);
    raw.exec("PRAGMA busy_timeout = 5000");
    raw.exec("PRAGMA journal_mode = WAL");
    // FULL, not NORMAL: in WAL mode NORMAL may lose the last commits on power loss or an
    // OS crash, and the visitor is told "sent" as soon as COMMIT returns. One fsync per
    // submission costs nothing at a contact form's rate.
    raw.exec("PRAGMA synchronous = FULL");
    raw.exec("PRAGMA foreign_keys = ON");
  } catch (error) {
    raw.close();
    throw error;
  }
  const db = new Kysely<Tables>({ dialect: nodeSqliteDialect(raw, resolve(path)) });
  return {
    dialect: "sqlite",
    db,
    migrate: async () => migrateSqlite(raw),
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
function nodeSqliteDialect(raw: DatabaseSync, file: string): Dialect {
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
    createDriver: () => new ImmediateSqliteDriver(database, file),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

/** The transaction each SQLite file is in the middle of in this process, if any. */
const turns = new Map<string, Promise<void>>();

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #file: string;
  #endTurn = () => {};

  constructor(database: SqliteDatabase, file: string) {
    super({ database });
    this.#file = file;
  }

  /**
   * node:sqlite blocks while it waits for a lock, and Kysely awaits between the statements
   * of a transaction. Two stores on one file in one process (tests open several) would
   * otherwise deadlock until busy_timeout: one holds the write lock in an await while the
   * other blocks the event loop waiting for it. So they take turns, as other processes do.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    const previous = turns.get(this.#file) ?? Promise.resolve();
    const { promise: mine, resolve: endTurn } = Promise.withResolvers<void>();
    turns.set(this.#file, mine);
    await previous;
    this.#endTurn = () => {
      if (turns.get(this.#file) === mine) turns.delete(this.#file);
      endTurn();
    };
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    this.#endTurn();
  }

  // IMMEDIATE takes the write lock up front, so a second process waits (busy_timeout) at
  // BEGIN instead of failing half-way with SQLITE_BUSY.
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("BEGIN IMMEDIATE"));
  }
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────────────

/** Plain lower-case identifiers only, so the name needs no quoting in `search_path`. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export function openPostgres(url: string, schema?: string): StoreDatabase {
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
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    dialect: "postgres",
    db,
    migrate: () => migratePostgres(db, schema),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // destroy() ends the pool only if a query ever ran.
      if (!pool.ended) await pool.end();
    },
  };
}
