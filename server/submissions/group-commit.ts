/**
 * Group commit: writes asked for in the same turn of the event loop go to the database in
 * one transaction. On SQLite each transaction is statements run on the event loop and a WAL
 * sync to wait for (`durable()`, dialects.ts), so under load many visitors' saves cost one
 * of each; each caller still hears back only after the COMMIT that holds its row, and its
 * sync (docs/decisions/0021-group-commit-for-sqlite-saves.md).
 */

interface GroupCommitOptions {
  /** The most writes in one transaction: bounds its size (CVs are up to 512 KB each). */
  maxBatch: number;
  /**
   * True when the error is about one of the rows (a constraint, a value that cannot be
   * bound) rather than the database (locked, timed out, gone): then each write is tried
   * on its own, so one bad row does not fail the visitors who happened to share its turn.
   */
  isAboutOneRow(error: unknown): boolean;
}

interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/** Returns `write(item)`, which resolves once `writeAll` has committed a batch holding it. */
export function groupCommits<T>(
  writeAll: (items: T[]) => Promise<void>,
  { maxBatch, isAboutOneRow }: GroupCommitOptions,
): (item: T) => Promise<void> {
  let waiting: Waiting<T>[] = [];

  async function commit(batch: Waiting<T>[]): Promise<void> {
    try {
      await writeAll(batch.map((w) => w.item));
      for (const w of batch) w.resolve();
    } catch (error) {
      if (batch.length === 1 || !isAboutOneRow(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      // Nothing of the batch was written (the transaction rolled back): each on its own.
      await Promise.all(batch.map((w) => commit([w])));
    }
  }

  function flush(): void {
    const taken = waiting;
    waiting = [];
    for (let start = 0; start < taken.length; start += maxBatch) void commit(taken.slice(start, start + maxBatch));
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      // The first write of a turn schedules the commit for after every request read in it.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ item, resolve, reject });
    });
}
