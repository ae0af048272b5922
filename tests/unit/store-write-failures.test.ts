/**
 * The store when its database cannot write, on real databases: what a failed save throws
 * and what readiness says (server/submissions/write-health.ts). SQLite is made full with
 * `max_page_count` (the same SQLITE_FULL a full disk gives; tests/integration/full-disk
 * fills a real volume) and read-only with `query_only`; PostgreSQL's disk full and
 * read-only errors are raised by triggers in a throwaway schema, since the server is
 * shared. Without PostgreSQL its half is skipped with a warning, unless REQUIRE_POSTGRES=1.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openSqlite, type StoreDatabase } from "../../server/submissions/dialects.ts";
import { createStore } from "../../server/submissions/kysely-store.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { ApplicationInput, ContactInput } from "../../common/submissions.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { PG_URL, postgresProblem, shownUrl } from "../support/postgres.ts";
import { TMP_ROOT } from "../support/temp-dirs.ts";

const T0 = new Date("2026-01-15T09:30:00.000Z");

function contact(): ContactInput {
  return {
    kind: "contact",
    name: "Ravi Kumar",
    email: `ravi.${randomUUID()}@example.com`,
    phone: "+919845012345",
    message: "We need a verification team.",
  };
}

/** An application with a CV of `size` random bytes: many pages of the file. */
function application(size = 100_000): ApplicationInput {
  const bytes = new Uint8Array(randomBytes(size));
  return {
    kind: "application",
    name: "Asha Rao",
    email: `asha.${randomUUID()}@example.com`,
    phone: "+447400123456",
    comment: null,
    jobSlug: "design-verification-engineer",
    jobTitle: "Design Verification Engineer",
    consent: { givenAt: T0, privacyVersion: "2025-11-01" },
    cv: {
      fileName: "cv.pdf",
      contentType: "application/pdf",
      detectedType: "pdf",
      size,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes,
    },
  };
}

describe("SQLite that cannot write", () => {
  const dir = join(TMP_ROOT, `store-write-failures-${randomUUID()}`);
  let database: StoreDatabase;
  let store: Store;
  const pragma = (text: string) => sql.raw(`PRAGMA ${text}`).execute(database.db);

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    database = openSqlite(join(dir, "blueberry.sqlite"));
    store = createStore(database);
    await store.migrate();
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("full: a save fails with SQLite's own error, not the failed ROLLBACK after it; readiness names it until a save commits", async () => {
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(database.db);
    // No room for another page: what a full disk does to the next write.
    await pragma(`max_page_count = ${rows[0]?.page_count}`);
    try {
      await expect(store.save(application(), ["company_notification"], T0)).rejects.toThrow(
        /^database or disk is full$/,
      );
      // The probe rewrites a row in a page the file already has: it still fits. The
      // refused save keeps the store unready anyway.
      const ready = await store.readiness();
      expect(ready.cannotWrite).toMatch(/^a write failed \d+ s ago: database or disk is full$/);
      expect(ready.schema.applied).toBe(ready.schema.expected);
    } finally {
      await pragma("max_page_count = 4294967294");
    }
    await store.save(contact(), ["company_notification"], T0);
    expect((await store.readiness()).cannotWrite).toBeNull();
  });

  it("read-only: readiness says so at its next check, and is ready again once it can write, without reopening", async () => {
    await pragma("query_only = ON");
    try {
      const ready = await store.readiness();
      expect(ready.cannotWrite).toBe("the store cannot write: attempt to write a readonly database");
      expect(ready.outbox.pending).toBeGreaterThanOrEqual(1);
    } finally {
      await pragma("query_only = OFF");
    }
    expect((await store.readiness()).cannotWrite).toBeNull();
  });
});

const pgProblem = await postgresProblem(PG_URL);
if (pgProblem !== null) {
  const where = `${shownUrl(PG_URL)} (${pgProblem})`;
  if (process.env.REQUIRE_POSTGRES === "1")
    throw new Error(`PostgreSQL write-failure tests cannot run: cannot connect to ${where}, and REQUIRE_POSTGRES=1`);
  console.warn(`PostgreSQL write-failure tests SKIPPED: cannot connect to ${where}; set TEST_DATABASE_URL`);
}

describe.skipIf(pgProblem !== null)("PostgreSQL that cannot write", () => {
  const schema = `store_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  let store: Store;
  let admin: pg.Client;

  /** Makes every INSERT into `table` fail with PostgreSQL's own error `code`, as the server itself would. */
  async function refuseInserts(table: string, code: string, message: string) {
    await admin.query(`CREATE FUNCTION "${schema}".refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '${message}' USING ERRCODE = '${code}'; END $$`);
    await admin.query(`CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON "${schema}".${table}
      FOR EACH ROW EXECUTE FUNCTION "${schema}".refuse()`);
  }
  const allowInserts = () => admin.query(`DROP FUNCTION IF EXISTS "${schema}".refuse() CASCADE`);

  beforeAll(async () => {
    store = await openStore({
      databaseUrl: PG_URL,
      sqlitePath: join(TMP_ROOT, `unused-${schema}`, "x.sqlite"),
      pgSchema: schema,
    });
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });
  afterEach(async () => {
    await allowInserts();
  });
  afterAll(async () => {
    await store?.close();
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });

  it("disk full on a save: it fails with PostgreSQL's error, and readiness names it though the probe's row still fits, until a save commits", async () => {
    expect((await store.readiness()).cannotWrite).toBeNull();
    await refuseInserts("submissions", "53100", 'could not extend file "base/16384/16390": No space left on device');
    await expect(store.save(contact(), ["company_notification"], T0)).rejects.toThrow(/No space left on device/);
    expect((await store.readiness()).cannotWrite).toMatch(
      /^a write failed \d+ s ago: could not extend file .*No space left/,
    );
    await allowInserts();
    await store.save(contact(), ["company_notification"], T0);
    expect((await store.readiness()).cannotWrite).toBeNull();
  });

  it("a server that refuses writes (read-only): readiness says so at its next check, and is ready once it writes again", async () => {
    await refuseInserts("readiness_probe", "25006", "cannot execute INSERT in a read-only transaction");
    const ready = await store.readiness();
    expect(ready.cannotWrite).toBe("the store cannot write: cannot execute INSERT in a read-only transaction");
    expect(ready.schema.applied).toBe(ready.schema.expected);
    await allowInserts();
    expect((await store.readiness()).cannotWrite).toBeNull();
  });

  it("a refused save that is not about storage (a timeout, one row) leaves it ready", async () => {
    await refuseInserts("submissions", "57014", "canceling statement due to statement timeout");
    await expect(store.save(contact(), ["company_notification"], T0)).rejects.toThrow(/statement timeout/);
    expect((await store.readiness()).cannotWrite).toBeNull();
  });
});
