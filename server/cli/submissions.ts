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
 * This file is the entry point only: `run.ts` runs the command; the command line is read in
 * `command-line.ts`, the store's commands are `store-commands.ts`, backup and restore
 * `file-commands.ts`.
 */
import { runSubmissionsCommand } from "./run.ts";
import { processTerminal } from "./terminal.ts";

process.exit(await runSubmissionsCommand(process.argv.slice(2), process.env, processTerminal));
