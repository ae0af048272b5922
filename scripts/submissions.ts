/**
 * `npm run submissions -- <command>`: the company's tool for what the forms collected,
 * against whichever store the environment names (DATABASE_URL, else the SQLite file).
 *
 *   list [--kind contact|application] [--limit N]   newest first
 *   show <id>                                       one submission in full
 *   export --csv                                    every submission as CSV on stdout
 *   cv <id> --out <file>                            write an application's CV to a file
 *   purge [--older-than 180d]                       delete old submissions (bare: the retention periods)
 *   delete --email <address>                        delete everything from one address
 *   pending [--older-than 60m]                      every undelivered mail, oldest first
 *
 * `pending` lists all undelivered mail, however young, so an outage shows while it happens;
 * lines past the alert threshold (--older-than, default MAIL_ALERT_AFTER_MINUTES) start
 * with OVERDUE, and only those make it exit 1, so a cron job alerts on stuck mail alone.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { EnvError, readEnv, requireBuiltRetention } from "../server/env.ts";
import { openStore } from "../server/submissions/store.ts";
import type { OutboxMessage, StoredSubmission, SubmissionKind, SubmissionStore } from "../common/submissions.ts";

const USAGE = `Usage: npm run submissions -- <command>
  list [--kind contact|application] [--limit N]
  show <id>
  export --csv
  cv <id> --out <file>
  purge [--older-than <N>d]      (bare: RETENTION_CONTACT_DAYS and RETENTION_APPLICATION_DAYS)
  delete --email <address>
  pending [--older-than <N>m|h|d]  every undelivered mail, oldest first; exits 1 if any is
                                  older than that (bare: MAIL_ALERT_AFTER_MINUTES, 60m)`;

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

/** A CSV cell, quoted, and defused so a spreadsheet never runs visitor text as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
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

async function allSubmissions(store: SubmissionStore): Promise<StoredSubmission[]> {
  const all: StoredSubmission[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await store.list({ limit: 500, offset });
    all.push(...page);
    if (page.length < 500) return all;
  }
}

async function run(store: SubmissionStore, env: ReturnType<typeof readEnv>, argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      kind: { type: "string" },
      limit: { type: "string" },
      csv: { type: "boolean" },
      out: { type: "string" },
      "older-than": { type: "string" },
      email: { type: "string" },
    },
  });
  const [command, id] = positionals;
  const now = new Date();
  switch (command) {
    case "list": {
      const kind = values.kind as SubmissionKind | undefined;
      if (kind && kind !== "contact" && kind !== "application")
        throw new UsageError("--kind is contact or application.");
      const rows = await store.list({ kind, limit: values.limit ? Number(values.limit) : 50 });
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
      writeFileSync(values.out, cv.bytes);
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

// Run only when called as a script (tests import the helpers above).
if (import.meta.filename === process.argv[1] || process.argv[1]?.endsWith("scripts/submissions.ts")) {
  let env: ReturnType<typeof readEnv>;
  try {
    env = readEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  // An operator's command may read or delete many rows, and may wait for the running
  // server's write lock: a minute per statement, not the server's seconds.
  const store = await openStore({
    databaseUrl: env.DATABASE_URL,
    sqlitePath: join(env.DATA_DIR, "blueberry.sqlite"),
    limits: { statementMs: 60_000, acquireMs: 10_000 },
    pool: { size: 2, name: "blueberry-submissions-cli" },
  });
  let code: number;
  try {
    code = await run(store, env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      code = 2;
    } else {
      if (!(error instanceof UsageError) && !(error instanceof TypeError && "code" in error)) throw error;
      console.error(`${error.message}\n\n${USAGE}`);
      code = 2;
    }
  } finally {
    await store.close();
  }
  process.exit(code);
}
