/**
 * The readiness verdict on writes (server/submissions/write-health.ts): the probe's own
 * write, and callers' writes the database refused for want of storage, with the clock
 * given. The store on real databases is in store-write-failures.test.ts.
 */
import { describe, expect, it } from "vitest";
import { isStorageFailure } from "../../server/submissions/db-errors.ts";
import { REFUSED_WRITE_HOLD_MS, writeHealth } from "../../server/submissions/write-health.ts";

/** An error as node:sqlite throws it. */
function sqliteError(errcode: number, message: string): Error {
  return Object.assign(new Error(message), { errcode, errstr: message });
}

/** An error as pg throws it. */
function postgresError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const FULL = sqliteError(13, "database or disk is full");
const SECOND = 1000;

describe("isStorageFailure", () => {
  it.each([
    ["SQLite FULL", FULL],
    ["SQLite IOERR_WRITE (an extended code)", sqliteError(778, "disk I/O error")],
    ["SQLite READONLY", sqliteError(8, "attempt to write a readonly database")],
    ["SQLite CANTOPEN", sqliteError(14, "unable to open database file")],
    [
      "PostgreSQL disk_full",
      postgresError("53100", 'could not extend file "base/16384/2619": No space left on device'),
    ],
    [
      "PostgreSQL read_only_sql_transaction",
      postgresError("25006", "cannot execute UPDATE in a read-only transaction"),
    ],
    ["PostgreSQL io_error", postgresError("58030", "could not write to file")],
    ["the WAL sync's ENOSPC", Object.assign(new Error("ENOSPC: no space left on device, fsync"), { code: "ENOSPC" })],
  ])("is true for %s", (_, error) => {
    expect(isStorageFailure(error)).toBe(true);
  });

  it.each([
    ["SQLite BUSY (a lock: the next write may pass)", sqliteError(5, "database is locked")],
    ["SQLite CONSTRAINT (one row)", sqliteError(19, "UNIQUE constraint failed")],
    ["PostgreSQL unique_violation (one row)", postgresError("23505", "duplicate key")],
    ["PostgreSQL query_canceled (a statement timeout)", postgresError("57014", "canceling statement")],
    ["a connection refused", Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })],
    ["a timeout of ours", new Error("the SQLite file stayed locked by another process for 2000 ms")],
    ["a bad value", new TypeError("cannot bind")],
    ["not an error at all", undefined],
  ])("is false for %s", (_, error) => {
    expect(isStorageFailure(error)).toBe(false);
  });
});

describe("writeHealth", () => {
  it("is ready while the probe writes and no write was refused", () => {
    const health = writeHealth();
    expect(health.probeWrote(0)).toBeNull();
    health.wrote();
    expect(health.probeWrote(SECOND)).toBeNull();
  });

  it("a failed probe is the reason, whatever the error; the next probe that writes ends it", () => {
    const health = writeHealth();
    expect(health.probeFailed(FULL)).toBe("the store cannot write: database or disk is full");
    expect(health.probeFailed(new Error("the SQLite file stayed locked by another process for 2000 ms"))).toBe(
      "the store cannot write: the SQLite file stayed locked by another process for 2000 ms",
    );
    expect(health.probeWrote(2)).toBeNull();
  });

  it("a write refused for want of storage keeps it unready while the probe still fits, for the hold", () => {
    const health = writeHealth();
    health.failed(FULL, 0);
    expect(health.probeWrote(3 * SECOND)).toBe("a write failed 3 s ago: database or disk is full");
    expect(health.probeWrote(REFUSED_WRITE_HOLD_MS - 1)).toMatch(/^a write failed 30 s ago: database or disk is full$/);
    // After the hold the probe decides again: a replica that cannot write will find out at
    // its next refused write, and go out of service again.
    expect(health.probeWrote(REFUSED_WRITE_HOLD_MS)).toBeNull();
    expect(health.probeWrote(REFUSED_WRITE_HOLD_MS + SECOND)).toBeNull();
  });

  it("a write that commits ends a refusal at once", () => {
    const health = writeHealth();
    health.failed(FULL, 0);
    health.wrote();
    expect(health.probeWrote(SECOND)).toBeNull();
  });

  it("once the probe fails for want of storage too, its first success ends the refusal: space is back", () => {
    const health = writeHealth();
    health.failed(FULL, 0);
    expect(health.probeFailed(FULL)).toMatch(/database or disk is full/);
    expect(health.probeWrote(2 * SECOND)).toBeNull();
  });

  it("a probe that only timed out says nothing about space: the refusal stands", () => {
    const health = writeHealth();
    health.failed(FULL, 0);
    health.probeFailed(new Error("the SQLite file stayed locked by another process for 2000 ms"));
    expect(health.probeWrote(2 * SECOND)).toMatch(/^a write failed 2 s ago/);
  });

  it("writes that failed for other reasons (a lock, one bad row) do not make it unready", () => {
    const health = writeHealth();
    health.failed(sqliteError(5, "database is locked"), 0);
    health.failed(sqliteError(19, "UNIQUE constraint failed"), 0);
    health.failed(new TypeError("cannot bind"), 0);
    expect(health.probeWrote(SECOND)).toBeNull();
  });

  it("the newest refusal counts: a second one restarts the hold", () => {
    const health = writeHealth(10 * SECOND);
    health.failed(FULL, 0);
    health.failed(postgresError("53100", "could not extend file: No space left on device"), 8 * SECOND);
    expect(health.probeWrote(12 * SECOND)).toBe(
      "a write failed 4 s ago: could not extend file: No space left on device",
    );
    expect(health.probeWrote(18 * SECOND)).toBeNull();
  });
});
