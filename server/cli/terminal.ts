/**
 * Where a command writes, a line at a time: its output (stdout: rows, CSV, JSON) and its
 * messages (stderr: counts, refusals, errors). The entry point writes to the process's
 * streams; the tests run commands in their own process and read the lines.
 */
export interface Terminal {
  out(line: string): void;
  err(line: string): void;
}

export const processTerminal: Terminal = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};
