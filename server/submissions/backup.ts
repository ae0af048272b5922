/**
 * Backup and restore of the SQLite store (`npm run submissions -- backup|restore`, the
 * command line in `server/cli/`): a consistent copy taken while the server writes, and a
 * backup put in place of the live file with the server stopped. Both check the copy
 * before anyone relies on it. PostgreSQL is backed up with its own tools (README).
 */
import { chmodSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createPrivateFile, fsyncPath, removeOnSignal, tempPathBeside, writeThroughTemp } from "./private-files.ts";
import { isBusy, isLocked } from "./db-errors.ts";

export interface StoreFacts {
  submissions: number;
  applications: number;
  cvBytes: number;
  schemaVersion: number;
}

/**
 * Checks that `path` is a whole, undamaged store of ours (`PRAGMA integrity_check`, the
 * tables), read-only, and counts what it holds; throws a sentence otherwise.
 */
export function inspectStoreFile(path: string): StoreFacts {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(path, { readOnly: true });
  } catch (error) {
    throw new Error(`${path} cannot be opened as a SQLite database: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    let problems: string[];
    try {
      problems = (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map(
        (r) => r.integrity_check,
      );
    } catch (error) {
      throw new Error(`${path} is not a readable SQLite database: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (problems.join() !== "ok")
      throw new Error(`${path} fails SQLite's integrity check: ${problems.slice(0, 5).join("; ")}`);
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    for (const table of ["schema_migrations", "submissions", "cv_files", "outbox"])
      if (!tables.has(table))
        throw new Error(`${path} is a SQLite database but not a submissions store (no ${table} table)`);
    const one = (query: string) => Number((db.prepare(query).get() as { n: number | null }).n ?? 0);
    return {
      submissions: one("SELECT count(*) AS n FROM submissions"),
      applications: one("SELECT count(*) AS n FROM submissions WHERE kind = 'application'"),
      cvBytes: one("SELECT sum(size) AS n FROM cv_files"),
      schemaVersion: one("SELECT max(version) AS n FROM schema_migrations"),
    };
  } finally {
    db.close();
  }
}

/** What a checked store file holds, on one line for a person. */
export function describeFacts(facts: StoreFacts, fileBytes: number): string {
  const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
  return (
    `${facts.submissions} submission(s) (${facts.applications} application(s), CVs ${mb(facts.cvBytes)}), ` +
    `${fileBytes} bytes (${mb(fileBytes)}), schema version ${facts.schemaVersion}, integrity ok`
  );
}

/**
 * Copies the store at `from` (an open connection) into a new owner-only file at `temp`,
 * flushed to disk. `VACUUM INTO`, not node:sqlite's `backup()`, because:
 * - it reads in one transaction, a snapshot of one instant, while the server goes on
 *   writing (WAL: readers and the writer do not block each other); the backup API copies
 *   in steps and starts over whenever another connection writes, so a busy server can
 *   keep it from ever finishing;
 * - it rebuilds the file rather than copying pages, so the free pages a purge or a
 *   `delete --email` left behind, still holding deleted CVs, are not carried into a copy
 *   kept for months off the machine.
 * SQLite does not fsync what VACUUM INTO writes; we do.
 */
function copyStoreInto(from: DatabaseSync, temp: string): void {
  createPrivateFile(temp); // VACUUM INTO writes into an empty file, keeping its 0600 mode
  from.prepare("VACUUM INTO ?").run(temp);
  chmodSync(temp, 0o600);
  fsyncPath(temp);
}

/**
 * A checked, owner-only copy of the live store at `livePath` written to `target` (whole or
 * not at all), safe while the server runs. Throws a sentence when it cannot.
 */
export function backupSqliteStore(livePath: string, target: string): { facts: StoreFacts; bytes: number } {
  return writeThroughTemp(target, (temp) => {
    // Read-write, as the server opens it (a read-only connection cannot always use the
    // WAL's shared memory), but this connection only reads.
    const live = new DatabaseSync(livePath);
    try {
      live.exec("PRAGMA busy_timeout = 10000");
      copyStoreInto(live, temp);
    } finally {
      live.close();
    }
    return { facts: inspectStoreFile(temp), bytes: statSync(temp).size };
  });
}

/**
 * Whether another connection (the server, a sqlite3 shell) has the store open: leaving WAL
 * mode needs the only connection, so it fails with SQLITE_BUSY while any other is open,
 * and otherwise folds the WAL into the file, which then stands alone. Throws a sentence
 * only when in use; a file too damaged to open is not "in use" (it is being replaced), and
 * what opening it said is returned.
 */
function ensureNotInUse(livePath: string): string | null {
  if (!existsSync(livePath)) return null;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(livePath);
    db.exec("PRAGMA busy_timeout = 0");
    db.prepare("PRAGMA journal_mode = DELETE").get();
    return null;
  } catch (error) {
    if (isBusy(error) || isLocked(error))
      throw new Error(
        `${livePath} is in use (the server, or another program, has it open): stop the server, then run restore again.`,
        { cause: error },
      );
    return (error as Error).message;
  } finally {
    if (db?.isOpen) db.close();
  }
}

export interface Restored {
  facts: StoreFacts;
  /** The restored live file's size. */
  bytes: number;
  /** Why the replaced store could not be opened, if it could not. */
  unreadable: string | null;
  /** Where the replaced store's files were kept (`<live>.replaced-<time>` and its side files). */
  kept: string[];
}

/**
 * Puts a clean copy of the backup at `source` in place of the store at `livePath`, whose
 * folder exists; the server must be stopped. The replaced files are kept beside it, not
 * deleted: a restore of the wrong file must be undoable. Throws a sentence, the live
 * store unchanged, when the backup is damaged or the store is in use.
 */
export function restoreSqliteStore(livePath: string, source: string): Restored {
  const temp = tempPathBeside(resolve(livePath), "restoring");
  const stopWatching = removeOnSignal(temp);
  try {
    const facts = inspectStoreFile(source);
    // A clean copy rather than the bytes as they are: whatever the backup's journal mode
    // or a -wal beside it, the live file starts whole and on its own.
    const backup = new DatabaseSync(source, { readOnly: true });
    try {
      copyStoreInto(backup, temp);
    } finally {
      backup.close();
    }
    const unreadable = ensureNotInUse(livePath);
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const keptAs = `${livePath}.replaced-${stamp}`;
    const kept: string[] = [];
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      if (existsSync(livePath + suffix)) {
        renameSync(livePath + suffix, keptAs + suffix);
        kept.push(keptAs + suffix);
      }
    }
    renameSync(temp, livePath);
    fsyncPath(dirname(resolve(livePath)));
    return { facts, bytes: statSync(livePath).size, unreadable, kept };
  } finally {
    stopWatching();
    rmSync(temp, { force: true });
  }
}
