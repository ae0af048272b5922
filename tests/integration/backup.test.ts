/**
 * `npm run submissions -- backup` / `restore` as an operator runs them: a backup taken
 * while a real site server keeps taking posts, checked as SQLite sees it, then restored
 * into a fresh DATA_DIR that a new server and the CLI read back, CV bytes included. And
 * the refusals: no file, an existing target, the live file itself, a running server,
 * PostgreSQL; none leaves a half-written file behind.
 */
import { spawn } from "node:child_process";
import { readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it, vi } from "vitest";
import { applicationFields, contactFields } from "./helpers/forms.ts";
import { pdfBytes, postApplication, postContact, send } from "./helpers/http.ts";
import { NODE, removeDir, ROOT, startSite, tempDir } from "../support/site-server.ts";
import { openStore } from "../../server/submissions/store.ts";
import { contactInput } from "../unit/helpers/mail-fixtures.ts";

// Servers and CLI runs as processes on a busy machine: generous limits.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI with only the environment an operator's shell would give it. */
function cli(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const childEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env };
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ["server/cli/submissions.ts", ...args], { cwd: ROOT, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** What a backup file holds, read as SQLite itself sees it. */
function readBackup(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return {
      integrity: (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map(
        (r) => r.integrity_check,
      ),
      emails: new Set((db.prepare("SELECT email FROM submissions").all() as { email: string }[]).map((r) => r.email)),
      migrations: Number((db.prepare("SELECT count(*) AS n FROM schema_migrations").get() as { n: number }).n),
    };
  } finally {
    db.close();
  }
}

const mode = async (path: string) => (await stat(path)).mode & 0o777;

/**
 * Posts contact messages one after another (two at a time) until stopped, recording each
 * address the site acknowledged (303) with when the answer arrived.
 */
function keepPosting(site: { origin: string }) {
  const acknowledged: { email: string; at: number }[] = [];
  const failures: string[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const fields = contactFields();
      const answer = await postContact(site, fields);
      if (answer.status === 303) acknowledged.push({ email: fields.email as string, at: performance.now() });
      else failures.push(`${answer.status}: ${answer.body.slice(0, 200)}`);
    }
  };
  const workers = [worker(), worker()];
  return {
    acknowledged,
    failures,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function untilAcknowledged(loop: { acknowledged: unknown[] }, count: number) {
  const deadline = Date.now() + 60_000;
  while (loop.acknowledged.length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} posts acknowledged in 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("npm run submissions -- backup / restore on SQLite", () => {
  it("backs up while the server takes posts, then a restored DATA_DIR serves every acknowledged submission and the CV's exact bytes", async (test) => {
    const site = await startSite();
    const backupDir = await tempDir("itest-backup");
    const restoredDir = await tempDir("itest-restored");
    test.onTestFinished(async () => {
      await site.stop();
      await removeDir(backupDir);
      await removeDir(restoredDir);
    });

    const cv = pdfBytes(400_000);
    const application = applicationFields();
    expect((await postApplication(site, application, "Asha Rao CV.pdf", cv)).status).toBe(303);

    const loop = keepPosting(site);
    await untilAcknowledged(loop, 20);
    const backupFile = join(backupDir, "blueberry-backup.sqlite");
    const startedAt = performance.now();
    const acknowledgedBefore = loop.acknowledged.map((a) => a.email);
    const run = await cli({ DATA_DIR: site.dataDir }, "backup", backupFile);
    const finishedAt = performance.now();
    await untilAcknowledged(loop, loop.acknowledged.length + 5);
    await loop.stop();
    expect(run.code, run.stderr).toBe(0);
    expect(loop.failures).toEqual([]);
    // The server was acknowledging posts while the backup command ran.
    expect(loop.acknowledged.filter((a) => a.at > startedAt && a.at < finishedAt).length).toBeGreaterThan(0);

    const backup = readBackup(backupFile);
    expect(backup.integrity).toEqual(["ok"]);
    expect(backup.migrations).toBeGreaterThan(0);
    const missing = [application.email ?? "", ...acknowledgedBefore].filter((email) => !backup.emails.has(email));
    expect(missing).toEqual([]);
    expect(run.stdout).toContain(`${backup.emails.size} submission(s) (1 application(s)`);
    expect(run.stdout).toMatch(/integrity ok, in \d+\.\d+ s\./);
    expect(await mode(backupFile)).toBe(0o600);
    expect(await readdir(backupDir)).toEqual(["blueberry-backup.sqlite"]);

    // The disaster: the server is gone; the backup goes into a fresh DATA_DIR.
    await site.stop();
    const restore = await cli({ DATA_DIR: restoredDir }, "restore", backupFile, "--force");
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`${backup.emails.size} submission(s)`);
    expect(restore.stdout).toContain("Start the server now.");
    expect(await readdir(restoredDir)).toEqual(["blueberry.sqlite"]);
    expect(await mode(join(restoredDir, "blueberry.sqlite"))).toBe(0o600);

    const restored = await startSite({ dataDir: restoredDir });
    test.onTestFinished(() => restored.stop().then(() => undefined));
    const env = { DATA_DIR: restoredDir };
    const list = await cli(env, "list", "--limit", "10000");
    expect(list.code, list.stderr).toBe(0);
    const listed = list.stdout;
    expect(acknowledgedBefore.filter((email) => !listed.includes(`<${email}>`))).toEqual([]);
    const applicationLine = listed.split("\n").find((l) => l.includes(`<${application.email}>`));
    const applicationId = applicationLine?.split(/\s+/)[0] ?? "";
    const show = await cli(env, "show", applicationId);
    expect(show.code, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ email: application.email, cv: { size: cv.length } });
    const cvOut = join(restoredDir, "restored-cv.pdf");
    const cvRun = await cli(env, "cv", applicationId, "--out", cvOut);
    expect(cvRun.code, cvRun.stderr).toBe(0);
    expect((await readFile(cvOut)).equals(cv)).toBe(true);
    // The restored store takes new submissions.
    const after = contactFields();
    expect((await postContact(restored, after)).status).toBe(303);
    expect((await cli(env, "list")).stdout).toContain(`<${after.email}>`);
  });

  it("restore refuses while the server has the store open, and without --force; the live store is untouched", async (test) => {
    const site = await startSite();
    const backupDir = await tempDir("itest-backup-refuse");
    test.onTestFinished(async () => {
      await site.stop();
      await removeDir(backupDir);
    });
    const before = contactFields();
    expect((await postContact(site, before)).status).toBe(303);
    const backupFile = join(backupDir, "b.sqlite");
    expect((await cli({ DATA_DIR: site.dataDir }, "backup", backupFile)).code).toBe(0);
    const inode = (await stat(site.sqlitePath)).ino;
    const filesBefore = (await readdir(site.dataDir)).sort();

    const unforced = await cli({ DATA_DIR: site.dataDir }, "restore", backupFile);
    expect(unforced.code).toBe(2);
    expect(unforced.stderr).toContain("Stop the server first");
    expect(unforced.stderr).toContain("--force");

    const whileRunning = await cli({ DATA_DIR: site.dataDir }, "restore", backupFile, "--force");
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain("is in use");
    expect(whileRunning.stderr).toContain("stop the server");

    expect((await stat(site.sqlitePath)).ino).toBe(inode);
    expect((await readdir(site.dataDir)).sort()).toEqual(filesBefore);
    expect((await send(`${site.origin}/readyz`)).status).toBe(200);
    const later = contactFields();
    expect((await postContact(site, later)).status).toBe(303);
    expect((await cli({ DATA_DIR: site.dataDir }, "list")).stdout).toContain(`<${later.email}>`);
  });
});

describe("npm run submissions -- backup / restore: bad inputs", () => {
  async function seededDataDir(test: { onTestFinished(fn: () => Promise<void>): void }) {
    const dir = await tempDir("itest-backup-inputs");
    test.onTestFinished(() => removeDir(dir));
    const store = await openStore({ sqlitePath: join(dir, "data", "blueberry.sqlite") });
    await store.save(contactInput({ email: "kept@example.com" }), [], new Date());
    await store.close();
    return { dir, dataDir: join(dir, "data"), live: join(dir, "data", "blueberry.sqlite") };
  }

  it("no file argument: exit 2 with the usage text, for backup and restore", async (test) => {
    const { dataDir } = await seededDataDir(test);
    for (const command of ["backup", "restore"]) {
      const run = await cli({ DATA_DIR: dataDir }, command);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${command} needs`);
      expect(run.stderr).toContain("Usage: npm run submissions -- <command>");
    }
  });

  it("an existing target is kept unless --force, which replaces it with a whole backup; no temporary file is left", async (test) => {
    const { dir, dataDir } = await seededDataDir(test);
    const target = join(dir, "existing.sqlite");
    await writeFile(target, "yesterday's backup");
    const refused = await cli({ DATA_DIR: dataDir }, "backup", target);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("already exists; add --force");
    expect(await readFile(target, "utf8")).toBe("yesterday's backup");
    expect((await readdir(dir)).sort()).toEqual(["data", "existing.sqlite"]);

    const forced = await cli({ DATA_DIR: dataDir }, "backup", target, "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(readBackup(target)).toMatchObject({ integrity: ["ok"], emails: new Set(["kept@example.com"]) });
    expect((await readdir(dir)).sort()).toEqual(["data", "existing.sqlite"]);
  });

  it("a target that is the live file or SQLite's file beside it is refused; the store is untouched", async (test) => {
    const { dir, dataDir, live } = await seededDataDir(test);
    const before = await readFile(live);
    // Also through a symbolic link elsewhere that points at the live file.
    const link = join(dir, "link.sqlite");
    await symlink(live, link);
    for (const target of [live, `${live}-wal`, link]) {
      const run = await cli({ DATA_DIR: dataDir }, "backup", target, "--force");
      expect(run.code, target).toBe(2);
      expect(run.stderr).toContain("is the live store's own file");
    }
    expect((await readFile(live)).equals(before)).toBe(true);
    expect(await readdir(dataDir)).toEqual(["blueberry.sqlite"]);
  });

  it("no store yet: backup exits 1 and creates nothing", async (test) => {
    const dir = await tempDir("itest-backup-empty");
    test.onTestFinished(() => removeDir(dir));
    const run = await cli({ DATA_DIR: join(dir, "data") }, "backup", join(dir, "b.sqlite"));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No SQLite store at");
    expect(await readdir(dir)).toEqual([]);
  });

  it("restore from a file that is not a submissions store, or is damaged, exits 1 and leaves the live store as it was", async (test) => {
    const { dir, dataDir, live } = await seededDataDir(test);
    const notSqlite = join(dir, "notes.txt");
    await writeFile(notSqlite, "this is not a database ".repeat(200));
    const otherDb = join(dir, "other.sqlite");
    const other = new DatabaseSync(otherDb);
    other.exec("CREATE TABLE things (x)");
    other.close();
    const damaged = join(dir, "damaged.sqlite");
    expect((await cli({ DATA_DIR: dataDir }, "backup", damaged)).code).toBe(0);
    const bytes = await readFile(damaged);
    bytes.fill(0xff, 4096, 8192); // the second page, overwritten
    await writeFile(damaged, bytes);

    const before = await readFile(live);
    for (const [file, says] of [
      [notSqlite, "SQLite database"],
      [otherDb, "not a submissions store"],
      [damaged, "malformed"],
    ] as const) {
      const run = await cli({ DATA_DIR: dataDir }, "restore", file, "--force");
      expect(run.code, file).toBe(1);
      expect(run.stderr).toContain("Restore failed, the store at");
      expect(run.stderr).toContain(says);
    }
    expect((await readFile(live)).equals(before)).toBe(true);
    expect(await readdir(dataDir)).toEqual(["blueberry.sqlite"]);
  });

  it("with DATABASE_URL (PostgreSQL) backup and restore exit 2 and give the pg_dump / pg_restore commands, writing nothing", async (test) => {
    const dir = await tempDir("itest-backup-pg");
    test.onTestFinished(() => removeDir(dir));
    const env = { DATA_DIR: join(dir, "data"), DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" };
    const backup = await cli(env, "backup", join(dir, "b.sqlite"));
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain(
      'pg_dump --format=custom --file=blueberry-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"',
    );
    expect(backup.stderr).toContain(
      'pg_restore --clean --if-exists --no-owner --exit-on-error --single-transaction --dbname="$DATABASE_URL"',
    );
    const restore = await cli(env, "restore", join(dir, "b.sqlite"), "--force");
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain("pg_restore");
    expect(await readdir(dir)).toEqual([]);
  });
});
