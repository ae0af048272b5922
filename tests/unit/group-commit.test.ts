/**
 * How the SQLite store acknowledges a submission under load (docs/decisions/0021): saves
 * asked for in one turn of the event loop share one transaction, and a visitor hears
 * "sent" only after an fdatasync of the WAL that started after their row was committed.
 * The last test runs the real store on a real SQLite file; the sync is observed (and
 * slowed) through the store's seam for it, never skipped.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { fileSyncer, openSqlite } from "../../server/submissions/dialects.ts";
import { groupCommits } from "../../server/submissions/group-commit.ts";
import { createStore } from "../../server/submissions/kysely-store.ts";
import type { ContactInput } from "../../common/submissions.ts";
import { TMP_ROOT } from "../support/temp-dirs.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class RowError extends Error {}

function recordingWriter(fail: (items: string[]) => Error | null = () => null) {
  const batches: string[][] = [];
  const writeAll = async (items: string[]) => {
    batches.push(items);
    await sleep(1);
    const error = fail(items);
    if (error) throw error;
  };
  return { batches, writeAll };
}

const isRowError = (error: unknown) => error instanceof RowError;

describe("groupCommits", () => {
  it("writes what is asked for in one turn in one transaction, and answers each caller after it", async () => {
    const { batches, writeAll } = recordingWriter();
    const write = groupCommits(writeAll, { maxBatch: 64, isAboutOneRow: isRowError });
    const settled: string[] = [];
    const all = ["a", "b", "c"].map((item) => write(item).then(() => settled.push(item)));
    expect(settled, "nobody is answered before the commit").toEqual([]);
    await Promise.all(all);
    expect(batches).toEqual([["a", "b", "c"]]);
    expect(settled.sort()).toEqual(["a", "b", "c"]);

    // The next turn: a new transaction.
    await write("d");
    expect(batches).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("splits a turn's writes into transactions of at most maxBatch", async () => {
    const { batches, writeAll } = recordingWriter();
    const write = groupCommits(writeAll, { maxBatch: 2, isAboutOneRow: isRowError });
    await Promise.all(["a", "b", "c", "d", "e"].map((item) => write(item)));
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it("a bad row fails only its own caller: the others are written again on their own", async () => {
    // Bad input tried: one row the database refuses (a constraint) among good ones.
    const { batches, writeAll } = recordingWriter((items) =>
      items.includes("bad") ? new RowError("constraint failed") : null,
    );
    const write = groupCommits(writeAll, { maxBatch: 64, isAboutOneRow: isRowError });
    const outcomes = await Promise.allSettled(["a", "bad", "c"].map((item) => write(item)));
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(batches[0]).toEqual(["a", "bad", "c"]);
    expect(batches.slice(1).sort()).toEqual([["a"], ["bad"], ["c"]]);
  });

  it("a failure of the database fails the whole batch at once, without trying each again", async () => {
    // Bad condition tried: the database timed out (it would time out again, once per row).
    const { batches, writeAll } = recordingWriter(() => new Error("database is locked for 2000 ms"));
    const write = groupCommits(writeAll, { maxBatch: 64, isAboutOneRow: isRowError });
    const outcomes = await Promise.allSettled(["a", "b"].map((item) => write(item)));
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(batches).toHaveLength(1);
  });
});

describe("fileSyncer", () => {
  it("answers a caller only after a sync that started after its call; callers during one sync share the next", async () => {
    const started: number[] = [];
    let calls = 0;
    const sync = fileSyncer("/unused", async () => {
      started.push(++calls);
      await sleep(5);
    });
    const first = sync(); // starts sync 1
    const second = sync(); // sync 1 is running: waits for sync 2
    const third = sync(); // shares sync 2
    await first;
    expect(started).toEqual([1, 2]);
    await Promise.all([second, third]);
    expect(started).toEqual([1, 2]);
    await sync(); // nothing running: a sync of its own
    expect(started).toEqual([1, 2, 3]);
  });

  it("a failed sync fails its callers, and the next call syncs again", async () => {
    let fail = true;
    const sync = fileSyncer("/unused", async () => {
      await sleep(1);
      if (fail) throw new Error("EIO");
    });
    await expect(sync()).rejects.toThrow("EIO");
    fail = false;
    await expect(sync()).resolves.toBeUndefined();
  });
});

describe("the SQLite store under concurrent saves", () => {
  const dir = join(TMP_ROOT, `group-commit-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function contact(n: number): ContactInput {
    return {
      kind: "contact",
      name: `Visitor ${n}`,
      email: `visitor.${n}@example.com`,
      phone: "+919845012345",
      message: `Message ${n}`,
    };
  }

  it("acknowledges each save only after a WAL sync that began with its row committed", async () => {
    const path = join(dir, "blueberry.sqlite");
    // What another connection sees when each sync starts, and when each sync ends.
    const observer = () => new DatabaseSync(path, { readOnly: true });
    const syncs: { committedAtStart: Set<string>; done: boolean }[] = [];
    const database = openSqlite(path, undefined, async (walPath) => {
      expect(walPath).toBe(`${path}-wal`);
      const reader = observer();
      const rows = reader.prepare("SELECT email FROM submissions").all() as { email: string }[];
      reader.close();
      const entry = { committedAtStart: new Set(rows.map((row) => row.email)), done: false };
      syncs.push(entry);
      await sleep(3);
      entry.done = true;
    });
    const store = createStore(database);
    await store.migrate();
    try {
      const acknowledgedAfter = new Map<string, boolean>();
      await Promise.all(
        Array.from({ length: 120 }, async (_, n) => {
          const input = contact(n);
          await store.save(input, ["company_notification", "applicant_confirmation"]);
          // Covered: a finished sync that started with this row already committed.
          acknowledgedAfter.set(
            input.email,
            syncs.some((s) => s.done && s.committedAtStart.has(input.email)),
          );
        }),
      );
      expect([...acknowledgedAfter.values()].filter((covered) => !covered)).toEqual([]);
      expect(acknowledgedAfter.size).toBe(120);
      // Grouped: far fewer syncs than saves.
      expect(syncs.length).toBeLessThan(60);
      const all = await store.list();
      expect(all).toHaveLength(120);
      const reader = observer();
      const pending = reader.prepare("SELECT count(*) AS n FROM outbox WHERE status = 'pending'").get() as {
        n: number;
      };
      reader.close();
      expect(pending.n, "two mails queued per submission").toBe(240);
    } finally {
      await store.close();
    }
  });
});
