/**
 * Opens the submissions store the configuration asks for, migrated and ready:
 * PostgreSQL when `databaseUrl` is set, otherwise the SQLite file at `sqlitePath`.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { openPostgres, openSqlite, type StoreDatabase } from "./dialects.ts";
import { createStore } from "./kysely-store.ts";
import type { StoreOptions, SubmissionStore } from "../../common/submissions.ts";

export async function openStore(options: StoreOptions): Promise<SubmissionStore> {
  const url = options.databaseUrl?.trim();
  let database: StoreDatabase;
  if (url) {
    // A mistyped URL must stop the start, not quietly keep submissions on one replica's disk.
    if (!/^postgres(ql)?:\/\//i.test(url))
      throw new Error("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)");
    database = openPostgres(url, options.pgSchema);
  } else {
    // Owner-only when we create it: it will hold applicants' CVs.
    mkdirSync(dirname(options.sqlitePath), { recursive: true, mode: 0o700 });
    database = openSqlite(options.sqlitePath);
  }
  const store = createStore(database);
  try {
    await store.migrate();
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
  return store;
}
