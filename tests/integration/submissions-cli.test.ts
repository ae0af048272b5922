/**
 * The submissions tool (what `npm run submissions -- …` runs) against a store the test
 * filled through `openStore().save(...)`: a SQLite file in DATA_DIR, and PostgreSQL
 * through DATABASE_URL (a throwaway schema; skipped with a warning when PostgreSQL is
 * unreachable, unless REQUIRE_POSTGRES=1). Each command runs in this process through the
 * entry point's own function (server/cli/run.ts), with only the settings it is given and
 * its stdout and stderr lines kept; the entry point itself runs as a separate process
 * where what is checked is the process (its exit code, its streams, its start-up time).
 */
import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, type TestContext } from "vitest";
import { runSubmissionsCommand } from "../../server/cli/run.ts";
import { openStore } from "../../server/submissions/store.ts";
import type { SubmissionInput } from "../../common/submissions.ts";
import type { MailKind, Store } from "../../server/submissions/store-types.ts";
import { applicationInput, contactInput, pdfCv } from "../unit/helpers/mail-fixtures.ts";
import { createSchema, postgresAvailable } from "./helpers/postgres.ts";
import { freePort, NODE, ROOT, removeDir, tempDir } from "../support/site-server.ts";

const DAY = 86_400_000;
const USAGE = "Usage: npm run submissions -- <command>";
const CSV_HEADER =
  '"id","kind","created_at","name","email","phone","job","message","comment","cv_file","cv_size","consent_at","privacy_version","mail_pending"';

const pgReady = await postgresAvailable("PostgreSQL half of the submissions CLI tests (submissions-cli.test.ts)");

interface Backend {
  /** Environment for the CLI, and a store on the same data for the test. */
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Store>;
  tearDown(): Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dataDir = await tempDir("itest-cli");
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    open: () => openStore({ sqlitePath: join(dataDir, "blueberry.sqlite") }),
    tearDown: () => removeDir(dataDir),
  };
}

async function postgresBackend(): Promise<Backend> {
  const dataDir = await tempDir("itest-cli-pg");
  const schema = await createSchema("itest_cli");
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: schema.url },
    dataDir,
    open: () => openStore({ databaseUrl: schema.url, sqlitePath: join(dataDir, "unused.sqlite") }),
    async tearDown() {
      await schema.drop();
      await removeDir(dataDir);
    },
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Only what the tool needs: no RETENTION_* or MAIL_* from the parent, so defaults apply. */
const settingsOf = (backend: Backend) => ({
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  ...backend.env,
});

/** One command, run in this process as the entry point runs it. */
async function cli(backend: Backend, ...args: string[]): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await runSubmissionsCommand(args, settingsOf(backend), {
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}

/** One command as an operator runs it: `node server/cli/submissions.ts …`, a process of its own. */
function cliProcess(backend: Backend, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ["server/cli/submissions.ts", ...args], { cwd: ROOT, env: settingsOf(backend) });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else if (ch !== "\r") cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const ago = (ms: number) => new Date(Date.now() - ms);

/** A Node stack frame ("    at run (file:///…:163:32)"): what an operator must never be shown. */
const noStackTrace = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

const backends = [
  { name: "SQLite (DATA_DIR)", make: sqliteBackend, skip: false },
  { name: "PostgreSQL (DATABASE_URL)", make: postgresBackend, skip: !pgReady },
];

for (const { name, make, skip } of backends) {
  // Each test has a store of its own, so they run at once (the CLI runs are processes:
  // the second core works while the test process waits).
  describe.skipIf(skip).concurrent(`npm run submissions on ${name}`, () => {
    /** A fresh, empty store for one test, closed and removed when the test ends. */
    async function fresh(test: TestContext) {
      const backend = await make();
      const store = await backend.open();
      // The test's own hook: with concurrent tests the global one may pick another test.
      test.onTestFinished(async () => {
        await store.close();
        await backend.tearDown();
      });
      return {
        backend,
        store,
        seed: async (input: SubmissionInput, now = new Date(), mails: readonly MailKind[] = []) =>
          (await store.save(input, mails, now)).id,
        ids: async () => (await store.list({ limit: 1000 })).map((s) => s.id).sort(),
      };
    }

    it("list shows every row, newest first; --kind filters", async (test) => {
      const t = await fresh(test);
      const older = await t.seed(contactInput({ name: "Ravi Kumar" }), ago(2 * DAY));
      const newer = await t.seed(applicationInput({ name: "Asha Rao" }), ago(DAY), ["company_notification"]);
      const run = await cli(t.backend, "list");
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(newer);
      expect(lines[0]).toContain("Asha Rao <asha@example.com>");
      expect(lines[0]).toContain("1 mail pending");
      expect(lines[1]).toContain(older);
      expect(lines[1]).toContain("Ravi Kumar <ravi@example.com>");
      expect(run.stderr).toContain("2 submission(s).");

      const only = await cli(t.backend, "list", "--kind", "application");
      expect(only.code).toBe(0);
      expect(only.stdout.trim().split("\n")).toEqual([expect.stringContaining(newer)]);
    });

    it("show <id> prints one submission in full; an unknown id exits 1", async (test) => {
      const t = await fresh(test);
      const id = await t.seed(applicationInput({ name: "Asha Rao" }));
      const run = await cli(t.backend, "show", id);
      expect(run.code, run.stderr).toBe(0);
      const shown = JSON.parse(run.stdout);
      expect(shown).toMatchObject({
        id,
        kind: "application",
        name: "Asha Rao",
        email: "asha@example.com",
        phone: "+919845054321",
        // The fixture's stored data: no opening's file is read.
        jobSlug: applicationInput().jobSlug,
        privacyVersion: "2025-01",
        cv: { fileName: "Asha Rao CV.pdf", detectedType: "pdf" },
      });
      // Metadata only: the CV's bytes are not dumped on the terminal.
      expect(shown.cv.bytes).toBeUndefined();

      const missing = await cli(t.backend, "show", "00000000-0000-4000-8000-000000000000");
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("No submission with id 00000000-0000-4000-8000-000000000000");
    });

    it("export --csv has a header row, one record per submission, and defuses a name starting with '='", async (test) => {
      const t = await fresh(test);
      const formula = '=HYPERLINK("http://evil.example","click")';
      const evil = await t.seed(contactInput({ name: formula, email: "eve@example.com", message: 'a,b\n"quoted"' }));
      const at = await t.seed(contactInput({ name: "@SUM(A1:A9)", email: "at@example.com" }));
      const plain = await t.seed(applicationInput());
      const run = await cli(t.backend, "export", "--csv");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.split("\n")[0]).toBe(CSV_HEADER);
      const [header, ...records] = parseCsv(run.stdout);
      expect(header?.[3]).toBe("name");
      expect(records).toHaveLength(3);
      const byId = new Map(records.map((r) => [r[0], r]));
      expect(byId.get(evil)?.[3]).toBe(`'${formula}`);
      expect(byId.get(evil)?.[7]).toBe('a,b\n"quoted"');
      expect(byId.get(at)?.[3]).toBe("'@SUM(A1:A9)");
      expect(byId.get(plain)?.[3]).toBe("Asha Rao");
      // In the raw text the cell itself starts with '= (inside its quotes).
      expect(run.stdout).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(run.stderr).toContain("3 submission(s) exported.");
    });

    it("cv <id> --out <file> writes the CV's exact bytes", async (test) => {
      const t = await fresh(test);
      const cv = pdfCv("Asha_Rao_Resume.pdf");
      const id = await t.seed(applicationInput({ cv }));
      const out = join(t.backend.dataDir, "exported-cv.pdf");
      const run = await cli(t.backend, "cv", id, "--out", out);
      expect(run.code, run.stderr).toBe(0);
      expect((await readFile(out)).equals(Buffer.from(cv.bytes))).toBe(true);
      expect(run.stderr).toContain(cv.sha256);

      const contactId = await t.seed(contactInput());
      const none = await cli(t.backend, "cv", contactId, "--out", join(t.backend.dataDir, "none.pdf"));
      expect(none.code).toBe(1);
      expect(none.stderr).toContain(`No CV for submission ${contactId}`);
    });

    it("export --csv defuses cells starting with full-width ＝ ＋ － ＠, or with spaces before a formula character", async (test) => {
      const t = await fresh(test);
      // What a spreadsheet would run, and what it stores: a quote in front, nothing else changed.
      const defused = [
        '＝HYPERLINK("http://evil.example","click")',
        "＋1+2",
        "－1+2",
        "＠SUM(A1:A9)",
        "  =1+2",
        " ＝1+2",
        "\u3000＋1+2",
        "\u00a0-1+2",
        " @SUM(A1:A9)",
      ];
      const kept = ["Asha Rao", "  Ravi Kumar", "Ravi＝Kumar", "－"];
      const ids = new Map<string, string>();
      for (const [i, name] of [...defused, ...kept].entries())
        ids.set(name, await t.seed(contactInput({ name, email: `person${i}@example.com` })));
      const run = await cli(t.backend, "export", "--csv");
      expect(run.code, run.stderr).toBe(0);
      const byId = new Map(parseCsv(run.stdout).map((r) => [r[0], r]));
      for (const name of defused) expect(byId.get(ids.get(name))?.[3], JSON.stringify(name)).toBe(`'${name}`);
      for (const name of kept.slice(0, 3)) expect(byId.get(ids.get(name))?.[3], JSON.stringify(name)).toBe(name);
      // A lone full-width minus is still the start of a cell a spreadsheet would read as a formula.
      expect(byId.get(ids.get("－"))?.[3]).toBe("'－");
    });

    it("cv --out into a missing folder (missing/folder/cv.pdf) exits 2 naming the folder, without a stack trace", async (test) => {
      const t = await fresh(test);
      const id = await t.seed(applicationInput());
      const folder = join(t.backend.dataDir, "missing", "folder");
      const run = await cli(t.backend, "cv", id, "--out", join(folder, "cv.pdf"));
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(`The folder ${folder} does not exist: create it first.`);
      noStackTrace(run.stderr);
    });

    it("cv --out <new file> writes it owner-only (0600), with no temporary file left beside it", async (test) => {
      const t = await fresh(test);
      const id = await t.seed(applicationInput());
      const folder = join(t.backend.dataDir, "cvs");
      await mkdir(folder);
      const out = join(folder, "cv.pdf");
      const run = await cli(t.backend, "cv", id, "--out", out);
      expect(run.code, run.stderr).toBe(0);
      expect((await stat(out)).mode & 0o777).toBe(0o600);
      expect(await readdir(folder)).toEqual(["cv.pdf"]);
    });

    it("cv --out <existing file> refuses without --force (exit 2, file untouched); with --force replaces it, owner-only", async (test) => {
      const t = await fresh(test);
      const cv = pdfCv("Asha_Rao_Resume.pdf");
      const id = await t.seed(applicationInput({ cv }));
      const out = join(t.backend.dataDir, "existing.pdf");
      await writeFile(out, "someone else's file", { mode: 0o644 });

      const refused = await cli(t.backend, "cv", id, "--out", out);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim()).toBe(`${out} already exists; add --force to replace it (or pick a new name).`);
      expect(await readFile(out, "utf8")).toBe("someone else's file");

      const forced = await cli(t.backend, "cv", id, "--out", out, "--force");
      expect(forced.code, forced.stderr).toBe(0);
      expect((await readFile(out)).equals(Buffer.from(cv.bytes))).toBe(true);
      expect((await stat(out)).mode & 0o777).toBe(0o600);

      const folder = await cli(t.backend, "cv", id, "--out", t.backend.dataDir, "--force");
      expect(folder.code).toBe(2);
      expect(folder.stderr).toContain(`${t.backend.dataDir} is a folder; name the file to write`);
    });

    it("purge --older-than 180d deletes only submissions older than 180 days", async (test) => {
      const t = await fresh(test);
      const oldContact = await t.seed(contactInput(), ago(200 * DAY));
      const oldApplication = await t.seed(applicationInput(), ago(181 * DAY));
      const recentContact = await t.seed(contactInput(), ago(179 * DAY));
      const recentApplication = await t.seed(applicationInput(), ago(DAY));
      const run = await cli(t.backend, "purge", "--older-than", "180d");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Deleted 2 submission(s)");
      const left = await t.ids();
      expect(left).toEqual([recentContact, recentApplication].sort());
      expect(left).not.toContain(oldContact);
      expect(left).not.toContain(oldApplication);
      expect(await t.store.getCv(oldApplication)).toBeNull();
    });

    it("a bare purge applies the retention defaults (contact 365 d, application 180 d) and keeps old submissions whose mail is pending", async (test) => {
      const t = await fresh(test);
      const contact400 = await t.seed(contactInput(), ago(400 * DAY));
      const contact300 = await t.seed(contactInput(), ago(300 * DAY));
      const application200 = await t.seed(applicationInput(), ago(200 * DAY));
      const application100 = await t.seed(applicationInput(), ago(100 * DAY));
      // Old, but its notification never went out: it must stay.
      const pendingContact = await t.seed(contactInput(), ago(400 * DAY), ["company_notification"]);
      const pendingApplication = await t.seed(applicationInput(), ago(200 * DAY), [
        "company_notification",
        "applicant_confirmation",
      ]);
      // Old with its mail delivered: goes like any other.
      const sentContact = await t.seed(contactInput(), ago(366 * DAY), ["company_notification"]);
      const [sentMail] = (await t.store.pendingMail(new Date())).filter((m) => m.submissionId === sentContact);
      if (!sentMail) throw new Error("no outbox row to mark sent");
      await t.store.markMailSent(sentMail.id, new Date());

      const run = await cli(t.backend, "purge");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Deleted 3 submission(s)");
      expect(run.stdout).toContain("Kept 2 old submission(s) whose mail is not delivered yet.");
      const left = await t.ids();
      expect(left).toEqual([contact300, application100, pendingContact, pendingApplication].sort());
      for (const gone of [contact400, application200, sentContact]) expect(left).not.toContain(gone);
    });

    it("delete --email removes every submission from that address, case-insensitively", async (test) => {
      const t = await fresh(test);
      const a = await t.seed(contactInput({ email: "Asha.Rao@Example.com" }));
      const b = await t.seed(applicationInput({ email: "asha.rao@example.com" }));
      const other = await t.seed(contactInput({ email: "ravi@example.com" }));
      const run = await cli(t.backend, "delete", "--email", "ASHA.RAO@EXAMPLE.COM");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Deleted 2 submission(s) from ASHA.RAO@EXAMPLE.COM");
      expect(await t.ids()).toEqual([other]);
      expect(await t.store.get(a)).toBeNull();
      expect(await t.store.getCv(b)).toBeNull();
    });

    it("pending lists 70 young undelivered mails, oldest first, and exits 0: none is past the default 60 min", async (test) => {
      const t = await fresh(test);
      // An outage in progress: 70 mails from the last 55 minutes, saved in shuffled order.
      const ages = Array.from({ length: 70 }, (_, i) => ((i * 37) % 70) * 47_000 + 10_000);
      const submissions: { id: string; ageMs: number }[] = [];
      for (const ageMs of ages) {
        submissions.push({ id: await t.seed(contactInput(), ago(ageMs), ["company_notification"]), ageMs });
      }
      const run = await cli(t.backend, "pending");
      expect(run.code, run.stderr).toBe(0);
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(71);
      expect(lines.at(-1)).toBe("70 undelivered mail message(s); none older than 60 min");
      const listed = lines.slice(0, 70);
      const oldestFirst = submissions.toSorted((a, b) => b.ageMs - a.ageMs).map((s) => s.id);
      expect(listed.map((line) => /submission (\S+)/.exec(line)?.[1])).toEqual(oldestFirst);
      for (const line of listed) {
        expect(line).toMatch(/^waiting {2}[0-9a-f-]{36} {2}company_notification /);
        expect(line).toMatch(/ {2}age \d+ (s|min) .* {2}attempts 0 {2}next attempt \S+Z \(due\) {2}last error: none$/);
        expect(line).not.toContain("OVERDUE");
      }
    });

    it("pending marks the mails past the threshold OVERDUE and exits 1; --older-than moves the threshold", async (test) => {
      const t = await fresh(test);
      const twoHours = await t.seed(applicationInput(), ago(2 * 3_600_000 + 60_000), [
        "company_notification",
        "applicant_confirmation",
      ]);
      const ninetyMinutes = await t.seed(contactInput(), ago(90 * 60_000 + 10_000), ["company_notification"]);
      const threeMinutes = await t.seed(contactInput(), ago(3 * 60_000 + 10_000), ["company_notification"]);
      // The SMTP server has been refusing: the failures are what the operator needs to see.
      const retryAt = new Date(Date.now() + 20 * 60_000);
      for (const mail of await t.store.pendingMail(new Date())) {
        if (mail.submissionId === twoHours)
          await t.store.markMailFailed(mail.id, "connect ECONNREFUSED 127.0.0.1:25\n    at TCPConnectWrap", retryAt);
      }

      const run = await cli(t.backend, "pending");
      expect(run.code, run.stderr).toBe(1);
      const lines = run.stdout.trim().split("\n");
      expect(lines).toHaveLength(5);
      expect(lines[4]).toBe("4 undelivered mail message(s); 3 older than 60 min (exit 1)");
      const [first, second, third, fourth] = lines;
      for (const line of [first, second]) {
        expect(line).toMatch(/^OVERDUE /);
        expect(line).toContain(`submission ${twoHours}`);
        expect(line).toContain("age 2 h ");
        expect(line).toContain("attempts 1");
        expect(line).toContain(`next attempt ${retryAt.toISOString()} (in 19 min)`);
        expect(line).toMatch(/last error: connect ECONNREFUSED 127\.0\.0\.1:25 at TCPConnectWrap$/);
      }
      expect(`${first}\n${second}`).toContain("company_notification");
      expect(`${first}\n${second}`).toContain("applicant_confirmation");
      expect(third).toMatch(/^OVERDUE /);
      expect(third).toContain(`submission ${ninetyMinutes}`);
      expect(third).toContain("age 90 min ");
      expect(third).toContain("last error: none");
      expect(fourth).toMatch(/^waiting /);
      expect(fourth).toContain(`submission ${threeMinutes}`);
      expect(fourth).toContain("age 3 min ");

      const later = await cli(t.backend, "pending", "--older-than", "3h");
      expect(later.code, later.stderr).toBe(0);
      expect(later.stdout).not.toContain("OVERDUE");
      expect(later.stdout.trim().split("\n").at(-1)).toBe("4 undelivered mail message(s); none older than 3 h");

      const sooner = await cli(t.backend, "pending", "--older-than", "1m");
      expect(sooner.code).toBe(1);
      expect(sooner.stdout.match(/^OVERDUE /gm)).toHaveLength(4);
      expect(sooner.stdout).toContain("4 undelivered mail message(s); 4 older than 1 min (exit 1)");
    });

    it("pending with nothing undelivered says so and exits 0; delivered mail is not listed", async (test) => {
      const t = await fresh(test);
      const delivered = await t.seed(contactInput(), ago(3 * DAY), ["company_notification"]);
      await t.seed(contactInput(), ago(DAY));
      for (const mail of await t.store.pendingMail(new Date())) await t.store.markMailSent(mail.id, new Date());
      const run = await cli(t.backend, "pending");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe("No undelivered mail.\n");
      expect(run.stdout).not.toContain(delivered);
    });

    it("pending --older-than abc exits 2 with the usage text", async (test) => {
      const t = await fresh(test);
      const run = await cli(t.backend, "pending", "--older-than", "abc");
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain('"abc" is not a duration; write it like 180d, 12h or 30m.');
      expect(run.stderr).toContain(USAGE);
    });

    it("an unknown command (frobnicate) exits 2 with the usage text; so does no command", async (test) => {
      const t = await fresh(test);
      const [unknown, bare] = await Promise.all([cli(t.backend, "frobnicate"), cli(t.backend)]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('Unknown command "frobnicate".');
      expect(unknown.stderr).toContain(USAGE);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toContain(USAGE);
    });
  });
}

// Refusals that come before any store is read: one SQLite store is enough.
describe.concurrent("npm run submissions refuses bad input", () => {
  async function sqlite(test: TestContext): Promise<Backend> {
    const backend = await sqliteBackend();
    test.onTestFinished(() => backend.tearDown());
    return backend;
  }

  it("--help, -h and help print the usage on stdout and exit 0 (--help as a process of its own)", async (test) => {
    const backend = await sqlite(test);
    for (const args of [["--help"], ["-h"], ["help"], ["list", "--help"]]) {
      const run = await (args[0] === "--help" ? cliProcess : cli)(backend, ...args);
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0);
      expect(run.stdout.startsWith(USAGE), args.join(" ")).toBe(true);
      expect(run.stdout).toContain("cv <id> --out <file> [--force]");
      expect(run.stderr).toBe("");
    }
  });

  it("list --limit abc, 2.5, 0, 1e9 and 10001 exit 2 with one line naming --limit, without a stack trace", async (test) => {
    const backend = await sqlite(test);
    const values = ["abc", "2.5", "0", "1e9", "10001", ""];
    // The first as a process of its own: what an operator sees on the terminal.
    const runs = await Promise.all(
      values.map((value, i) => (i === 0 ? cliProcess : cli)(backend, "list", "--limit", value)),
    );
    for (const [i, run] of runs.entries()) {
      const value = values[i];
      expect(run.code, `--limit ${value}: ${run.stderr}`).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n")[0]).toBe(`--limit takes a whole number from 1 to 10000, not "${value}".`);
      expect(run.stderr).toContain(USAGE);
      noStackTrace(run.stderr);
    }
    const most = await cli(backend, "list", "--limit", "10000");
    expect(most.code, most.stderr).toBe(0);
  });

  it("list --limit -5 (and --limit=-5) says the number is wrong, not that the argument is ambiguous", async (test) => {
    const backend = await sqlite(test);
    for (const args of [["--limit", "-5"], ["--limit=-5"]]) {
      const run = await cli(backend, "list", ...args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr.split("\n")[0]).toBe('--limit takes a whole number from 1 to 10000, not "-5".');
      expect(run.stderr).not.toContain("ambiguous");
    }
  });

  it("an unreachable DATABASE_URL (a closed port) exits 1 within seconds with one line naming the database, no stack trace", async (test) => {
    const backend = await sqlite(test);
    const closed = await freePort();
    backend.env.DATABASE_URL = `postgres://postgres:secret-password@127.0.0.1:${closed}/test`;
    // "Within seconds" of starting: no retries and no connect timeout on top of what the
    // command takes to start, measured with the same command refused before it opens the database.
    const startedRefused = Date.now();
    expect((await cliProcess(backend, "list", "--limit", "abc")).code).toBe(2);
    const startup = Date.now() - startedRefused;
    const started = Date.now();
    const run = await cliProcess(backend, "list");
    expect(Date.now() - started, `the command itself takes ${startup} ms to start and stop`).toBeLessThan(
      startup + 4000,
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^The database at PostgreSQL 127\\.0\\.0\\.1:${closed}/test could not be reached: .*ECONNREFUSED.*\\. ` +
            "Check DATABASE_URL and that the database server is running\\.$",
        ),
      ),
    ]);
    expect(run.stderr).not.toContain("secret-password");
  });
});
