/**
 * Opens the submissions store the configuration asks for, migrated and ready:
 * PostgreSQL when `databaseUrl` is set, otherwise the SQLite file at `sqlitePath`.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createPostgresStore } from "./postgres-store.ts";
import { createSqliteStore } from "./sqlite-store.ts";
import type { StoreOptions, SubmissionStore } from "./types.ts";

export async function openStore(options: StoreOptions): Promise<SubmissionStore> {
  const url = options.databaseUrl?.trim();
  let store: SubmissionStore;
  if (url) {
    // A mistyped URL must stop the start, not quietly keep submissions on one replica's disk.
    if (!/^postgres(ql)?:\/\//i.test(url))
      throw new Error("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)");
    store = createPostgresStore(url, options.pgSchema);
  } else {
    // Owner-only when we create it: it will hold applicants' CVs.
    mkdirSync(dirname(options.sqlitePath), { recursive: true, mode: 0o700 });
    store = createSqliteStore(options.sqlitePath);
  }
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
