/**
 * The submissions tool's command line (`npm run submissions -- …`): its usage text, its
 * options, and the values they take, checked before any settings are read or any store
 * is opened.
 */
import { parseArgs } from "node:util";

export const USAGE = `Usage: npm run submissions -- <command>
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

/** A mistake in the command line: its message and the usage text, exit 2. */
export class UsageError extends Error {}

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

/**
 * The command line, checked before any settings are read or any store is opened. Throws
 * a UsageError, or parseArgs' own TypeError (with a `code`) for an unknown option.
 */
export function parseCommandLine(argv: string[]) {
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

export type CommandLine = ReturnType<typeof parseCommandLine>;
