/**
 * Where the browser tests' server keeps its state, shared by playwright.config.ts (which
 * starts the server with it), the global setup (which starts the SMTP server) and the
 * tests (which read what the server stored and mailed). Paths are absolute, from the
 * repository root, so every process agrees on them.
 *
 * E2E_STATE_DIR (default test-results, which Playwright empties at the start of a run)
 * and E2E_SMTP_PORT let two runs on one machine keep out of each other's way.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const STATE_DIR = resolve(ROOT, process.env.E2E_STATE_DIR ?? "test-results");
/** The server's DATA_DIR: the SQLite file (and the file outbox, unused with SMTP). */
export const DATA_DIR = join(STATE_DIR, "e2e-data");
export const SQLITE_PATH = join(DATA_DIR, "blueberry.sqlite");
/** Every message the test SMTP server accepts, as <n>.eml with <n>.json (the envelope). */
export const SMTP_DIR = join(STATE_DIR, "e2e-smtp");
/** The test SMTP server (started by the global setup) on 127.0.0.1. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
/** The PostgreSQL server for the store-failure test (trust auth, a throwaway schema). */
export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The project's own Node 24 (the `node` devDependency), else the one running us. */
export const NODE_BIN = existsSync(join(ROOT, "node_modules/.bin/node"))
  ? join(ROOT, "node_modules/.bin/node")
  : process.execPath;
