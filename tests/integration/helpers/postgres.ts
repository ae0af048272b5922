/**
 * PostgreSQL for the integration tests: the local server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), one throwaway schema per use, reached by the
 * site through DATABASE_URL with `options=-c search_path=<schema>`. Unreachable: the
 * PostgreSQL tests are skipped with a warning naming why, unless REQUIRE_POSTGRES=1.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable TEST_DATABASE_URL)";
  }
}

async function problemWith(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Whether the PostgreSQL tests of `what` can run. Unreachable: warns (naming the URL and
 * the error) and returns false, or throws when REQUIRE_POSTGRES=1.
 */
export async function postgresAvailable(what: string): Promise<boolean> {
  const problem = await problemWith(PG_URL);
  if (problem === null) return true;
  const where = `${shownUrl(PG_URL)} (${problem})`;
  if (process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`${what} cannot run: cannot connect to PostgreSQL at ${where}, and REQUIRE_POSTGRES=1`);
  console.warn(`${what} SKIPPED: cannot connect to PostgreSQL at ${where}; set TEST_DATABASE_URL`);
  return false;
}

export interface ThrowawaySchema {
  schema: string;
  /** DATABASE_URL for the site and the CLI: every connection uses the schema. */
  url: string;
  /** Rows in a table of the schema, read on a connection of its own. */
  count(table: "submissions" | "cv_files" | "outbox"): Promise<number>;
  drop(): Promise<void>;
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function createSchema(prefix = "itest"): Promise<ThrowawaySchema> {
  const schema = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withClient((c) => c.query(`CREATE SCHEMA ${schema}`));
  const url = new URL(PG_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    schema,
    // URLSearchParams writes spaces as "+", which pg's parser keeps; spell them %20.
    url: url.toString().replace(/\+/g, "%20"),
    count: (table) =>
      withClient(async (c) => {
        const { rows } = await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.${table}`);
        return Number(rows[0]?.n ?? 0);
      }),
    drop: () => withClient((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)).then(() => {}),
  };
}
