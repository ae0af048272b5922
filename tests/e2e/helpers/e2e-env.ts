/**
 * Where the browser tests' server keeps its state, shared by playwright.config.ts (which
 * starts the server with it), the global setup (which starts the SMTP server) and the
 * tests (which read what the server stored and mailed). Paths are absolute, from the
 * repository root, so every process agrees on them.
 *
 * E2E_STATE_DIR (default test-results, which Playwright empties at the start of a run)
 * and the free ports (the SMTP port here, the site's in playwright.config.ts) let two runs
 * on one machine keep out of each other's way.
 */
import { join, resolve } from "node:path";
import { portFromEnv, ROOT } from "../../support/processes.ts";

export const STATE_DIR = resolve(ROOT, process.env.E2E_STATE_DIR ?? "test-results");
/** The server's DATA_DIR: the SQLite file (and the file outbox, unused with SMTP). */
export const DATA_DIR = join(STATE_DIR, "e2e-data");
export const SQLITE_PATH = join(DATA_DIR, "blueberry.sqlite");
/** Every message the test SMTP server accepts, as <n>.eml with <n>.json (the envelope). */
export const SMTP_DIR = join(STATE_DIR, "e2e-smtp");
/**
 * The test SMTP server (started by the global setup) on 127.0.0.1: E2E_SMTP_PORT, or any
 * free port, chosen when the runner loads the config and inherited by its workers. The
 * global setup says so if a given port is taken.
 */
export const SMTP_PORT = portFromEnv("E2E_SMTP_PORT", { checkFree: false });
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
/** The PostgreSQL server for the store-failure test (trust auth, a throwaway schema). */
export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
