/**
 * PostgreSQL for the integration tests: the local server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), one throwaway schema per use, reached by the
 * site through DATABASE_URL with `options=-c search_path=<schema>`. Unreachable: the
 * PostgreSQL tests are skipped with a warning naming why, unless REQUIRE_POSTGRES=1.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { PG_URL } from "../../support/postgres.ts";

export { PG_URL, postgresAvailable } from "../../support/postgres.ts";

export interface ThrowawaySchema {
  schema: string;
  /** DATABASE_URL for the site and the CLI: every connection uses the schema. */
  url: string;
  /** Rows in a table of the schema, read on a connection of its own. */
  count(table: "submissions" | "cv_files" | "outbox"): Promise<number>;
  /** The e-mail address of every stored submission. */
  emails(): Promise<string[]>;
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
    emails: () =>
      withClient(async (c) => {
        const { rows } = await c.query<{ email: string }>(`SELECT email FROM ${schema}.submissions`);
        return rows.map((row) => row.email);
      }),
    drop: () => withClient((c) => c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)).then(() => {}),
  };
}
