/**
 * `npm run submissions -- <command>`: the company's tool for what the forms collected,
 * against whichever store the environment names (DATABASE_URL, else the SQLite file).
 *
 *   list [--kind contact|application] [--limit N]   newest first, N from 1 to 10000 (default 50)
 *   show <id>                                       one submission in full
 *   export --csv                                    every submission as CSV on stdout
 *   cv <id> --out <file> [--force]                  write an application's CV to a new owner-only file
 *   purge [--older-than 180d]                       delete old submissions (bare: the retention periods)
 *   delete --email <address>                        delete everything from one address
 *   pending [--older-than 60m]                      every undelivered mail, oldest first
 *   backup <file> [--force]                         a consistent copy of the SQLite store, server running or not
 *   restore <file> --force                          put a backup in place of the SQLite store (server stopped)
 *
 * `pending` lists all undelivered mail, however young, so an outage shows while it happens;
 * lines past the alert threshold (--older-than, default MAIL_ALERT_AFTER_MINUTES) start
 * with OVERDUE, and only those make it exit 1, so a cron job alerts on stuck mail alone.
 * `--help` (or `-h`, or `help`) prints the usage on stdout.
 */
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { EnvError, readEnv, requireBuiltRetention } from "../server/env.ts";
import { isBusy, isLocked } from "../server/submissions/db-errors.ts";
import { openStoreWhenReachable, StoreStartError } from "../server/submissions/store.ts";
import type { SubmissionKind } from "../common/submissions.ts";
import type { OutboxMessage, Store, StoredSubmission } from "../server/submissions/store-types.ts";

const USAGE = `Usage: npm run submissions -- <command>
  list [--kind contact|application] [--limit N]  newest first; N from 1 to 10000 (default 50)
  show <id>
  export --csv
  cv <id> --out <file> [--force]  the CV, owner-only; --force replaces an existing <file>
  purge [--older-than <N>d]      (bare: RETENTION_CONTACT_DAYS and RETENTION_APPLICATION_DAYS)
  delete --email <address>
  pending [--older-than <N>m|h|d]  every undelivered mail, oldest first; exits 1 if any is
                                  older than that (bare: MAIL_ALERT_AFTER_MINUTES, 60m)
  backup <file> [--force]         a consistent copy of the SQLite store, safe while the server
                                  runs; --force replaces an existing <file>
  restore <file> --force          replace the SQLite store with a backup; stop the server first
Exit codes: 0 done, 1 failed (or mail overdue), 2 wrong usage or a refusal that says what to do.`;

class UsageError extends Error {}

const DURATION_UNITS = {
  m: { ms: 60_000, label: "min" },
  h: { ms: 3_600_000, label: "h" },
  d: { ms: 86_400_000, label: "d" },
};

/** "180d", "12h", "30m" → milliseconds, and the same for people ("180 d", "12 h", "30 min"). */
export function parseDurationWithLabel(text: string): { ms: number; label: string } {
  const match = /^(\d+)\s*([mhd])$/.exec(text.trim());
  if (!match) throw new UsageError(`"${text}" is not a duration; write it like 180d, 12h or 30m.`);
  const unit = DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS];
  return { ms: Number(match[1]) * unit.ms, label: `${Number(match[1])} ${unit.label}` };
}

/** "180d", "12h", "30m" → milliseconds. */
export function parseDuration(text: string): number {
  return parseDurationWithLabel(text).ms;
}

/** An age for a person, whole units rounded down: "45 s", "3 min", "2 h", "4 d". */
export function humanAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** One undelivered mail on one line: OVERDUE (past the threshold) or waiting, then its facts. */
function pendingLine(m: OutboxMessage, now: Date, overdue: boolean): string {
  const untilNext = m.nextAttemptAt.getTime() - now.getTime();
  const next = `${m.nextAttemptAt.toISOString()} (${untilNext > 0 ? `in ${humanAge(untilNext)}` : "due"})`;
  // An error from a transport may span lines; one line per mail keeps the list greppable.
  const error = m.lastError?.replace(/\s+/g, " ").trim() || "none";
  return [
    overdue ? "OVERDUE" : "waiting",
    m.id,
    m.kind.padEnd(22),
    `submission ${m.submissionId}`,
    `age ${humanAge(now.getTime() - m.createdAt.getTime())}`.padEnd(11),
    `attempts ${m.attempts}`,
    `next attempt ${next}`,
    `last error: ${error}`,
  ].join("  ");
}

/**
 * A cell a spreadsheet would read as a formula: one starting with = + - @, or with their
 * full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20), which Excel and LibreOffice take
 * for the same. Spaces before them (any Unicode space) do not make a cell safe: an
 * import may trim them (LibreOffice's "Trim spaces"). A leading tab or CR is defused too.
 */
const FORMULA_START = /^(\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

/** A CSV cell, quoted, and defused so a spreadsheet never runs visitor text as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_COLUMNS: [string, (s: StoredSubmission) => unknown][] = [
  ["id", (s) => s.id],
  ["kind", (s) => s.kind],
  ["created_at", (s) => s.createdAt],
  ["name", (s) => s.name],
  ["email", (s) => s.email],
  ["phone", (s) => s.phone],
  ["job", (s) => s.jobTitle],
  ["message", (s) => s.message],
  ["comment", (s) => s.comment],
  ["cv_file", (s) => s.cv?.fileName],
  ["cv_size", (s) => s.cv?.size],
  ["consent_at", (s) => s.consentAt],
  ["privacy_version", (s) => s.privacyVersion],
  ["mail_pending", (s) => s.mail.pending],
];

function line(s: StoredSubmission): string {
  const about = s.kind === "application" ? `${s.jobTitle}` : "contact message";
  const mail = s.mail.pending > 0 ? `, ${s.mail.pending} mail pending` : "";
  return `${s.id}  ${s.createdAt.toISOString()}  ${s.kind.padEnd(11)}  ${s.name} <${s.email}>  ${about}${mail}`;
}

async function allSubmissions(store: Store): Promise<StoredSubmission[]> {
  const all: StoredSubmission[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await store.list({ limit: 500, offset });
    all.push(...page);
    if (page.length < 500) return all;
  }
}

const OPTIONS = {
  kind: { type: "string" },
  limit: { type: "string" },
  csv: { type: "boolean" },
  out: { type: "string" },
  "older-than": { type: "string" },
  email: { type: "string" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** `list` is for reading on a screen; `export --csv` is the way to everything. */
const LIST_LIMIT_MAX = 10_000;

/** `--limit`'s value as a number of rows: a whole number from 1 to LIST_LIMIT_MAX. */
function parseLimit(text: string | undefined): number {
  if (text === undefined) return 50;
  const limit = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= LIST_LIMIT_MAX))
    throw new UsageError(`--limit takes a whole number from 1 to ${LIST_LIMIT_MAX}, not "${text}".`);
  return limit;
}

/**
 * parseArgs reads the `-5` of `--limit -5` as an option of its own and stops with
 * "argument is ambiguous", which does not say what is wrong. Joined as `--limit=-5` it
 * arrives as the value, and parseLimit refuses it by name. Only a value that looks like a
 * negative number is joined, so `--limit --kind x` still reads as a missing value.
 */
function joinNegativeLimit(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === "--") return [...joined, ...argv.slice(i)];
    if (argv[i] === "--limit" && next !== undefined && /^-[\d.]/.test(next)) {
      joined.push(`--limit=${next}`);
      i++;
    } else joined.push(argv[i] as string);
  }
  return joined;
}

/** The command line, checked before any settings are read or any store is opened. */
function parseCommandLine(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: joinNegativeLimit(argv),
    allowPositionals: true,
    options: OPTIONS,
  });
  return {
    values,
    positionals,
    limit: parseLimit(values.limit),
    help: values.help === true || positionals[0] === "help",
  };
}

type CommandLine = ReturnType<typeof parseCommandLine>;

async function run(store: Store, env: ReturnType<typeof readEnv>, args: CommandLine): Promise<number> {
  const { values, positionals } = args;
  const [command, id] = positionals;
  const now = new Date();
  switch (command) {
    case "list": {
      const kind = values.kind as SubmissionKind | undefined;
      if (kind && kind !== "contact" && kind !== "application")
        throw new UsageError("--kind is contact or application.");
      const rows = await store.list({ kind, limit: args.limit });
      for (const row of rows) console.log(line(row));
      console.error(`${rows.length} submission(s).`);
      return 0;
    }
    case "show": {
      if (!id) throw new UsageError("show needs a submission id.");
      const row = await store.get(id);
      if (!row) {
        console.error(`No submission with id ${id}.`);
        return 1;
      }
      console.log(JSON.stringify(row, null, 2));
      return 0;
    }
    case "export": {
      if (!values.csv) throw new UsageError("export writes CSV: add --csv.");
      const rows = await allSubmissions(store);
      console.log(CSV_COLUMNS.map(([name]) => csvCell(name)).join(","));
      for (const row of rows) console.log(CSV_COLUMNS.map(([, get]) => csvCell(get(row))).join(","));
      console.error(`${rows.length} submission(s) exported.`);
      return 0;
    }
    case "cv": {
      if (!id || !values.out) throw new UsageError("cv needs a submission id and --out <file>.");
      const cv = await store.getCv(id);
      if (!cv) {
        console.error(`No CV for submission ${id}.`);
        return 1;
      }
      const refusal = targetRefusal(values.out, {
        force: values.force ?? false,
        livePath: env.DATABASE_URL ? undefined : sqlitePathOf(env),
        example: basename(cv.fileName) || "cv.pdf",
      });
      if (refusal) {
        console.error(refusal);
        return 2;
      }
      try {
        // Owner-only: a CV is an applicant's personal data.
        writeThroughTemp(values.out, (temp) => writePrivateFile(temp, cv.bytes));
      } catch (error) {
        console.error(`Could not write ${values.out}, nothing written: ${(error as Error).message}`);
        return 1;
      }
      console.error(
        `Wrote ${cv.fileName} (${cv.detectedType}, ${cv.size} bytes, sha256 ${cv.sha256}) to ${values.out}.`,
      );
      return 0;
    }
    case "purge": {
      // A bare purge deletes when the built privacy notice says (decision 0010).
      if (!values["older-than"]) requireBuiltRetention(env, { required: false });
      const cutoffs = values["older-than"]
        ? (() => {
            const at = new Date(now.getTime() - parseDuration(values["older-than"]));
            return { contact: at, application: at };
          })()
        : {
            contact: new Date(now.getTime() - env.RETENTION_CONTACT_DAYS * 86_400_000),
            application: new Date(now.getTime() - env.RETENTION_APPLICATION_DAYS * 86_400_000),
          };
      const result = await store.purge(cutoffs);
      console.log(
        `Deleted ${result.deleted} submission(s) (contact messages before ${cutoffs.contact.toISOString()}, applications before ${cutoffs.application.toISOString()}).`,
      );
      if (result.keptPending > 0)
        console.log(`Kept ${result.keptPending} old submission(s) whose mail is not delivered yet.`);
      return 0;
    }
    case "delete": {
      if (!values.email) throw new UsageError("delete needs --email <address>.");
      const count = await store.deleteByEmail(values.email);
      console.log(`Deleted ${count} submission(s) from ${values.email}.`);
      return 0;
    }
    case "pending": {
      const threshold = values["older-than"]
        ? parseDurationWithLabel(values["older-than"])
        : { ms: env.MAIL_ALERT_AFTER_MINUTES * 60_000, label: `${env.MAIL_ALERT_AFTER_MINUTES} min` };
      // Every pending mail (created up to now), oldest first: young mail is what an outage looks like.
      const pending = await store.pendingMail(new Date(now.getTime() + 1));
      if (pending.length === 0) {
        console.log("No undelivered mail.");
        return 0;
      }
      const overdueBefore = now.getTime() - threshold.ms;
      let overdue = 0;
      for (const m of pending) {
        const isOverdue = m.createdAt.getTime() < overdueBefore;
        if (isOverdue) overdue++;
        console.log(pendingLine(m, now, isOverdue));
      }
      const count = `${pending.length} undelivered mail message(s)`;
      if (overdue > 0) {
        console.log(`${count}; ${overdue} older than ${threshold.label} (exit 1)`);
        return 1;
      }
      console.log(`${count}; none older than ${threshold.label}`);
      return 0;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  }
}

// ── backup and restore (SQLite) ──────────────────────────────────────────────────────

/** What PostgreSQL operators run instead: the database's own tools, not a copy by us. */
const POSTGRES_BACKUP_ADVICE = `The store is PostgreSQL (DATABASE_URL is set); this command copies only the SQLite file.
Back PostgreSQL up with its own tools (or your provider's point-in-time recovery):
  pg_dump --format=custom --file=blueberry-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"
Restore (replicas stopped) with:
  pg_restore --clean --if-exists --no-owner --exit-on-error --single-transaction --dbname="$DATABASE_URL" blueberry-<date>.dump
The dump holds applicants' CVs: keep it owner-only and off this machine.`;

/** A file created only by us (O_EXCL), owner-only from its first byte. */
function createPrivateFile(path: string): void {
  closeSync(openSync(path, "wx", 0o600));
}

/** `bytes` in a new owner-only file (O_EXCL), flushed to disk. */
function writePrivateFile(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, "wx", 0o600);
  try {
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a file (or a folder, so a rename in it is durable) to disk. */
function fsyncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A name beside `near` that nothing else uses, hidden, for a file being written. */
function tempPathBeside(near: string, purpose: string): string {
  return join(dirname(near), `.${basename(near)}.${randomBytes(6).toString("hex")}.${purpose}`);
}

/** `path` with its folder's symlinks resolved, whether or not the file itself exists. */
function realLocation(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  return join(realpathSync(dirname(absolute)), basename(absolute));
}

/** The live file itself or one of SQLite's files beside it (-wal, -shm, -journal). */
function isPartOfLiveStore(path: string, livePath: string): boolean {
  const live = realLocation(livePath);
  const target = realLocation(path);
  return target === live || target.startsWith(`${live}-`);
}

interface StoreFacts {
  submissions: number;
  applications: number;
  cvBytes: number;
  schemaVersion: number;
}

/**
 * Checks that `path` is a whole, undamaged store of ours (`PRAGMA integrity_check`, the
 * tables), read-only, and counts what it holds; throws a sentence otherwise.
 */
function inspectStoreFile(path: string): StoreFacts {
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

function describeFacts(facts: StoreFacts, fileBytes: number): string {
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

/** Removes `temp` if this process is stopped (Ctrl-C, cron's timeout) before it is renamed. */
function removeOnSignal(temp: string): () => void {
  const handler = (signal: NodeJS.Signals) => {
    rmSync(temp, { force: true });
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", handler).once("SIGTERM", handler);
  return () => process.off("SIGINT", handler).off("SIGTERM", handler);
}

/**
 * Why the CLI will not write `target` (a sentence for exit 2), or null: its folder is
 * missing, it is the live store (or one of SQLite's files beside it), it is a folder, or
 * it exists and `force` was not given.
 */
function targetRefusal(
  target: string,
  { force, livePath, example }: { force: boolean; livePath: string | undefined; example: string },
): string | null {
  const folder = dirname(resolve(target));
  if (!existsSync(folder)) return `The folder ${folder} does not exist: create it first.`;
  if (livePath && isPartOfLiveStore(target, livePath))
    return `${target} is the live store's own file (or one of SQLite's files beside it); write elsewhere.`;
  const existing = lstatSync(target, { throwIfNoEntry: false });
  if (existing?.isDirectory()) return `${target} is a folder; name the file to write, e.g. ${join(target, example)}.`;
  if (existing && !force) return `${target} already exists; add --force to replace it (or pick a new name).`;
  return null;
}

/**
 * Writes `target` by way of a hidden temporary file beside it, which `fill` creates
 * (owner-only) and writes, renamed into place only once whole and on disk: no one ever
 * sees half a file, and a failure or Ctrl-C leaves `target` as it was. A rename within
 * the folder replaces a symlink at `target` rather than writing through it.
 */
function writeThroughTemp<T>(target: string, fill: (temp: string) => T): T {
  const temp = tempPathBeside(resolve(target), "partial");
  const stopWatching = removeOnSignal(temp);
  try {
    const result = fill(temp);
    renameSync(temp, target);
    fsyncPath(dirname(resolve(target)));
    return result;
  } finally {
    stopWatching();
    rmSync(temp, { force: true });
  }
}

function backupStore(livePath: string, target: string | undefined, force: boolean): number {
  if (!target) throw new UsageError("backup needs a file to write: backup <file>.");
  if (!existsSync(livePath)) {
    console.error(`No SQLite store at ${livePath} (check DATA_DIR): nothing to back up.`);
    return 1;
  }
  const refusal = targetRefusal(target, { force, livePath, example: "blueberry.sqlite" });
  if (refusal) {
    console.error(refusal);
    return 2;
  }

  const started = performance.now();
  try {
    const { facts, bytes } = writeThroughTemp(target, (temp) => {
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
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    console.log(`Backed up ${livePath} to ${target}: ${describeFacts(facts, bytes)}, in ${seconds} s.`);
    console.log("It holds applicants' CVs: keep it owner-only and copy it off this machine.");
    return 0;
  } catch (error) {
    console.error(`Backup failed, nothing written to ${target}: ${(error as Error).message}`);
    return 1;
  }
}

/**
 * Whether another connection (the server, a sqlite3 shell) has the store open: leaving WAL
 * mode needs the only connection, so it fails with SQLITE_BUSY while any other is open,
 * and otherwise folds the WAL into the file, which then stands alone. Throws a sentence
 * only when in use; a file too damaged to open is not "in use" (it is being replaced).
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

function restoreStore(livePath: string, source: string | undefined, force: boolean): number {
  if (!source) throw new UsageError("restore needs the backup file: restore <file> --force.");
  if (!force) {
    console.error(
      `restore replaces the store at ${livePath} with ${source}.\n` +
        "Stop the server first (every process using this DATA_DIR), then run again with --force.",
    );
    return 2;
  }
  if (!statSync(source, { throwIfNoEntry: false })?.isFile()) {
    console.error(`${source} is not a file.`);
    return 2;
  }
  const dataDir = dirname(resolve(livePath));
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (isPartOfLiveStore(source, livePath)) {
    console.error(`${source} is the live store itself; restore from a backup elsewhere.`);
    return 2;
  }

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
    // The replaced store is kept, not deleted: a restore of the wrong file must be undoable.
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const kept = `${livePath}.replaced-${stamp}`;
    const moved: string[] = [];
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      if (existsSync(livePath + suffix)) {
        renameSync(livePath + suffix, kept + suffix);
        moved.push(kept + suffix);
      }
    }
    renameSync(temp, livePath);
    fsyncPath(dataDir);
    console.log(`Restored ${source} to ${livePath}: ${describeFacts(facts, statSync(livePath).size)}.`);
    if (unreadable) console.log(`The replaced store could not be opened (${unreadable}).`);
    if (moved.length > 0)
      console.log(
        `The replaced store is kept as ${moved.join(", ")}; it holds CVs: delete it once the restored site is checked.`,
      );
    console.log("Start the server now.");
    return 0;
  } catch (error) {
    console.error(`Restore failed, the store at ${livePath} is unchanged: ${(error as Error).message}`);
    return 1;
  } finally {
    stopWatching();
    rmSync(temp, { force: true });
  }
}

/** The SQLite store's file in DATA_DIR, as the server names it. */
function sqlitePathOf(env: ReturnType<typeof readEnv>): string {
  return join(env.DATA_DIR, "blueberry.sqlite");
}

/** backup and restore work on the file itself and must not open (or create) the store first. */
function runFileCommand(env: ReturnType<typeof readEnv>, { values, positionals }: CommandLine): number | null {
  const [command, file] = positionals;
  if (command !== "backup" && command !== "restore") return null;
  if (env.DATABASE_URL) {
    console.error(POSTGRES_BACKUP_ADVICE);
    return 2;
  }
  // Anything this process creates (the copy, SQLite's own side files) is owner-only.
  process.umask(0o077);
  const livePath = sqlitePathOf(env);
  const force = values.force ?? false;
  return command === "backup" ? backupStore(livePath, file, force) : restoreStore(livePath, file, force);
}

/** Usage and settings mistakes: the message (and the usage text), exit 2; anything else is a bug. */
function usageFailure(error: unknown): number {
  if (error instanceof EnvError) {
    console.error(error.message);
    return 2;
  }
  if (!(error instanceof UsageError) && !(error instanceof TypeError && "code" in error)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  return 2;
}

// Run only when called as a script (tests import the helpers above).
if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith("scripts/submissions.ts")) {
  // Help and the command line's own mistakes need no settings and no store.
  let args: CommandLine;
  try {
    args = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    process.exit(usageFailure(error));
  }
  if (args.help) {
    console.log(USAGE);
    process.exit(0);
  }
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  let code: number | null;
  try {
    code = runFileCommand(env, args);
  } catch (error) {
    code = usageFailure(error);
  }
  if (code === null) {
    let store: Store;
    try {
      // One attempt, unlike the server's start: an operator (or cron) wants the answer now.
      // An operator's command may read or delete many rows, and may wait for the running
      // server's write lock: a minute per statement, not the server's seconds.
      store = await openStoreWhenReachable(
        {
          databaseUrl: env.DATABASE_URL,
          sqlitePath: sqlitePathOf(env),
          limits: { statementMs: 60_000, acquireMs: 10_000 },
          pool: { size: 2, name: "blueberry-submissions-cli" },
        },
        { giveUpAfterMs: 0, log: () => {} },
      );
    } catch (error) {
      if (!(error instanceof StoreStartError)) throw error;
      console.error(error.message);
      process.exit(1);
    }
    try {
      code = await run(store, env, args);
    } catch (error) {
      code = usageFailure(error);
    } finally {
      await store.close();
    }
  }
  process.exit(code);
}
