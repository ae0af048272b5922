/**
 * What a database error means (server/submissions/db-errors.ts), for errors shaped as
 * node:sqlite and pg throw them. isStorageFailure's cases are in write-health.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  isAboutOneRow,
  isAlreadyExists,
  isBusy,
  isConnectionFailure,
  isLocked,
  isMissingTable,
  isReadTimeout,
} from "../../server/submissions/db-errors.ts";

/** An error as node:sqlite throws it. */
function sqliteError(errcode: number, message: string): Error {
  return Object.assign(new Error(message), { code: "ERR_SQLITE_ERROR", errcode, errstr: message });
}

/** An error as pg (or Node's socket under it) throws it. */
function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const BUSY = sqliteError(5, "database is locked");
const REFUSED = codedError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");

describe("database errors", () => {
  it("SQLite busy and locked, also as extended codes", () => {
    expect(isBusy(BUSY)).toBe(true);
    expect(isBusy(sqliteError(517, "database is locked"))).toBe(true); // BUSY_SNAPSHOT
    expect(isLocked(sqliteError(262, "database table is locked"))).toBe(true); // LOCKED_SHAREDCACHE
    expect(isBusy(sqliteError(6, "database table is locked"))).toBe(false);
    expect(isLocked(BUSY)).toBe(false);
    expect(isBusy(codedError("55P03", "could not obtain lock"))).toBe(false);
    expect(isBusy(undefined)).toBe(false);
  });

  it("about one row: SQLite constraints, a row too big, a value that cannot be bound; not a lock", () => {
    expect(isAboutOneRow(sqliteError(2067, "UNIQUE constraint failed: submissions.id"))).toBe(true);
    expect(isAboutOneRow(sqliteError(18, "string or blob too big"))).toBe(true);
    expect(isAboutOneRow(new TypeError("Provided value cannot be bound to SQLite parameter 1."))).toBe(true);
    expect(isAboutOneRow(BUSY)).toBe(false);
    expect(isAboutOneRow(sqliteError(13, "database or disk is full"))).toBe(false);
  });

  it("a database that cannot be reached: the network, PostgreSQL starting or full, pg's own words, any of several addresses", () => {
    expect(isConnectionFailure(REFUSED)).toBe(true);
    expect(isConnectionFailure(codedError("57P03", "the database system is starting up"))).toBe(true);
    expect(isConnectionFailure(codedError("53300", "sorry, too many clients already"))).toBe(true);
    expect(isConnectionFailure(new Error("Connection terminated due to connection timeout"))).toBe(true);
    expect(isConnectionFailure(new AggregateError([new Error("other"), REFUSED]))).toBe(true);
    expect(isConnectionFailure(codedError("28P01", "password authentication failed"))).toBe(false);
    expect(isConnectionFailure(codedError("3D000", 'database "x" does not exist'))).toBe(false);
    expect(isConnectionFailure(BUSY)).toBe(false);
  });

  it("pg's read timeout, a missing table, and a CREATE that lost a race", () => {
    expect(isReadTimeout(new Error("Query read timeout"))).toBe(true);
    expect(isReadTimeout(new Error("Query read timeout!"))).toBe(false);
    expect(isMissingTable(codedError("42P01", 'relation "schema_migrations" does not exist'))).toBe(true);
    expect(isMissingTable(sqliteError(1, "no such table: schema_migrations"))).toBe(true);
    expect(isMissingTable(sqliteError(1, "no such column: x"))).toBe(false);
    expect(isAlreadyExists(codedError("42710", 'type "rate_limits" already exists'))).toBe(true);
    expect(isAlreadyExists(codedError("42P07", 'relation "rate_limits" already exists'))).toBe(true);
    expect(isAlreadyExists(codedError("23505", "duplicate key value violates unique constraint"))).toBe(false);
  });
});
