/**
 * The two real backends a store test runs on: a SQLite file under tests/.tmp and a
 * throwaway schema on the local PostgreSQL (tests/support/postgres.ts). Rows are counted
 * beside the store, on a connection of the test's own, so "nothing left behind" is read
 * in the database itself.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, it } from "vitest";
import { openStore } from "../../../server/submissions/store.ts";
import type { Store } from "../../../server/submissions/store-types.ts";
import { PG_URL } from "../../support/postgres.ts";

export const TMP = fileURLToPath(new URL("../../.tmp/", import.meta.url));

export interface Backend {
  dialect: "sqlite" | "postgres";
  available: boolean;
  /** The SQLite file (SQLite only). */
  sqlitePath?: string;
  /** Opens a store on this backend's database, as another process or replica would. */
  open(): Promise<Store>;
  /** Rows in a table (optionally those matching a WHERE clause), on a connection of its own. */
  count(table: string, where?: string): Promise<number>;
  /** Empties the submissions, their CVs and the outbox. */
  reset(): Promise<void>;
  tearDown(): Promise<void>;
}

/** A SQLite file in a folder that does not exist yet: opening the store must create it. */
export function sqliteBackend(name: string): Backend {
  const dir = join(TMP, `${name}-${randomUUID()}`);
  const path = join(dir, "data", "blueberry.sqlite");
  let raw: DatabaseSync | undefined;
  const db = () => (raw ??= new DatabaseSync(path, { timeout: 5000 }));
  return {
    dialect: "sqlite",
    available: true,
    sqlitePath: path,
    open: () => openStore({ sqlitePath: path }),
    async count(table, where = "1 = 1") {
      return Number(db().prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get()?.n);
    },
    async reset() {
      db().exec("DELETE FROM outbox; DELETE FROM cv_files; DELETE FROM submissions;");
    },
    async tearDown() {
      raw?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A schema of its own on PostgreSQL; `available` false when the server cannot be reached. */
export function postgresBackend(name: string, available: boolean): Backend {
  const schema = `${name.replaceAll("-", "_")}_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  let raw: pg.Client | undefined;
  const query = async (text: string) => {
    if (!raw) {
      raw = new pg.Client({ connectionString: PG_URL });
      await raw.connect();
    }
    return raw.query(text);
  };
  return {
    dialect: "postgres",
    available,
    // The SQLite path must stay untouched in PostgreSQL mode.
    open: () =>
      openStore({ databaseUrl: PG_URL, sqlitePath: join(TMP, `unused-${schema}`, "x.sqlite"), pgSchema: schema }),
    async count(table, where = "1 = 1") {
      const { rows } = await query(`SELECT count(*)::int AS n FROM "${schema}".${table} WHERE ${where}`);
      return rows[0].n;
    },
    async reset() {
      await query(`TRUNCATE "${schema}".outbox, "${schema}".cv_files, "${schema}".submissions`);
    },
    async tearDown() {
      if (!available) return;
      await query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await raw?.end();
    },
  };
}

/**
 * Inside a `describe` for one backend: its store, opened before the tests and closed with
 * the backend after them (`store` forwards to it), and the test function to use, which
 * skips (never passes) when the backend is unreachable.
 */
export function storeOn(backend: Backend): { test: typeof it | typeof it.skip; store: Store } {
  let opened: Store | undefined;
  beforeAll(async () => {
    mkdirSync(TMP, { recursive: true });
    if (backend.available) opened = await backend.open();
  });
  afterAll(async () => {
    await opened?.close();
    await backend.tearDown();
  });
  const store = new Proxy({} as Store, {
    get(_, key) {
      if (!opened) throw new Error(`the ${backend.dialect} store is not open`);
      const value: unknown = Reflect.get(opened, key);
      return typeof value === "function" ? value.bind(opened) : value;
    },
  });
  return { test: backend.available ? it : it.skip, store };
}
