/**
 * Files that hold applicants' data outside the store (a backup, a CV written out by the
 * company's tool, `server/cli/`): owner-only from their first byte, written whole beside
 * their target and renamed into place only once on disk, never half-written.
 */
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/** A file created only by us (O_EXCL), owner-only from its first byte. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, "wx", 0o600));
}

/** `bytes` in a new owner-only file (O_EXCL), flushed to disk. */
export function writePrivateFile(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, "wx", 0o600);
  try {
    writeFileSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a file (or a folder, so a rename in it is durable) to disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** A name beside `near` that nothing else uses, hidden, for a file being written. */
export function tempPathBeside(near: string, purpose: string): string {
  return join(dirname(near), `.${basename(near)}.${randomBytes(6).toString("hex")}.${purpose}`);
}

/** `path` with its folder's symlinks resolved, whether or not the file itself exists. */
function realLocation(path: string): string {
  const absolute = resolve(path);
  if (existsSync(absolute)) return realpathSync(absolute);
  return join(realpathSync(dirname(absolute)), basename(absolute));
}

/** The live file itself or one of SQLite's files beside it (-wal, -shm, -journal). */
export function isPartOfLiveStore(path: string, livePath: string): boolean {
  const live = realLocation(livePath);
  const target = realLocation(path);
  return target === live || target.startsWith(`${live}-`);
}

/**
 * Removes `temp` if this process is stopped (Ctrl-C, cron's timeout) before it is renamed,
 * and exits as a signalled command does. For one-shot commands, never the server. Returns
 * the function that stops watching.
 */
export function removeOnSignal(temp: string): () => void {
  const handler = (signal: NodeJS.Signals) => {
    rmSync(temp, { force: true });
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", handler).once("SIGTERM", handler);
  return () => process.off("SIGINT", handler).off("SIGTERM", handler);
}

/**
 * Writes `target` by way of a hidden temporary file beside it, which `fill` creates
 * (owner-only) and writes, renamed into place only once whole and on disk: no one ever
 * sees half a file, and a failure or Ctrl-C leaves `target` as it was. A rename within
 * the folder replaces a symlink at `target` rather than writing through it.
 */
export function writeThroughTemp<T>(target: string, fill: (temp: string) => T): T {
  const temp = tempPathBeside(resolve(target), "partial");
  const stopWatching = removeOnSignal(temp);
  try {
    const result = fill(temp);
    renameSync(temp, target);
    fsyncPath(dirname(resolve(target)));
    return result;
  } finally {
    stopWatching();
    rmSync(temp, { force: true });
  }
}
