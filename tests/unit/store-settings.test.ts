/**
 * The store's `settings` table (migration 002): `getOrCreateSetting` is insert-if-absent on
 * both backends, so processes racing at start agree on one value (the generated
 * LINK_SECRET, server/signed-links.ts). SQLite in a temp file; PostgreSQL in a throwaway
 * schema (skipped with a warning when unreachable, unless REQUIRE_POSTGRES=1).
 */
import { randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { linkSecretFrom } from "../../server/signed-links.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store, StoreOptions } from "../../server/submissions/store-types.ts";
import { PG_URL, postgresAvailable } from "../support/postgres.ts";

const TMP = fileURLToPath(new URL("../.tmp/", import.meta.url));
const pgReady = await postgresAvailable("PostgreSQL settings tests (store-settings.test.ts)");

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sqliteOptions(): StoreOptions {
  const dir = join(TMP, `settings-${randomUUID()}`);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { sqlitePath: join(dir, "blueberry.sqlite") };
}

function postgresOptions(): StoreOptions {
  const schema = `settings_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  cleanups.push(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await admin.end();
    }
  });
  return { databaseUrl: PG_URL, sqlitePath: join(TMP, "unused", "x.sqlite"), pgSchema: schema };
}

async function opened(options: StoreOptions, count: number): Promise<Store[]> {
  // Opened at once: they race through the migrations as replicas starting together do.
  const stores = await Promise.all(Array.from({ length: count }, () => openStore(options)));
  cleanups.push(() => Promise.all(stores.map((s) => s.close())).then(() => {}));
  return stores;
}

const backends = [
  { name: "SQLite", options: sqliteOptions, skip: false },
  { name: "PostgreSQL", options: postgresOptions, skip: !pgReady },
];

for (const { name, options, skip } of backends) {
  describe.skipIf(skip)(`settings on ${name}`, () => {
    it("the first value stored for a key is kept; later ones get it back", async () => {
      const [store] = await opened(options(), 1);
      if (!store) throw new Error("no store");
      expect(await store.getOrCreateSetting("link_secret", "first-value")).toBe("first-value");
      expect(await store.getOrCreateSetting("link_secret", "second-value")).toBe("first-value");
      expect(await store.getOrCreateSetting("other_key", "other")).toBe("other");
    });

    it("several processes offering different values at the same moment all get one of them", async () => {
      const stores = await opened(options(), 4);
      const offered = stores.map((_, i) => `candidate-${i}-${randomUUID()}`);
      const got = await Promise.all(stores.map((s, i) => s.getOrCreateSetting("race_key", offered[i] as string)));
      expect(new Set(got).size).toBe(1);
      expect(offered).toContain(got[0]);
    });

    it("two processes without LINK_SECRET share one generated secret", async () => {
      const [a, b] = await opened(options(), 2);
      if (!a || !b) throw new Error("no store");
      const [first, second] = await Promise.all([linkSecretFrom(a, undefined), linkSecretFrom(b, undefined)]);
      expect(first).toBe(second);
      expect(first.length).toBeGreaterThanOrEqual(32);
    });

    it("keeps settings through a purge and a delete of every submission", async () => {
      const [store] = await opened(options(), 1);
      if (!store) throw new Error("no store");
      await store.getOrCreateSetting("link_secret", "kept");
      await store.purge({ contact: new Date("9999-01-01T00:00:00Z"), application: new Date("9999-01-01T00:00:00Z") });
      await store.deleteByEmail("anyone@example.com");
      expect(await store.getOrCreateSetting("link_secret", "new")).toBe("kept");
    });

    it.each([
      ["an upper-case key", "Link_Secret", "v"],
      ["an empty key", "", "v"],
      ["a key with a space", "link secret", "v"],
      ["a value with NUL", "link_secret", "a\0b"],
    ])("refuses %s", async (_, key, value) => {
      const [store] = await opened(options(), 1);
      if (!store) throw new Error("no store");
      await expect(store.getOrCreateSetting(key, value)).rejects.toThrow(RangeError);
    });
  });
}

it("PostgreSQL settings leave nothing on the local disk", () => {
  expect(existsSync(join(TMP, "unused"))).toBe(false);
});
