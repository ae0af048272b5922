/**
 * The submissions tool's commands on an open store: list, show, export, cv, purge, delete
 * and pending. Each prints what it did and returns the exit code.
 */
import { basename } from "node:path";
import type { SubmissionKind } from "../../common/submissions.ts";
import { type Env, requireBuiltRetention } from "../env.ts";
import { writePrivateFile, writeThroughTemp } from "../submissions/private-files.ts";
import type { Store, StoredSubmission } from "../submissions/store-types.ts";
import { type CommandLine, parseDuration, parseDurationWithLabel, UsageError } from "./command-line.ts";
import { sqlitePathOf, targetRefusal } from "./file-commands.ts";
import { CSV_COLUMNS, csvCell, pendingLine, submissionLine } from "./output.ts";
import type { Terminal } from "./terminal.ts";

async function allSubmissions(store: Store): Promise<StoredSubmission[]> {
  const all: StoredSubmission[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await store.list({ limit: 500, offset });
    all.push(...page);
    if (page.length < 500) return all;
  }
}

/** What every store command works with: where it writes, the store, the settings and the time it started. */
interface StoreCommandContext {
  terminal: Terminal;
  store: Store;
  env: Env;
  now: Date;
}

/** `cv <id> --out <file> [--force]`: an application's CV in a new owner-only file. */
async function writeCv(
  { terminal, store, env }: StoreCommandContext,
  id: string | undefined,
  args: CommandLine,
): Promise<number> {
  const { out, force } = args.values;
  if (!id || !out) throw new UsageError("cv needs a submission id and --out <file>.");
  const cv = await store.getCv(id);
  if (!cv) {
    terminal.err(`No CV for submission ${id}.`);
    return 1;
  }
  const refusal = targetRefusal(out, {
    force: force ?? false,
    livePath: env.DATABASE_URL ? undefined : sqlitePathOf(env),
    example: basename(cv.fileName) || "cv.pdf",
  });
  if (refusal) {
    terminal.err(refusal);
    return 2;
  }
  try {
    // Owner-only: a CV is an applicant's personal data.
    writeThroughTemp(out, (temp) => writePrivateFile(temp, cv.bytes));
  } catch (error) {
    terminal.err(`Could not write ${out}, nothing written: ${(error as Error).message}`);
    return 1;
  }
  terminal.err(`Wrote ${cv.fileName} (${cv.detectedType}, ${cv.size} bytes, sha256 ${cv.sha256}) to ${out}.`);
  return 0;
}

/** `purge [--older-than <N>d]`: old submissions deleted, bare on the retention periods. */
async function purge(
  { terminal, store, env, now }: StoreCommandContext,
  olderThan: string | undefined,
): Promise<number> {
  // A bare purge deletes when the built privacy notice says (decision 0010).
  if (!olderThan) requireBuiltRetention(env, { required: false });
  const cutoffs = olderThan
    ? (() => {
        const at = new Date(now.getTime() - parseDuration(olderThan));
        return { contact: at, application: at };
      })()
    : {
        contact: new Date(now.getTime() - env.RETENTION_CONTACT_DAYS * 86_400_000),
        application: new Date(now.getTime() - env.RETENTION_APPLICATION_DAYS * 86_400_000),
      };
  const result = await store.purge(cutoffs);
  terminal.out(
    `Deleted ${result.deleted} submission(s) (contact messages before ${cutoffs.contact.toISOString()}, applications before ${cutoffs.application.toISOString()}).`,
  );
  if (result.keptPending > 0)
    terminal.out(`Kept ${result.keptPending} old submission(s) whose mail is not delivered yet.`);
  return 0;
}

/** `pending [--older-than <N>m|h|d]`: every undelivered mail; exit 1 when any is overdue. */
async function pending(
  { terminal, store, env, now }: StoreCommandContext,
  olderThan: string | undefined,
): Promise<number> {
  const threshold = olderThan
    ? parseDurationWithLabel(olderThan)
    : { ms: env.MAIL_ALERT_AFTER_MINUTES * 60_000, label: `${env.MAIL_ALERT_AFTER_MINUTES} min` };
  // Every pending mail (created up to now), oldest first: young mail is what an outage looks like.
  const mails = await store.pendingMail(new Date(now.getTime() + 1));
  if (mails.length === 0) {
    terminal.out("No undelivered mail.");
    return 0;
  }
  const overdueBefore = now.getTime() - threshold.ms;
  let overdue = 0;
  for (const m of mails) {
    const isOverdue = m.createdAt.getTime() < overdueBefore;
    if (isOverdue) overdue++;
    terminal.out(pendingLine(m, now, isOverdue));
  }
  const count = `${mails.length} undelivered mail message(s)`;
  if (overdue > 0) {
    terminal.out(`${count}; ${overdue} older than ${threshold.label} (exit 1)`);
    return 1;
  }
  terminal.out(`${count}; none older than ${threshold.label}`);
  return 0;
}

/** Runs the command the command line names against `store`; its exit code. */
export async function runStoreCommand(store: Store, env: Env, args: CommandLine, terminal: Terminal): Promise<number> {
  const { values, positionals } = args;
  const [command, id] = positionals;
  const context: StoreCommandContext = { terminal, store, env, now: new Date() };
  switch (command) {
    case "list": {
      const kind = values.kind as SubmissionKind | undefined;
      if (kind && kind !== "contact" && kind !== "application")
        throw new UsageError("--kind is contact or application.");
      const rows = await store.list({ kind, limit: args.limit });
      for (const row of rows) terminal.out(submissionLine(row));
      terminal.err(`${rows.length} submission(s).`);
      return 0;
    }
    case "show": {
      if (!id) throw new UsageError("show needs a submission id.");
      const row = await store.get(id);
      if (!row) {
        terminal.err(`No submission with id ${id}.`);
        return 1;
      }
      terminal.out(JSON.stringify(row, null, 2));
      return 0;
    }
    case "export": {
      if (!values.csv) throw new UsageError("export writes CSV: add --csv.");
      const rows = await allSubmissions(store);
      terminal.out(CSV_COLUMNS.map(([name]) => csvCell(name)).join(","));
      for (const row of rows) terminal.out(CSV_COLUMNS.map(([, get]) => csvCell(get(row))).join(","));
      terminal.err(`${rows.length} submission(s) exported.`);
      return 0;
    }
    case "cv":
      return writeCv(context, id, args);
    case "purge":
      return purge(context, values["older-than"]);
    case "delete": {
      if (!values.email) throw new UsageError("delete needs --email <address>.");
      const count = await store.deleteByEmail(values.email);
      terminal.out(`Deleted ${count} submission(s) from ${values.email}.`);
      return 0;
    }
    case "pending":
      return pending(context, values["older-than"]);
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "No command given.");
  }
}
