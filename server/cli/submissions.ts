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
 *
 * This file is the entry point only: the command line is read in `command-line.ts`, the
 * store's commands are `store-commands.ts`, backup and restore `file-commands.ts`.
 */
import { type Env, EnvError, readEnv } from "../env.ts";
import { openStoreWhenReachable, StoreStartError } from "../submissions/store.ts";
import type { Store } from "../submissions/store-types.ts";
import { type CommandLine, parseCommandLine, USAGE, UsageError } from "./command-line.ts";
import { runFileCommand, sqlitePathOf } from "./file-commands.ts";
import { runStoreCommand } from "./store-commands.ts";

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

/** The store for one command, or exit 1 with the reason when it cannot be reached. */
async function openStoreForCommand(env: Env): Promise<Store | number> {
  try {
    // One attempt, unlike the server's start: an operator (or cron) wants the answer now.
    // An operator's command may read or delete many rows, and may wait for the running
    // server's write lock: a minute per statement, not the server's seconds.
    return await openStoreWhenReachable(
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
    return 1;
  }
}

/** The whole command: its exit code. */
async function main(argv: string[]): Promise<number> {
  // Help and the command line's own mistakes need no settings and no store.
  let args: CommandLine;
  try {
    args = parseCommandLine(argv);
  } catch (error) {
    return usageFailure(error);
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  let env: Env;
  try {
    env = readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    return 2;
  }
  try {
    const code = runFileCommand(env, args);
    if (code !== null) return code;
  } catch (error) {
    return usageFailure(error);
  }
  const store = await openStoreForCommand(env);
  if (typeof store === "number") return store;
  try {
    return await runStoreCommand(store, env, args);
  } catch (error) {
    return usageFailure(error);
  } finally {
    await store.close();
  }
}

process.exit(await main(process.argv.slice(2)));
