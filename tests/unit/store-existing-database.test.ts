/**
 * Databases that already exist keep working: each is built here by hand, the way the
 * earlier hand-written stores left it (the migration files run as they are, recorded in
 * `schema_migrations`, and rows written with literal SQL in the stored formats), and then
 * opened with `openStore`. SQLite in a temp file; PostgreSQL in a throwaway schema
 * (skipped with a warning when unreachable, unless REQUIRE_POSTGRES=1).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../../server/submissions/store.ts";
import { loadMigrations } from "../../server/submissions/store-migrations.ts";
import type { StoreOptions } from "../../server/submissions/store-types.ts";
import { PG_URL, postgresAvailable } from "../support/postgres.ts";

const TMP = fileURLToPath(new URL("../.tmp/", import.meta.url));
const pgReady = await postgresAvailable("PostgreSQL existing-database tests (store-existing-database.test.ts)");

/** A database reached without the store: SQL text in, rows out. */
interface HandBuilt {
  options: StoreOptions;
  exec(sql: string): Promise<void>;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** A literal of these bytes in this dialect. */
  bytes(value: Buffer): string;
  /** `schema_migrations` exactly as the earlier runner created it. */
  migrationsTable: string;
  /** How the earlier runner stamped `applied_at`. */
  now: string;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sqliteDatabase(): Promise<HandBuilt> {
  const dir = join(TMP, `existing-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, "blueberry.sqlite");
  const db = new DatabaseSync(path, { timeout: 5000 });
  db.exec("PRAGMA journal_mode = WAL");
  return {
    options: { sqlitePath: path },
    exec: async (sql) => db.exec(sql),
    rows: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
    bytes: (value) => `X'${value.toString("hex")}'`,
    migrationsTable:
      "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
    now: `'${new Date().toISOString()}'`,
    close: async () => db.close(),
  };
}

async function postgresDatabase(): Promise<HandBuilt> {
  const schema = `existing_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`CREATE SCHEMA "${schema}"`);
  await client.query(`SET search_path = "${schema}"`);
  cleanups.push(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });
  return {
    options: { databaseUrl: PG_URL, sqlitePath: join(TMP, "unused", "x.sqlite"), pgSchema: schema },
    exec: async (sql) => void (await client.query(sql)),
    rows: async (sql) => (await client.query(sql)).rows,
    bytes: (value) => `'\\x${value.toString("hex")}'::bytea`,
    migrationsTable:
      "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)",
    now: "now()",
    close: () => client.end(),
  };
}

/** Runs the first `count` migration files by hand and records them as the earlier runner did. */
async function migrateByHand(db: HandBuilt, dialect: "sqlite" | "postgres", count: number): Promise<void> {
  await db.exec(db.migrationsTable);
  for (const migration of loadMigrations(dialect).slice(0, count)) {
    await db.exec(migration.sql);
    await db.exec(
      `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migration.version}, '${migration.name}', ${db.now})`,
    );
  }
}

const APPLICATION_ID = "6f1c2b0e-8d4a-4e57-9b1f-2a3c4d5e6f70";
const MAIL_ID = "0b9a8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d";
const CV = randomBytes(4096);
const cvMetadata = {
  fileName: "Asha_Rao_CV.pdf",
  contentType: "application/pdf",
  detectedType: "pdf",
  size: CV.byteLength,
  sha256: "a".repeat(64),
};

async function writeRowsByHand(db: HandBuilt): Promise<void> {
  await db.exec(`INSERT INTO submissions (id, kind, created_at, name, email, phone, message, comment,
      job_slug, job_title, consent_at, privacy_version)
    VALUES ('${APPLICATION_ID}', 'application', '2026-01-15T09:30:00.000Z', 'Asha Rao', 'asha.rao@example.com',
      '+447400123456', NULL, 'Five years of UVM.', 'design-verification-engineer', 'Design Verification Engineer',
      '2026-01-15T09:29:41.250Z', '2025-11-01')`);
  await db.exec(`INSERT INTO cv_files (submission_id, file_name, content_type, detected_type, size, sha256, bytes)
    VALUES ('${APPLICATION_ID}', 'Asha_Rao_CV.pdf', 'application/pdf', 'pdf', ${CV.byteLength},
      '${"a".repeat(64)}', ${db.bytes(CV)})`);
  await db.exec(`INSERT INTO outbox (id, submission_id, kind, status, attempts, created_at, next_attempt_at)
    VALUES ('${MAIL_ID}', '${APPLICATION_ID}', 'company_notification', 'pending', 0,
      '2026-01-15T09:30:00.000Z', '2026-01-15T09:30:00.000Z')`);
}

const backends = [
  { dialect: "sqlite" as const, open: sqliteDatabase, skip: false },
  { dialect: "postgres" as const, open: postgresDatabase, skip: !pgReady },
];

for (const { dialect, open, skip } of backends) {
  describe.skipIf(skip)(`a ${dialect} database made before the query builder`, () => {
    it("opens without migrating again; its rows, CV, mail and settings read back as written", async () => {
      const db = await open();
      await migrateByHand(db, dialect, loadMigrations(dialect).length);
      await writeRowsByHand(db);
      await db.exec(`INSERT INTO settings (key, value, created_at) VALUES ('link_secret', 'kept', ${db.now})`);
      const recorded = await db.rows("SELECT version, name, applied_at FROM schema_migrations ORDER BY version");

      const store = await openStore(db.options);
      try {
        expect(await db.rows("SELECT version, name, applied_at FROM schema_migrations ORDER BY version")).toEqual(
          recorded,
        );
        // Times stored as text (SQLite) or TIMESTAMPTZ, NULLs, the CV's metadata and mail counts.
        const stored = await store.get(APPLICATION_ID);
        expect(stored).toMatchObject({ createdAt: new Date("2026-01-15T09:30:00.000Z"), message: null });
        expect(stored?.consentAt).toEqual(new Date("2026-01-15T09:29:41.250Z"));
        expect([stored?.name, stored?.comment, stored?.jobSlug]).toEqual([
          "Asha Rao",
          "Five years of UVM.",
          "design-verification-engineer",
        ]);
        expect(stored?.cv).toEqual(cvMetadata);
        expect(stored?.mail).toEqual({ pending: 1, sent: 0 });
        expect(Buffer.from((await store.getCv(APPLICATION_ID))?.bytes ?? []).equals(CV)).toBe(true);
        const [mail] = await store.claimDueMail(new Date("2026-01-15T09:31:00.000Z"), 10, 60_000);
        expect(mail).toMatchObject({ id: MAIL_ID, submissionId: APPLICATION_ID, attempts: 0 });
        expect(await store.getOrCreateSetting("link_secret", "new")).toBe("kept");
        // Written by the store beside the hand-written row, both read back in order.
        const { id } = await store.save(
          { kind: "contact", name: "Ravi Kumar", email: "ravi@example.com", phone: "+919845012345", message: "Hi" },
          ["company_notification"],
          new Date("2026-01-16T09:30:00.000Z"),
        );
        expect((await store.list()).map((s) => s.id)).toEqual([id, APPLICATION_ID]);
      } finally {
        await store.close();
        await db.close();
      }
    });

    it("at migration 1 (an older release), gets migration 2 and nothing else", async () => {
      const db = await open();
      await migrateByHand(db, dialect, 1);
      await writeRowsByHand(db);
      const store = await openStore(db.options);
      try {
        const expected = loadMigrations(dialect).map(({ version, name }) => ({ version, name }));
        expect(await db.rows("SELECT version, name FROM schema_migrations ORDER BY version")).toEqual(expected);
        expect(await store.getOrCreateSetting("link_secret", "first")).toBe("first");
        expect((await store.get(APPLICATION_ID))?.mail).toEqual({ pending: 1, sent: 0 });
      } finally {
        await store.close();
        await db.close();
      }
    });

    it("refuses to start when an applied migration is recorded under another name (a renamed file)", async () => {
      const db = await open();
      await migrateByHand(db, dialect, loadMigrations(dialect).length);
      await db.exec("UPDATE schema_migrations SET name = 'renamed_settings' WHERE version = 2");
      try {
        await expect(openStore(db.options)).rejects.toThrow(/never rename or edit an applied migration/);
      } finally {
        await db.close();
      }
    });
  });
}
