/**
 * The server writes one JSON object per line (server/log.ts). Tests that look for a
 * message read it as text again: each line's `msg` (and an error's stack under it, so a
 * test can still say "no stack trace"), with lines that are not JSON (the plain-text
 * refusal of an invalid environment, before the logger runs) kept as they are.
 */
export interface LogRecord {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

/** The JSON lines of a server's output, parsed; other lines are left out. */
export function logRecords(output: string): LogRecord[] {
  return output.split("\n").flatMap((line) => {
    const record = parseRecord(line);
    return record ? [record] : [];
  });
}

/** The output as its messages, one per line, as a person reading the log would see it. */
export function logText(output: string): string {
  return output
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      const record = parseRecord(line);
      if (!record) return line;
      return record.err?.stack ? `${record.msg}\n${record.err.stack}` : record.msg;
    })
    .join("\n");
}

function parseRecord(line: string): LogRecord | null {
  if (!line.startsWith("{")) return null;
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value === "object" && value !== null && typeof (value as LogRecord).msg === "string")
      return value as LogRecord;
  } catch {
    // Not a log line (a library's own output, half a line): left to the text form.
  }
  return null;
}
