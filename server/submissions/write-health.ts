/**
 * Whether the store can write, for readiness: a full disk or a read-only database still
 * answers every read, so only writes tell. Two signals, one verdict
 * (docs/decisions/0034-readiness-follows-failed-writes.md):
 *
 * - the readiness check's own probe, one small write each time it asks: it fails while the
 *   store cannot write, and succeeds again once it can, without a restart;
 * - a caller's write that the database refused for want of storage: a bigger write than
 *   the probe's may fail where the probe still fits (PostgreSQL rewrites the probe's row
 *   in its page; SQLite reuses its WAL file after a checkpoint), so such a refusal keeps
 *   the store unready for `REFUSED_WRITE_HOLD_MS`, or until a write commits.
 */
import { isStorageFailure } from "./db-errors.ts";

/** How long a write the database refused for want of storage keeps the store unready while the probe still fits. */
export const REFUSED_WRITE_HOLD_MS = 30_000;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.replace(/\s+/g, " ").trim();
}

export interface WriteHealth {
  /** A caller's write committed: the store writes. */
  wrote(): void;
  /** A caller's write failed; remembered when the database could not store it. */
  failed(error: unknown, now: number): void;
  /** The probe failed: why the store cannot write now. */
  probeFailed(error: unknown): string;
  /** The probe committed: null, or why the store still counts as unable to write. */
  probeWrote(now: number): string | null;
}

export function writeHealth(holdMs = REFUSED_WRITE_HOLD_MS): WriteHealth {
  /** A caller's write refused for want of storage, that no write has followed yet. */
  let refused: { at: number; reason: string } | null = null;
  return {
    wrote() {
      refused = null;
    },
    failed(error, now) {
      if (isStorageFailure(error)) refused = { at: now, reason: messageOf(error) };
    },
    probeFailed(error) {
      // The probe hits the same wall: from here on it alone judges, and its first success
      // means the wall is gone (space is back), not merely that a small write fits.
      if (isStorageFailure(error)) refused = null;
      return `the store cannot write: ${messageOf(error)}`;
    },
    probeWrote(now) {
      if (refused === null) return null;
      const ago = now - refused.at;
      if (ago >= holdMs) {
        refused = null;
        return null;
      }
      return `a write failed ${Math.round(ago / 1000)} s ago: ${refused.reason}`;
    },
  };
}
