/**
 * What a database error means, read from what the drivers attach: node:sqlite's `errcode`
 * (SQLite's result code, whose low byte is the primary code: an extended IOERR_WRITE, 778,
 * is an IOERR, 10), pg's `code` (PostgreSQL's SQLSTATE, or Node's system error code for
 * the socket), and pg's own words where it has no code. One place for the codes, so the
 * store, readiness, the rate limit and the CLI read the same error the same way.
 */

/** SQLite's primary result codes that the predicates below use. */
const SQLITE = {
  BUSY: 5,
  LOCKED: 6,
  READONLY: 8,
  IOERR: 10,
  CORRUPT: 11,
  FULL: 13,
  CANTOPEN: 14,
  TOOBIG: 18,
  CONSTRAINT: 19,
  MISMATCH: 20,
  RANGE: 25,
  NOTADB: 26,
} as const;

/** A database that cannot store anything: READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB. */
const SQLITE_STORAGE = new Set<number>([
  SQLITE.READONLY,
  SQLITE.IOERR,
  SQLITE.CORRUPT,
  SQLITE.FULL,
  SQLITE.CANTOPEN,
  SQLITE.NOTADB,
]);
/**
 * PostgreSQL's (disk_full, io_error, read_only_sql_transaction, data_corrupted,
 * index_corrupted), and the file system's, which the store's own WAL sync may meet.
 */
const STORAGE_CODES = new Set(["53100", "58030", "25006", "XX001", "XX002", "ENOSPC", "EDQUOT", "EIO", "EROFS"]);

/** A row that cannot go in: TOOBIG, CONSTRAINT, MISMATCH, RANGE. */
const SQLITE_ONE_ROW = new Set<number>([SQLITE.TOOBIG, SQLITE.CONSTRAINT, SQLITE.MISMATCH, SQLITE.RANGE]);

/** The network, and PostgreSQL still starting up or out of connections. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P03", // cannot_connect_now: the server is starting up or shutting down
  "53300", // too_many_connections
  "08001", // sqlclient_unable_to_establish_sqlconnection
  "08006", // connection_failure
]);

/** PostgreSQL's undefined_table. */
const UNDEFINED_TABLE = "42P01";
/** PostgreSQL's duplicate_object and duplicate_table. */
const ALREADY_EXISTS = new Set(["42710", "42P07"]);

/** SQLite's primary result code, if node:sqlite threw this. */
function sqliteCode(error: unknown): number | undefined {
  const { errcode } = (error ?? {}) as { errcode?: unknown };
  return typeof errcode === "number" ? errcode & 0xff : undefined;
}

/** PostgreSQL's SQLSTATE or Node's system error code, if any. */
function codeOf(error: unknown): string | undefined {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === "string" ? code : undefined;
}

function messageOf(error: unknown): string {
  const { message } = (error ?? {}) as { message?: unknown };
  return typeof message === "string" ? message : "";
}

/** SQLite's "database is locked" (BUSY, with or without an extended code): another connection writes. */
export function isBusy(error: unknown): boolean {
  return sqliteCode(error) === SQLITE.BUSY;
}

/** SQLite's LOCKED: a table is locked within this connection's own database. */
export function isLocked(error: unknown): boolean {
  return sqliteCode(error) === SQLITE.LOCKED;
}

/**
 * The database could not store anything, rather than refusing one row (a constraint) or
 * waiting too long (a lock, a slow link): those say nothing about the next write.
 */
export function isStorageFailure(error: unknown): boolean {
  const sqlite = sqliteCode(error);
  if (sqlite !== undefined) return SQLITE_STORAGE.has(sqlite);
  return STORAGE_CODES.has(codeOf(error) ?? "");
}

/**
 * About one of the rows written (a constraint, a row too big, a value node:sqlite cannot
 * bind), not the database (locked, timed out, gone): the other rows may go in on their own.
 */
export function isAboutOneRow(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof RangeError) return true;
  const sqlite = sqliteCode(error);
  return sqlite !== undefined && SQLITE_ONE_ROW.has(sqlite);
}

/**
 * The database cannot be reached now: the connection was refused, reset or timed out,
 * its name did not resolve, or PostgreSQL is starting up or out of connections. Of
 * several addresses tried (an AggregateError), any one.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  if (CONNECTION_CODES.has(codeOf(error) ?? "")) return true;
  // pg's own words for a link that failed or timed out while connecting.
  return /Connection terminated|connection timeout|timeout expired/i.test(messageOf(error));
}

/** pg's client read timeout: it rejects the query but leaves it running on the connection. */
export function isReadTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === "Query read timeout";
}

/** PostgreSQL's undefined_table, or SQLite's "no such table". */
export function isMissingTable(error: unknown): boolean {
  return codeOf(error) === UNDEFINED_TABLE || /no such table/i.test(messageOf(error));
}

/** PostgreSQL's duplicate_object or duplicate_table: a CREATE that lost a race with the same CREATE elsewhere. */
export function isAlreadyExists(error: unknown): boolean {
  return ALREADY_EXISTS.has(codeOf(error) ?? "");
}
