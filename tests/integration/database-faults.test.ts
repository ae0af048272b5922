/**
 * The site when its database misbehaves (decision 0016): a SQLite file locked by
 * another process, a PostgreSQL table locked by another session, a PostgreSQL that stops
 * answering (a TCP forwarder in between stops passing data: the real server is shared),
 * a database dropped and made again empty, and a database not reachable at start.
 * Whatever happens, a visitor hears back within 5 s with their input kept, and the
 * health checks tell the truth.
 */
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { APPLY_UPLOAD_FAILURE } from "../../app/forms/application/messages.ts";
import { CONTACT_FAILURE } from "../../app/forms/contact/messages.ts";
import { survivingDroppedConnections } from "../../server/submissions/dialects.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { Store } from "../../server/submissions/store-types.ts";
import { freePort, spawnServer } from "../support/site-server.ts";
import { hasExited, waitUntilAnswering } from "../support/processes.ts";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy.ts";
import { applicationFields, contactFields } from "./helpers/forms.ts";
import { type Answer, pdfBytes, postApplication, postContact, send, until, visibleText } from "./helpers/http.ts";
import { createSchema, PG_URL, postgresAvailable, type ThrowawaySchema } from "./helpers/postgres.ts";
import { logText } from "./helpers/log-lines.ts";
import { baseEnv, removeDir, type Site, startSite, tempDir } from "../support/site-server.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** The longest a visitor waits for an answer (decision 0016); the limits below are the defaults (2 s each). */
const VISITOR_PATIENCE_MS = 5000;

async function timed(request: Promise<Answer>): Promise<Answer & { ms: number; at: number }> {
  const started = Date.now();
  const answer = await request;
  return { ...answer, ms: Date.now() - started, at: Date.now() };
}

/** The §8 failure on the form, with what the visitor typed still in it. */
function expectFailureWithInputKept(answer: Answer, failure: string, fields: Record<string, string>) {
  expect(answer.status).toBe(503);
  expect(visibleText(answer.body)).toContain(failure);
  expect(answer.body).toContain(`value="${fields.name}"`);
  expect(answer.body).toContain(`value="${fields.email}"`);
}

const health = async (site: { origin: string }, path: "/livez" | "/readyz" | "/healthz") => {
  const answer = await timed(send(`${site.origin}${path}`));
  return { ...answer, json: JSON.parse(answer.body) as Record<string, unknown> };
};

describe("SQLite", () => {
  let site: Site;
  let lock: DatabaseSync | null = null;

  beforeAll(async () => {
    // Mail to a closed port: it stays pending, so readiness has a backlog to report.
    site = await startSite({ env: { MAIL_TRANSPORT: "smtp", SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  });
  afterEach(() => {
    if (lock?.isOpen) {
      if (lock.isTransaction) lock.exec("ROLLBACK");
      lock.close();
    }
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("a file locked by another process: the post fails within 5 s with its input kept, and the site keeps answering meanwhile", async () => {
    lock = new DatabaseSync(site.sqlitePath);
    lock.exec("BEGIN IMMEDIATE");
    const fields = contactFields();
    const post = timed(postContact(site, fields));
    // node:sqlite waits for a lock by blocking the process; the store must wait without blocking.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const page = await timed(send(`${site.origin}/about`));
    const answer = await post;
    expect(page.status).toBe(200);
    expect(page.at).toBeLessThan(answer.at);
    expectFailureWithInputKept(answer, CONTACT_FAILURE, fields);
    expect(answer.ms).toBeLessThan(VISITOR_PATIENCE_MS);

    lock.exec("ROLLBACK");
    const again = await postContact(site, contactFields());
    expect(again.status).toBe(303);
  });

  it("/livez answers without the store; /readyz reports the schema and the oldest undelivered mail", async () => {
    const live = await health(site, "/livez");
    expect(live.status).toBe(200);
    expect(live.json).toEqual({ status: "ok" });
    const ready = await health(site, "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({ status: "ok", store: "sqlite" });
    const schema = ready.json.schema as { expected: number; applied: number };
    expect(schema.applied).toBe(schema.expected);
    const outbox = ready.json.outbox as { pending: number; oldestPendingSeconds: number | null };
    // The earlier test's accepted post: its mail cannot leave (SMTP is down).
    expect(outbox.pending).toBeGreaterThanOrEqual(1);
    expect(outbox.oldestPendingSeconds).toEqual(expect.any(Number));
    expect((await health(site, "/healthz")).json).toMatchObject({ status: "ok", outbox: { pending: outbox.pending } });
  });
});

describe("SQLite file deleted under the running server", () => {
  it("/readyz says so (503) while /livez still answers", async () => {
    const site = await startSite();
    try {
      expect((await health(site, "/readyz")).status).toBe(200);
      await removeDir(site.dataDir);
      const ready = await health(site, "/readyz");
      expect(ready.status).toBe(503);
      expect(String(ready.json.reason)).toMatch(/deleted/);
      expect((await health(site, "/livez")).status).toBe(200);
    } finally {
      await site.stop();
    }
  });
});

const pgReady = await postgresAvailable("database fault tests (database-faults.test.ts)");

/** A pg client on the test schema, for the "other session" that takes locks. */
async function otherSession(schema: ThrowawaySchema): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: schema.url });
  await client.connect();
  return client;
}

/** The schema's URL, reaching PostgreSQL through the forwarder instead. */
function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(proxy.port);
  return parsed.toString();
}

describe.skipIf(!pgReady)("PostgreSQL", () => {
  let schema: ThrowawaySchema;
  let site: Site;
  let session: pg.Client | null = null;

  beforeAll(async () => {
    schema = await createSchema("itest_dbfault");
    site = await startSite({ env: { DATABASE_URL: schema.url } });
  });
  afterEach(async () => {
    await session?.end().catch(() => {});
    session = null;
  });
  afterAll(async () => {
    await site?.stop();
    await schema?.drop();
  });

  it("a locked table: the application fails within 5 s with its input kept, then works once the lock is gone", async () => {
    session = await otherSession(schema);
    await session.query("BEGIN");
    // SHARE blocks inserts and lets reads through: an operator's long report, a migration.
    await session.query("LOCK TABLE cv_files IN SHARE MODE");
    const fields = applicationFields();
    const answer = await timed(postApplication(site, fields, "cv.pdf", pdfBytes()));
    expectFailureWithInputKept(answer, APPLY_UPLOAD_FAILURE, fields);
    expect(answer.ms).toBeLessThan(VISITOR_PATIENCE_MS);
    await session.query("ROLLBACK");
    expect((await postApplication(site, applicationFields(), "cv.pdf", pdfBytes())).status).toBe(303);
  });

  it("dropped and made again empty: /readyz answers 503 'schema missing', /livez still 200", async () => {
    expect((await health(site, "/readyz")).status).toBe(200);
    session = await otherSession(schema);
    await session.query(`DROP SCHEMA ${schema.schema} CASCADE`);
    await session.query(`CREATE SCHEMA ${schema.schema}`);
    const ready = await health(site, "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ status: "schema missing", schema: { applied: null } });
    expect((await health(site, "/livez")).status).toBe(200);
  });
});

describe.skipIf(!pgReady)("PostgreSQL: the outbox's own connections", () => {
  let schema: ThrowawaySchema;
  let site: Site;
  let store: Store;
  let session: pg.Client;

  beforeAll(async () => {
    schema = await createSchema("itest_dbshare");
    // Long limits, so the posts below hold every request connection for the whole test.
    site = await startSite({
      env: {
        DATABASE_URL: schema.url,
        DATABASE_STATEMENT_TIMEOUT_SECONDS: "30",
        DATABASE_ACQUIRE_TIMEOUT_SECONDS: "30",
      },
    });
    store = await openStore({ databaseUrl: schema.url, sqlitePath: "/nonexistent/unused.sqlite" });
    session = await otherSession(schema);
  });
  afterAll(async () => {
    await session?.end().catch(() => {});
    await store?.close();
    await site?.stop();
    await schema?.drop();
  });

  it("mail is delivered while visitors' posts hold every request connection", async () => {
    await session.query("BEGIN");
    await session.query("LOCK TABLE cv_files IN SHARE MODE");
    // More posts than the request pool has connections; each waits on the lock.
    const posts = Array.from({ length: 10 }, () =>
      postApplication(site, applicationFields(), "cv.pdf", pdfBytes()).then((a) => a.status),
    );
    // Watched from another session: inside its transaction, `session` sees one frozen snapshot of pg_stat_activity.
    const watcher = await otherSession(schema);
    try {
      await until("the posts to hold the request connections", async () => {
        const { rows } = await watcher.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'blueberry-site' AND wait_event_type = 'Lock'",
        );
        return Number(rows[0]?.n) >= 8 ? true : undefined;
      });
    } finally {
      await watcher.end();
    }
    // A contact message stored meanwhile (contact messages have no CV, so no lock stops them).
    const { id } = await store.save(
      { kind: "contact", name: "Ravi Kumar", email: "ravi@example.com", phone: "+919845012345", message: "Hello" },
      ["company_notification"],
    );
    await until(
      "the outbox to deliver the contact mail while the posts still wait",
      async () => ((await store.get(id))?.mail.sent === 1 ? true : undefined),
      15_000,
    );
    await session.query("ROLLBACK");
    expect(await Promise.all(posts)).toEqual(Array(10).fill(303));
  });
});

describe.skipIf(!pgReady)("PostgreSQL that stops answering (a forwarder in between stops passing data)", () => {
  let schema: ThrowawaySchema;
  let proxy: TcpProxy;
  let site: Site;

  beforeAll(async () => {
    schema = await createSchema("itest_dbstall");
    proxy = await startTcpProxy({
      host: new URL(PG_URL).hostname || "127.0.0.1",
      port: Number(new URL(PG_URL).port || 5432),
    });
    site = await startSite({ env: { DATABASE_URL: throughProxy(schema.url, proxy) } });
  });
  afterAll(async () => {
    proxy?.resume();
    await site?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  it("the post fails within 5 s with its input kept, readiness says unavailable, and both recover when it answers again", async () => {
    proxy.stall();
    const fields = contactFields();
    const answer = await timed(postContact(site, fields));
    expectFailureWithInputKept(answer, CONTACT_FAILURE, fields);
    expect(answer.ms).toBeLessThan(VISITOR_PATIENCE_MS);
    const ready = await health(site, "/readyz");
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(VISITOR_PATIENCE_MS);
    expect((await health(site, "/livez")).status).toBe(200);

    proxy.resume();
    // Connections abandoned while it was silent are not reused: the next posts go through.
    await until("the site to be ready again", async () =>
      (await health(site, "/readyz")).status === 200 ? true : undefined,
    );
    expect((await postContact(site, contactFields())).status).toBe(303);
  });
});

describe.skipIf(!pgReady)("PostgreSQL: connections it drops (a restart, pg_terminate_backend)", () => {
  it("a client dropped while checked out between queries is logged and replaced, not a crash", async () => {
    const reports: string[] = [];
    const pool = new pg.Pool({ connectionString: PG_URL, max: 1 });
    survivingDroppedConnections(pool, (message) => reports.push(message));
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
      await admin.end();
      // Unhandled, this error event would end the process (vitest reports it as uncaught).
      await until("the client's error to be reported", () => (reports.length > 0 ? true : undefined));
      expect(reports[0]).toMatch(/^connection error: terminating connection due to administrator command/);
      client.release(true);
      expect((await pool.query<{ one: number }>("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it("the server keeps running while PostgreSQL drops all its connections during a burst of posts", async () => {
    const schema = await createSchema("itest_dbdrop");
    const appName = `itest-drop-${process.pid}-${Date.now()}`;
    const url = new URL(schema.url);
    // Every connection of this server carries the name, so only its connections are dropped.
    url.searchParams.set("application_name", appName);
    const site = await startSite({ env: { DATABASE_URL: url.toString() } });
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const answers: number[] = [];
      let sent = 0;
      const visitor = async () => {
        while (sent < 60) {
          const n = sent++;
          if (n % 15 === 7)
            await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1", [
              appName,
            ]);
          answers.push((await postContact(site, contactFields())).status);
        }
      };
      await Promise.all([visitor(), visitor(), visitor(), visitor()]);
      // A post whose connection was dropped hears 503 (try again); none gets a broken connection.
      expect(answers.filter((status) => status !== 303 && status !== 503)).toEqual([]);
      expect((await send(`${site.origin}/livez`)).status).toBe(200);
      await until("the site to be ready again", async () =>
        (await send(`${site.origin}/readyz`)).status === 200 ? true : undefined,
      );
      expect((await postContact(site, contactFields())).status).toBe(303);
      expect(logText(site.stdout() + site.stderr())).not.toMatch(/Unhandled 'error' event/);
    } finally {
      await admin.end();
      await site.stop();
      await schema.drop();
    }
  });
});

describe("a database not reachable at start", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await removeDir(dir);
  });

  async function serverWith(env: Record<string, string>) {
    const dataDir = await tempDir("itest-dbstart");
    dirs.push(dataDir);
    const port = await freePort();
    return { proc: spawnServer({ ...baseEnv(port, dataDir), ...env }), origin: `http://127.0.0.1:${port}` };
  }

  const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

  it("never reachable: one line per attempt, then exit 1 with a clear message and no stack trace", async () => {
    const closed = await freePort();
    const { proc } = await serverWith({
      DATABASE_URL: `postgres://postgres:secret-password@127.0.0.1:${closed}/test`,
      DATABASE_START_TIMEOUT_SECONDS: "3",
    });
    const { code } = await proc.exited;
    const stderr = logText(proc.stderr());
    expect(code).toBe(1);
    expect(stderr).toMatch(
      new RegExp(`Database at PostgreSQL 127\\.0\\.0\\.1:${closed}/test not reachable \\(attempt 1\\)`),
    );
    expect(stderr).toMatch(/\(attempt 2\)/);
    expect(stderr).toMatch(/could not be reached within 3 s \(DATABASE_START_TIMEOUT_SECONDS\)/);
    expect(stderr).not.toContain("secret-password");
    noStackTrace(stderr);
  });

  it.skipIf(!pgReady)(
    "reachable after a while: the server waits for it, then serves",
    async () => {
      const proxy = await startTcpProxy(
        { host: "127.0.0.1", port: Number(new URL(PG_URL).port || 5432) },
        { start: false },
      );
      const schema = await createSchema("itest_dbstart");
      try {
        const { proc, origin } = await serverWith({ DATABASE_URL: throughProxy(schema.url, proxy) });
        await until("a second failed attempt", () => (/\(attempt 2\)/.test(proc.stderr()) ? true : undefined), 20_000);
        expect(hasExited(proc.child)).toBe(false);
        await proxy.listen();
        await waitUntilAnswering(proc, `${origin}/readyz`, "the site", 30_000);
        noStackTrace(logText(proc.stderr()));
        proc.child.kill("SIGTERM");
        await proc.exited;
      } finally {
        await proxy.close();
        await schema.drop();
      }
    },
    60_000,
  );

  it.skipIf(!pgReady)("a mistake waiting cannot fix (no such database): exit 1 at once, no retries", async () => {
    const url = new URL(PG_URL);
    url.pathname = "/no_such_database_for_blueberry";
    const { proc } = await serverWith({ DATABASE_URL: url.toString() });
    const { code } = await proc.exited;
    const stderr = logText(proc.stderr());
    expect(code).toBe(1);
    expect(stderr).toMatch(/could not be opened: database "no_such_database_for_blueberry" does not exist/);
    expect(stderr).not.toMatch(/attempt/);
    noStackTrace(stderr);
  });
});
