/**
 * The submissions tool's commands on files: `backup` and `restore` of the SQLite store
 * (`server/submissions/backup.ts` does the work; this says what it did, or why not), and
 * the checks on any file the tool is asked to write (a backup, a CV).
 */
import { existsSync, lstatSync, mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Env } from "../env.ts";
import { backupSqliteStore, describeFacts, restoreSqliteStore } from "../submissions/backup.ts";
import { isPartOfLiveStore } from "../submissions/private-files.ts";
import { storeOptionsFrom } from "../submissions/store.ts";
import { type CommandLine, UsageError } from "./command-line.ts";
import type { Terminal } from "./terminal.ts";

/** What PostgreSQL operators run instead: the database's own tools, not a copy by us. */
const POSTGRES_BACKUP_ADVICE = `The store is PostgreSQL (DATABASE_URL is set); this command copies only the SQLite file.
Back PostgreSQL up with its own tools (or your provider's point-in-time recovery):
  pg_dump --format=custom --file=blueberry-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"
Restore (replicas stopped) with:
  pg_restore --clean --if-exists --no-owner --exit-on-error --single-transaction --dbname="$DATABASE_URL" blueberry-<date>.dump
The dump holds applicants' CVs: keep it owner-only and off this machine.`;

/** The SQLite store's file in DATA_DIR, as the server names it. */
export function sqlitePathOf(env: Env): string {
  return storeOptionsFrom(env).sqlitePath;
}

/**
 * Why the tool will not write `target` (a sentence for exit 2), or null: its folder is
 * missing, it is the live store (or one of SQLite's files beside it), it is a folder, or
 * it exists and `force` was not given.
 */
export function targetRefusal(
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

function backupCommand(terminal: Terminal, livePath: string, target: string | undefined, force: boolean): number {
  if (!target) throw new UsageError("backup needs a file to write: backup <file>.");
  if (!existsSync(livePath)) {
    terminal.err(`No SQLite store at ${livePath} (check DATA_DIR): nothing to back up.`);
    return 1;
  }
  const refusal = targetRefusal(target, { force, livePath, example: "blueberry.sqlite" });
  if (refusal) {
    terminal.err(refusal);
    return 2;
  }

  const started = performance.now();
  try {
    const { facts, bytes } = backupSqliteStore(livePath, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    terminal.out(`Backed up ${livePath} to ${target}: ${describeFacts(facts, bytes)}, in ${seconds} s.`);
    terminal.out("It holds applicants' CVs: keep it owner-only and copy it off this machine.");
    return 0;
  } catch (error) {
    terminal.err(`Backup failed, nothing written to ${target}: ${(error as Error).message}`);
    return 1;
  }
}

function restoreCommand(terminal: Terminal, livePath: string, source: string | undefined, force: boolean): number {
  if (!source) throw new UsageError("restore needs the backup file: restore <file> --force.");
  if (!force) {
    terminal.err(
      `restore replaces the store at ${livePath} with ${source}.\n` +
        "Stop the server first (every process using this DATA_DIR), then run again with --force.",
    );
    return 2;
  }
  if (!statSync(source, { throwIfNoEntry: false })?.isFile()) {
    terminal.err(`${source} is not a file.`);
    return 2;
  }
  mkdirSync(dirname(resolve(livePath)), { recursive: true, mode: 0o700 });
  if (isPartOfLiveStore(source, livePath)) {
    terminal.err(`${source} is the live store itself; restore from a backup elsewhere.`);
    return 2;
  }

  try {
    const restored = restoreSqliteStore(livePath, source);
    terminal.out(`Restored ${source} to ${livePath}: ${describeFacts(restored.facts, restored.bytes)}.`);
    if (restored.unreadable) terminal.out(`The replaced store could not be opened (${restored.unreadable}).`);
    if (restored.kept.length > 0)
      terminal.out(
        `The replaced store is kept as ${restored.kept.join(", ")}; it holds CVs: delete it once the restored site is checked.`,
      );
    terminal.out("Start the server now.");
    return 0;
  } catch (error) {
    terminal.err(`Restore failed, the store at ${livePath} is unchanged: ${(error as Error).message}`);
    return 1;
  }
}

/**
 * `backup` and `restore`, which work on the file itself and must not open (or create) the
 * store first: their exit code, or null for any other command.
 */
export function runFileCommand(env: Env, { values, positionals }: CommandLine, terminal: Terminal): number | null {
  const [command, file] = positionals;
  if (command !== "backup" && command !== "restore") return null;
  if (env.DATABASE_URL) {
    terminal.err(POSTGRES_BACKUP_ADVICE);
    return 2;
  }
  // Anything this process creates (the copy, SQLite's own side files) is owner-only.
  process.umask(0o077);
  const livePath = sqlitePathOf(env);
  const force = values.force ?? false;
  return command === "backup"
    ? backupCommand(terminal, livePath, file, force)
    : restoreCommand(terminal, livePath, file, force);
}
