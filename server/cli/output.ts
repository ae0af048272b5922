/**
 * What the submissions tool prints: a submission or an undelivered mail on one line, ages
 * for people, and CSV a spreadsheet opens without running visitor text as a formula.
 */
import type { OutboxMessage, StoredSubmission } from "../submissions/store-types.ts";

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
export function pendingLine(m: OutboxMessage, now: Date, overdue: boolean): string {
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

/** One submission on one line, as `list` prints it. */
export function submissionLine(s: StoredSubmission): string {
  const about = s.kind === "application" ? `${s.jobTitle}` : "contact message";
  const mail = s.mail.pending > 0 ? `, ${s.mail.pending} mail pending` : "";
  return `${s.id}  ${s.createdAt.toISOString()}  ${s.kind.padEnd(11)}  ${s.name} <${s.email}>  ${about}${mail}`;
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

/** `export --csv`'s columns: a header and how to read each from a submission. */
export const CSV_COLUMNS: [string, (s: StoredSubmission) => unknown][] = [
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
