/**
 * The build fixes the retention periods its privacy notice states (BUILD_DIR/settings.json);
 * the server refuses to start with others, and a bare purge deletes exactly when the
 * notice says. Needs a built site (BUILD_DIR, default `build`) made with the defaults.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBuiltSettings } from "../../common/settings.ts";
import { openStore } from "../../server/submissions/store.ts";
import { startChild } from "../support/processes.ts";
import { applicationInput, contactInput } from "../unit/helpers/mail-fixtures.ts";
import { visibleText } from "./helpers/http.ts";
import { BUILD_DIR, freePort, NODE, removeDir, ROOT, spawnServer, startSite, tempDir } from "../support/site-server.ts";

const DAY = 86_400_000;

let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir("itest-settings");
});

afterAll(async () => {
  await removeDir(dataDir);
});

/** The periods the built privacy notice states, read from its text as a visitor reads it. */
function noticePeriods(): { contact: number; application: number } {
  const html = readFileSync(join(ROOT, BUILD_DIR, "client", "privacy", "index.html"), "utf8");
  const said = /Contact messages are deleted (\d+) days after they arrive and job applications (\d+) days after/.exec(
    visibleText(html),
  );
  if (!said) throw new Error(`the privacy notice in ${BUILD_DIR}/ states no retention periods`);
  return { contact: Number(said[1]), application: Number(said[2]) };
}

/** Only what a child process needs from this one, and the build under test. */
function childEnv(settings: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", BUILD_DIR, ...settings };
}

/** Starts the server with `settings` and waits for it to stop by itself (killed after 20 s). */
async function startExpectingRefusal(settings: Record<string, string>) {
  const port = String(await freePort());
  const server = spawnServer(
    childEnv({ HOST: "127.0.0.1", PORT: port, DATA_DIR: join(dataDir, "refused"), ...settings }),
  );
  const timeout = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
  const { code } = await server.exited;
  clearTimeout(timeout);
  return { code, stderr: server.stderr(), stdout: server.stdout() };
}

/** `npm run submissions -- <args>` against a SQLite file in `dir`, with only these settings. */
async function submissionsCli(dir: string, settings: Record<string, string>, ...args: string[]) {
  const cli = startChild(NODE, ["server/cli/submissions.ts", ...args], {
    cwd: ROOT,
    env: childEnv({ DATA_DIR: dir, ...settings }),
  });
  const { code } = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

describe("the build's retention periods", () => {
  it("the build recorded the defaults (365 and 180 days) in settings.json, and the notice states them", () => {
    const built = readBuiltSettings(join(ROOT, BUILD_DIR));
    expect(built?.retentionDays).toEqual({ contact: 365, application: 180 });
    expect(noticePeriods()).toEqual(built?.retentionDays);
  });

  it.each([
    ["RETENTION_APPLICATION_DAYS", "90", "180"],
    ["RETENTION_CONTACT_DAYS", "30", "365"],
  ])(
    "the server refuses to start with %s=%s: exit 1 naming the variable, both values and what to do",
    async (name, asked, built) => {
      const run = await startExpectingRefusal({ [name]: asked });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain("Invalid environment:");
      expect(run.stderr).toContain(`${name}: is ${asked}, but the site in ${BUILD_DIR}/ was built with ${built}`);
      expect(run.stderr).toContain(`its privacy notice says ${built} days`);
      expect(run.stderr).toContain(`Set ${name}=${built}, or build again with ${name}=${asked} (npm run build).`);
      // Refused before listening or opening the store, and without a stack trace.
      expect(run.stdout).not.toContain("listening");
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(dataDir, "refused"))).toBe(false);
    },
  );

  it("the server starts when the variables repeat the build's values (RETENTION_CONTACT_DAYS=365, RETENTION_APPLICATION_DAYS=180)", async () => {
    const site = await startSite({ env: { RETENTION_CONTACT_DAYS: "365", RETENTION_APPLICATION_DAYS: "180" } });
    try {
      expect((await fetch(`${site.origin}/healthz`)).status).toBe(200);
    } finally {
      await site.stop();
    }
  });

  it("a bare purge deletes exactly what the notice says has expired: one day past each period goes, one day short stays", async () => {
    const dir = await tempDir("itest-settings-purge");
    const store = await openStore({ sqlitePath: join(dir, "blueberry.sqlite") });
    try {
      const days = noticePeriods();
      const at = (n: number) => new Date(Date.now() - n * DAY);
      const keptContact = (await store.save(contactInput(), [], at(days.contact - 1))).id;
      const goneContact = (await store.save(contactInput(), [], at(days.contact + 1))).id;
      const keptApplication = (await store.save(applicationInput(), [], at(days.application - 1))).id;
      const goneApplication = (await store.save(applicationInput(), [], at(days.application + 1))).id;

      const run = await submissionsCli(dir, {}, "purge");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("Deleted 2 submission(s)");
      const left = (await store.list({ limit: 10 })).map((s) => s.id).sort();
      expect(left).toEqual([keptContact, keptApplication].sort());
      expect(left).not.toContain(goneContact);
      expect(left).not.toContain(goneApplication);
    } finally {
      await store.close();
      await removeDir(dir);
    }
  });

  it("a bare purge with RETENTION_APPLICATION_DAYS=90 against that build: exit 2 naming the variable, nothing deleted", async () => {
    const dir = await tempDir("itest-settings-purge");
    const store = await openStore({ sqlitePath: join(dir, "blueberry.sqlite") });
    try {
      const old = (await store.save(applicationInput(), [], new Date(Date.now() - 120 * DAY))).id;
      const run = await submissionsCli(dir, { RETENTION_APPLICATION_DAYS: "90" }, "purge");
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("RETENTION_APPLICATION_DAYS: is 90, but the site in");
      expect(run.stdout).not.toContain("Deleted");
      expect((await store.list({ limit: 10 })).map((s) => s.id)).toEqual([old]);
    } finally {
      await store.close();
      await removeDir(dir);
    }
  });
});
