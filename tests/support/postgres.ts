/**
 * The local PostgreSQL that the store, integration and browser tests use:
 * TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test (trust auth on these
 * machines). When it is unreachable the PostgreSQL tests skip with a warning naming why,
 * unless REQUIRE_POSTGRES=1 (CI sets it), when they fail instead.
 */
import pg from "pg";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** The URL without its password, for messages. */
export function shownUrl(url = PG_URL): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(an unparsable database URL)";
  }
}

/** Null when PostgreSQL answers at `url`, else why not. */
export async function postgresProblem(url = PG_URL): Promise<string | null> {
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
  const problem = await postgresProblem(PG_URL);
  if (problem === null) return true;
  const where = `${shownUrl(PG_URL)} (${problem})`;
  if (process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`${what} cannot run: cannot connect to PostgreSQL at ${where}, and REQUIRE_POSTGRES=1`);
  console.warn(`${what} SKIPPED: cannot connect to PostgreSQL at ${where}; set TEST_DATABASE_URL`);
  return false;
}
