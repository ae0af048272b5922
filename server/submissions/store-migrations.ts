/**
 * The numbered SQL migrations of each dialect, read from `./migrations/<dialect>/` beside
 * this module (`NNN_name.sql`), and the two runners that apply them in version order, each
 * file in its own transaction together with its `schema_migrations` row. Why these and not
 * Kysely's migrator: docs/decisions/0013-one-query-layer-for-the-store-with-kysely.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { DatabaseSync } from "node:sqlite";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Tables } from "./tables.ts";

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const FILE = /^(\d+)_([a-z0-9_]+)\.sql$/;

export function loadMigrations(dialect: "sqlite" | "postgres"): Migration[] {
  const dir = new URL(`./migrations/${dialect}/`, import.meta.url);
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir)) {
    const match = FILE.exec(file);
    if (!match) {
      // A misnamed .sql file would silently never run.
      if (file.endsWith(".sql")) throw new Error(`Migration ${dialect}/${file} must be named NNN_name.sql`);
      continue;
    }
    migrations.push({
      version: Number(match[1]),
      name: match[2] as string,
      sql: readFileSync(new URL(file, dir), "utf8"),
    });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version)
      throw new Error(`Two ${dialect} migrations share version ${migrations[i]?.version}`);
  }
  return migrations;
}

/**
 * The migrations still to apply, given what `schema_migrations` records. An applied
 * version whose file now has another name means someone renamed an applied migration:
 * stop rather than guess. Applied versions with no file (a newer deploy's) are ignored,
 * so an older release can still start during a rollback.
 */
export function pendingMigrations(
  all: readonly Migration[],
  applied: ReadonlyMap<number, string>,
  dialect: string,
): Migration[] {
  for (const m of all) {
    const name = applied.get(m.version);
    if (name !== undefined && name !== m.name)
      throw new Error(
        `${dialect} migration ${m.version} was applied as "${name}" but the file is now "${m.name}"; ` +
          "never rename or edit an applied migration, add a new number instead",
      );
  }
  return all.filter((m) => !applied.has(m.version));
}

/**
 * SQLite: synchronous on the raw connection, so nothing else in this process runs in
 * between. `exec`, because a prepared statement would silently run only a file's first
 * statement. BEGIN IMMEDIATE makes another process wait at the start of the file.
 */
export function migrateSqlite(db: DatabaseSync): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = () =>
    new Map(
      (db.prepare("SELECT version, name FROM schema_migrations").all() as { version: number; name: string }[]).map(
        (row) => [row.version, row.name],
      ),
    );
  for (const migration of pendingMigrations(loadMigrations("sqlite"), applied(), "sqlite")) {
    db.exec("BEGIN IMMEDIATE");
    try {
      // Checked again under the write lock: another process may have just applied it.
      if (!applied().has(migration.version)) {
        db.exec(migration.sql);
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
          migration.version,
          migration.name,
          new Date().toISOString(),
        );
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
}

/**
 * PostgreSQL: an advisory lock per schema serialises replicas that start at once; the
 * schema (when one is configured) is created under it if missing.
 */
export async function migratePostgres(db: Kysely<Tables>, schema: string | undefined): Promise<void> {
  const lock = (trx: Transaction<Tables>) =>
    sql`SELECT pg_advisory_xact_lock(hashtext(${`blueberry.migrate:${schema ?? ""}`}))`.execute(trx);
  const applied = async (trx: Transaction<Tables>) => {
    const { rows } = await sql<{ version: number; name: string }>`SELECT version, name FROM schema_migrations`.execute(
      trx,
    );
    return new Map(rows.map((row) => [row.version, row.name]));
  };

  const pending = await db.transaction().execute(async (trx) => {
    await lock(trx);
    if (schema) {
      // Checked first: CREATE SCHEMA IF NOT EXISTS still needs CREATE on the database.
      const found = await sql`SELECT 1 FROM pg_namespace WHERE nspname = ${schema}`.execute(trx);
      if (found.rows.length === 0) await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(trx);
    }
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL
    )`.execute(trx);
    return pendingMigrations(loadMigrations("postgres"), await applied(trx), "postgres");
  });
  for (const migration of pending) {
    await db.transaction().execute(async (trx) => {
      await lock(trx);
      if ((await applied(trx)).has(migration.version)) return;
      // Without parameters, so pg sends it as a simple query: a file may hold several statements.
      await sql.raw(migration.sql).execute(trx);
      await sql`INSERT INTO schema_migrations (version, name, applied_at)
        VALUES (${migration.version}, ${migration.name}, now())`.execute(trx);
    });
  }
}
