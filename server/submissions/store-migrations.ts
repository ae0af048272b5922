/**
 * The numbered SQL migrations of each dialect, read from `./migrations/<dialect>/` beside
 * this module: `NNN_name.sql`, applied in version order, each in its own transaction.
 */
import { readdirSync, readFileSync } from "node:fs";

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
