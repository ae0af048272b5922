/** The local PostgreSQL for tests: is it there, and a throwaway schema in it. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { PG_URL } from "./e2e-env.ts";

export { postgresProblem, shownUrl } from "../../support/postgres.ts";

export interface Schema {
  name: string;
  /** DATABASE_URL for a server that must work in this schema only. */
  databaseUrl: string;
  /** A connection of the test's own, beside the server's. */
  client: pg.Client;
  drop(): Promise<void>;
}

/** Creates an empty schema with a random name; `drop()` removes it and everything in it. */
export async function throwawaySchema(prefix: string, url = PG_URL): Promise<Schema> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  await client.query(`CREATE SCHEMA "${name}"`);
  const separator = url.includes("?") ? "&" : "?";
  const databaseUrl = `${url}${separator}options=${encodeURIComponent(`-c search_path=${name}`)}`;
  return {
    name,
    databaseUrl,
    client,
    async drop() {
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      } finally {
        await client.end().catch(() => {});
      }
    },
  };
}
