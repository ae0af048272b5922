/**
 * A wrong environment stops the server at start with exit code 1 and a message naming
 * every wrong variable, before it listens or opens a store.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAILJS_REQUIRED } from "../../server/env.ts";
import { BUILD_DIR, freePort, removeDir, spawnServer, tempDir } from "../support/site-server.ts";

let dataDir: string;

beforeAll(async () => {
  dataDir = await tempDir("itest-env");
});

afterAll(async () => {
  await removeDir(dataDir);
});

async function start(overrides: Record<string, string>) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    BUILD_DIR,
    DATA_DIR: join(dataDir, "data"),
    ...overrides,
  };
  const server = spawnServer(env);
  const timeout = setTimeout(() => server.child.kill("SIGKILL"), 20_000);
  const { code, signal } = await server.exited;
  clearTimeout(timeout);
  return { code, signal, stderr: server.stderr(), stdout: server.stdout() };
}

const WRONG = {
  PORT: { value: "abc", says: /PORT: .*(number|whole)/i },
  DATABASE_URL: { value: "mysql://x", says: /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\// },
  SMTP_URL: { value: "http://x", says: /SMTP_URL: must start with smtp:\/\/ or smtps:\/\// },
  ALLOWED_ORIGINS: { value: "notaurl", says: /ALLOWED_ORIGINS.*: each entry must be an origin/ },
  MAIL_TRANSPORT: { value: "pigeon", says: /MAIL_TRANSPORT: must be file, smtp or emailjs/ },
  EMAILJS_API_ORIGIN: { value: "https://api.emailjs.com/api", says: /EMAILJS_API_ORIGIN: must be an http\(s\) origin/ },
  LINK_SECRET: { value: "too-short-secret", says: /LINK_SECRET: must be at least 32 characters/ },
  CV_LINK_DAYS: { value: "0", says: /CV_LINK_DAYS: / },
  OUTBOX_RETRY_SECONDS: { value: "7200", says: /OUTBOX_RETRY_SECONDS: must be at most 3600/ },
} as const;

describe("starting the server with a wrong environment", () => {
  it("every wrong value of the table below at once (PORT=abc, DATABASE_URL=mysql://x, …): exit 1, stderr names each", async () => {
    const run = await start(Object.fromEntries(Object.entries(WRONG).map(([k, v]) => [k, v.value])));
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain("Invalid environment:");
    for (const { says } of Object.values(WRONG)) expect(run.stderr).toMatch(says);
    // Stopped before doing anything: no listening line, no store created.
    expect(run.stdout).not.toContain("listening");
    expect(existsSync(join(dataDir, "data"))).toBe(false);
    // A clear message, not a crash.
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  for (const [name, { value, says }] of Object.entries(WRONG)) {
    it.concurrent(`${name}=${value} alone: exit 1, stderr names ${name}`, async () => {
      const run = await start({ [name]: value });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(says);
      // Whole names at the start of a line ("MAIL_TRANSPORT:" ends in "PORT:").
      for (const other of Object.keys(WRONG))
        if (other !== name) expect(run.stderr).not.toMatch(new RegExp(`^\\s+${other}:`, "m"));
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });
  }
});

describe("starting the server without what the chosen mail transport needs", () => {
  it.concurrent("MAIL_TRANSPORT=emailjs without its settings: exit 1, one line for each of the six", async () => {
    const run = await start({ MAIL_TRANSPORT: "emailjs" });
    expect(run.code, run.stderr).toBe(1);
    // Its two keys, the service and the three templates the site sends with.
    expect(EMAILJS_REQUIRED).toHaveLength(6);
    for (const name of EMAILJS_REQUIRED) {
      expect(run.stderr).toContain(`  ${name}: must be set when MAIL_TRANSPORT=emailjs`);
    }
    expect(run.stdout).not.toContain("listening");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it.concurrent("MAIL_TRANSPORT=smtp without SMTP_URL: exit 1, naming both", async () => {
    const run = await start({ MAIL_TRANSPORT: "smtp" });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain("SMTP_URL: must be set when MAIL_TRANSPORT=smtp");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("starting the server with half of the editor's GitHub sign-in (docs/decisions/0052)", () => {
  it.concurrent(
    "CMS_OAUTH_CLIENT_SECRET without CMS_OAUTH_CLIENT_ID: exit 1, naming the id, never printing the secret",
    async () => {
      const secret = "0123456789abcdef0123456789abcdef01234567";
      const run = await start({ CMS_OAUTH_CLIENT_SECRET: secret });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain("  CMS_OAUTH_CLIENT_ID: must be set when CMS_OAUTH_CLIENT_SECRET is");
      expect(`${run.stdout}${run.stderr}`).not.toContain(secret);
      expect(run.stdout).not.toContain("listening");
    },
  );
});
