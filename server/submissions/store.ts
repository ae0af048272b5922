/**
 * Opens the submissions store the configuration asks for, migrated and ready:
 * PostgreSQL when `databaseUrl` is set, otherwise the SQLite file at `sqlitePath`.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Env } from "../env.ts";
import { isBusy, isConnectionFailure } from "./db-errors.ts";
import { openPostgres, openSqlite, type StoreDatabase } from "./dialects.ts";
import { createStore } from "./kysely-store.ts";
import type { Store, StoreOptions } from "./store-types.ts";

export { DEFAULT_DATABASE_LIMITS } from "./dialects.ts";

/** The store the validated environment names: its database and time limits (no pool yet). */
export function storeOptionsFrom(env: Env): StoreOptions {
  return {
    databaseUrl: env.DATABASE_URL,
    sqlitePath: join(env.DATA_DIR, "blueberry.sqlite"),
    limits: {
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      acquireMs: env.DATABASE_ACQUIRE_TIMEOUT_SECONDS * 1000,
    },
  };
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const url = options.databaseUrl?.trim();
  let database: StoreDatabase;
  if (url) {
    // A mistyped URL must stop the start, not quietly keep submissions on one replica's disk.
    if (!/^postgres(ql)?:\/\//i.test(url))
      throw new Error("DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for SQLite)");
    database = openPostgres(url, { schema: options.pgSchema, limits: options.limits, pool: options.pool });
  } else {
    // Owner-only when we create it: it will hold applicants' CVs.
    mkdirSync(dirname(options.sqlitePath), { recursive: true, mode: 0o700 });
    database = openSqlite(options.sqlitePath, options.limits);
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

/** Thrown when the store could not be opened; its message is the whole story, no stack needed. */
export class StoreStartError extends Error {
  override name = "StoreStartError";
}

export interface StartRetry {
  /** Keep trying this long after the first attempt (0: one attempt, and the message says no more). */
  giveUpAfterMs: number;
  /** One line per failed attempt. */
  log: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * `openStore`, tried again with backoff (1 s, 2 s, 4 s … at most 10 s) while the database
 * cannot be reached yet, as when a whole stack starts at once and PostgreSQL is still
 * coming up. A mistake that waiting cannot fix (a wrong password, a missing database, a
 * migration error) fails at once. Either way the error is a StoreStartError that names
 * the database without its password.
 */
export async function openStoreWhenReachable(options: StoreOptions, retry: StartRetry): Promise<Store> {
  const sleep = retry.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const where = describeDatabase(options);
  const started = Date.now();
  for (let attempt = 1, wait = 1000; ; attempt++, wait = Math.min(wait * 2, 10_000)) {
    try {
      return await openStore(options);
    } catch (error) {
      const reason = errorSummary(error);
      if (!isWorthRetrying(error))
        throw new StoreStartError(`The submissions store at ${where} could not be opened: ${reason}`);
      const left = started + retry.giveUpAfterMs - Date.now();
      if (left <= 0) {
        // A single attempt (giveUpAfterMs 0, as the CLI asks) had no wait to report.
        const tried =
          retry.giveUpAfterMs > 0
            ? ` within ${Math.round(retry.giveUpAfterMs / 1000)} s (DATABASE_START_TIMEOUT_SECONDS), after ${attempt} attempt(s)`
            : "";
        throw new StoreStartError(
          `The database at ${where} could not be reached${tried}: ${reason}. ` +
            "Check DATABASE_URL and that the database server is running.",
        );
      }
      const pause = Math.min(wait, left);
      retry.log(
        `Database at ${where} not reachable (attempt ${attempt}): ${reason}; trying again in ${formatSeconds(pause)}.`,
      );
      await sleep(pause);
    }
  }
}

/** Host, port and database (or the SQLite path), never the credentials. */
export function describeDatabase(options: StoreOptions): string {
  const url = options.databaseUrl?.trim();
  if (!url) return `SQLite file ${options.sqlitePath}`;
  if (!URL.canParse(url)) return "DATABASE_URL";
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname || "localhost"}:${parsed.port || "5432"}${parsed.pathname || "/"}`;
}

/** The database cannot be reached yet (or the SQLite file is busy at start): waiting may help. */
function isWorthRetrying(error: unknown): boolean {
  return isConnectionFailure(error) || isBusy(error);
}

function errorSummary(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return errorSummary(error.errors[0]);
  const text = error instanceof Error ? error.message || error.name : String(error);
  const { code } = (error ?? {}) as { code?: unknown };
  const oneLine = text.replace(/\s+/g, " ").trim();
  return typeof code === "string" && !oneLine.includes(code) ? `${oneLine} (${code})` : oneLine;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
