/**
 * How the outbox's parts write errors and times into the log and the outbox rows. One
 * place, so every line reads alike and no error text carries more than its message.
 */

/** Stored with the row and logged; a whole SMTP transcript helps no one. */
const MAX_ERROR_LENGTH = 500;

/** The message only: never a stack, never the mail (it may carry a CV). */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const oneLine = text.replace(/\s+/g, " ").trim() || "unknown error";
  return oneLine.length > MAX_ERROR_LENGTH ? `${oneLine.slice(0, MAX_ERROR_LENGTH - 1)}…` : oneLine;
}

export function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

export function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
