/**
 * A throwaway schema on a PostgreSQL of this machine for a benchmark, dropped by the
 * clean-up registry when the benchmark ends or is interrupted. Other hosts are refused:
 * a benchmark must never write into a real database.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { shownUrl } from "../../tests/support/postgres.ts";
import { BenchError, onCleanUp } from "./processes.ts";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Creates `<prefix>_<random>` at `url` and returns its name. */
export async function throwawayBenchSchema(url: string, prefix: string): Promise<string> {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new BenchError(`The PostgreSQL URL is not a URL: ${shownUrl(url)}`);
  }
  if (!LOOPBACK.has(host))
    throw new BenchError(
      `The benchmark only connects to this machine; the PostgreSQL URL names ${host}. Use a 127.0.0.1 database.`,
    );
  const schema = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    throw new BenchError(
      `Cannot connect to PostgreSQL at ${shownUrl(url)}: ${error instanceof Error ? error.message : error}`,
    );
  }
  await admin.query(`CREATE SCHEMA "${schema}"`);
  onCleanUp(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });
  return schema;
}
